// Where the receipt printer's bytes go: a network printer's raw port (9100 by default), asked
// first for its paper (DLE EOT 4), or a printer the system knows by name, sent raw through its
// spooler (CUPS `lp -o raw`; Windows: the printer shared on this equipment, `copy /b` to its share,
// docs/CLIENT-DECISIONS.md "Receipt printer"). Every failure is one Spanish sentence that says
// what to check; nothing here blocks a sale (printing runs after the sale is stored).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import type { ThermalSettings } from '#shared/rpc/methods/print';

const DLE = 0x10;
const EOT = 0x04;
/** DLE EOT 4: the paper roll sensor's status. */
export const PAPER_STATUS = Buffer.from([DLE, EOT, 4]);
/** Bits 5 and 6 of the answer to DLE EOT 4: the paper has run out. */
const PAPER_END = 0x60;

export interface SendOptions {
  /** how long to wait for the printer to accept the connection and the bytes */
  timeoutMs?: number;
  /** how long to wait for an answer to the paper status (many printers never answer) */
  statusMs?: number;
  platform?: NodeJS.Platform;
}

export function printerFailure(message: string): AppError {
  return new AppError('printer_failed', message);
}

export async function sendToPrinter(settings: ThermalSettings, bytes: Buffer, options: SendOptions = {}): Promise<void> {
  if (settings.connection === 'network') return sendNetwork(settings.host, settings.port, bytes, options);
  if (settings.connection === 'system') return sendSystem(settings.queue, bytes, options.platform ?? process.platform);
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

function sendNetwork(host: string, port: number, bytes: Buffer, options: SendOptions): Promise<void> {
  const where = `${host}:${port}`;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const statusMs = options.statusMs ?? 700;
  return new Promise((resolve, reject) => {
    let settled = false;
    let phase: 'connecting' | 'status' | 'sending' = 'connecting';
    let statusTimer: NodeJS.Timeout | undefined;
    const socket: Socket = connect({ host, port });
    const finish = (error?: AppError) => {
      if (settled) return;
      settled = true;
      clearTimeout(statusTimer);
      if (error) {
        socket.destroy();
        reject(error);
      } else resolve();
    };
    socket.setTimeout(timeoutMs, () => finish(printerFailure(networkMessage(where, 'ETIMEDOUT'))));
    socket.on('error', (error: NodeJS.ErrnoException) => finish(printerFailure(networkMessage(where, error.code))));
    const send = () => {
      if (phase === 'sending') return;
      phase = 'sending';
      clearTimeout(statusTimer);
      socket.end(bytes, () => finish());
    };
    socket.on('data', (answer: Buffer) => {
      if (phase !== 'status') return;
      if ((answer[0]! & PAPER_END) === PAPER_END) {
        finish(printerFailure(`La impresora ${where} no tiene papel: cambie el rollo y vuelva a imprimir.`));
        return;
      }
      send();
    });
    socket.on('connect', () => {
      phase = 'status';
      socket.write(PAPER_STATUS);
      statusTimer = setTimeout(send, statusMs);
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
