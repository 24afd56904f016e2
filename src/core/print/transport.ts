// Where the receipt printer's bytes go: a network printer's raw port (9100 by default), asked
// first for its state (DLE EOT 1 to 4, printer-status.ts), or a printer the system knows by name,
// sent raw through its spooler (spooler.ts: CUPS `lp -o raw`; Windows: the printer shared on this
// equipment, `copy /b` to its share). Every failure is one Spanish
// sentence that says what to check; nothing here blocks a sale (printing runs after the sale is stored).
import { connect, type Socket } from 'node:net';
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
import { sendSystem } from './spooler';

export interface SendOptions {
  /** how long to wait for the printer to accept the connection and the bytes */
  timeoutMs?: number;
  /** how long to wait for each status answer (many printers never answer) */
  statusMs?: number;
  platform?: NodeJS.Platform;
  /** how long the system's spooler may take to accept a job */
  spoolMs?: number;
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
    await sendSystem(settings.queue, bytes, {
      platform: options.platform ?? process.platform,
      timeoutMs: options.spoolMs ?? 30_000,
    });
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
