// Where the receipt printer's bytes go: a network printer's raw port (9100 by default), asked
// first for its state (DLE EOT 1 to 4, printer-status.ts), or a printer the system knows by name,
// sent raw through its spooler (CUPS `lp -o raw`; Windows: the printer shared on this equipment,
// `copy /b` to its share, docs/CLIENT-DECISIONS.md "Receipt printer"). Every failure is one Spanish
// sentence that says what to check; nothing here blocks a sale (printing runs after the sale is stored).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import type { ThermalSettings } from '#shared/rpc/methods/print';
import {
  isStatusByte,
  readState,
  stateNotes,
  stateProblem,
  statusQuery,
  STATUS_QUERIES,
  type StatusAnswers,
} from './printer-status';

export interface SendOptions {
  /** how long to wait for the printer to accept the connection and the bytes */
  timeoutMs?: number;
  /** how long to wait for each status answer (many printers never answer) */
  statusMs?: number;
  platform?: NodeJS.Platform;
}

export function printerFailure(message: string): AppError {
  return new AppError('printer_failed', message);
}

/** What a print that went out has to say: notes on the printer's state (its paper about to run out). */
export interface Sent {
  notes: string[];
}

export async function sendToPrinter(settings: ThermalSettings, bytes: Buffer, options: SendOptions = {}): Promise<Sent> {
  if (settings.connection === 'network') return sendNetwork(settings.host, settings.port, bytes, options);
  if (settings.connection === 'system') {
    await sendSystem(settings.queue, bytes, options.platform ?? process.platform);
    return { notes: [] };
  }
  throw printerFailure('No hay impresora de tirilla configurada. Elíjala en Ajustes › Impresora.');
}

function networkMessage(where: string, code: string | undefined): string {
  if (code === 'ECONNREFUSED') {
    return `La impresora ${where} rechazó la conexión: revise que esté encendida y que el puerto sea el correcto (normalmente 9100).`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `No se encontró la impresora ${where} en la red: revise la IP o el nombre en Ajustes › Impresora.`;
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return `La impresora ${where} no se alcanza en la red: revise el cable o el wifi del equipo y de la impresora.`;
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return `La impresora ${where} cortó la conexión a mitad de la impresión: revise que tenga papel y vuelva a imprimir.`;
  }
  return `La impresora ${where} no responde: revise que esté encendida y conectada a la red, y vuelva a imprimir.`;
}

/**
 * Connects, asks the four states one after the other (each answer awaited up to `statusMs`; a
 * printer that leaves one unanswered is not asked the rest), refuses when the state keeps the ticket
 * from printing, and otherwise sends the ticket. Asked before the ticket only: a printer answers a
 * real-time query on receipt, before the bytes ahead of it have printed, so a query sent after the
 * ticket would say nothing about how the ticket came out.
 */
function sendNetwork(host: string, port: number, bytes: Buffer, options: SendOptions): Promise<Sent> {
  const where = `${host}:${port}`;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const statusMs = options.statusMs ?? 700;
  return new Promise((resolve, reject) => {
    let settled = false;
    let phase: 'connecting' | 'status' | 'sending' = 'connecting';
    let statusTimer: NodeJS.Timeout | undefined;
    let asking = 0;
    const answers: StatusAnswers = {};
    const socket: Socket = connect({ host, port });
    const finish = (error?: AppError) => {
      if (settled) return;
      settled = true;
      clearTimeout(statusTimer);
      if (error) {
        socket.destroy();
        reject(error);
      } else resolve({ notes: stateNotes(readState(answers)) });
    };
    socket.setTimeout(timeoutMs, () => finish(printerFailure(networkMessage(where, 'ETIMEDOUT'))));
    socket.on('error', (error: NodeJS.ErrnoException) => finish(printerFailure(networkMessage(where, error.code))));
    /** What was answered decides: a state that keeps the ticket from printing refuses it, anything else prints. */
    const decide = () => {
      if (phase !== 'status') return;
      phase = 'sending';
      clearTimeout(statusTimer);
      const problem = stateProblem(readState(answers), where);
      if (problem) {
        finish(printerFailure(problem));
        return;
      }
      socket.end(bytes, () => finish());
    };
    const ask = () => {
      socket.write(statusQuery(STATUS_QUERIES[asking]!));
      statusTimer = setTimeout(decide, statusMs);
    };
    socket.on('data', (answer: Buffer) => {
      for (const byte of answer) {
        if (phase !== 'status') return;
        clearTimeout(statusTimer);
        // Something that is not a status byte: this port does not speak status; stop asking.
        if (!isStatusByte(byte)) {
          decide();
          return;
        }
        answers[STATUS_QUERIES[asking]!] = byte;
        asking += 1;
        if (asking === STATUS_QUERIES.length) decide();
        else ask();
      }
    });
    socket.on('connect', () => {
      phase = 'status';
      ask();
    });
  });
}

function run(command: string, args: string[], input: Buffer | null): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'], windowsHide: true });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2_000)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stderr: stderr.trim() }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? undefined);
  });
}

async function sendSystem(queue: string, bytes: Buffer, platform: NodeJS.Platform): Promise<void> {
  if (platform === 'win32') return sendWindowsShare(queue, bytes);
  let result: { code: number; stderr: string };
  try {
    result = await run('lp', ['-d', queue, '-o', 'raw'], bytes);
  } catch {
    throw printerFailure(
      'Este equipo no tiene el sistema de impresión (CUPS, el programa «lp»). Instálelo, o configure la impresora por red (IP y puerto 9100).',
    );
  }
  if (result.code !== 0) {
    throw printerFailure(
      `El sistema de impresión no aceptó el trabajo para «${queue}»${result.stderr ? ` (${result.stderr})` : ''}. Revise el nombre de la impresora en Ajustes › Impresora y que esté encendida.`,
    );
  }
}

/** Windows without a native module: the printer shared on this equipment, its share written raw. */
async function sendWindowsShare(queue: string, bytes: Buffer): Promise<void> {
  const file = join(tmpdir(), `factura-desk-${randomUUID()}.bin`);
  await writeFile(file, bytes);
  try {
    const result = await run('cmd.exe', ['/d', '/c', 'copy', '/b', file, `\\\\localhost\\${queue}`], null).catch(() => ({
      code: 1,
      stderr: '',
    }));
    if (result.code !== 0) {
      throw printerFailure(
        `Windows no aceptó el trabajo para la impresora compartida «${queue}». Compártala con ese nombre (Propiedades de impresora › Compartir) o configúrela por red (IP y puerto 9100).`,
      );
    }
  } finally {
    await rm(file, { force: true });
  }
}
