// A receipt printer on loopback for tests: a TCP server on a free port, like a printer's raw port
// 9100, that keeps every job it receives and reads it back as a person would read the paper: the
// code page chosen (ESC t), each line of text decoded with it, bold and double size by line, the
// QR's payload (GS ( k), the raster images' sizes (GS v 0), the cut and the drawer pulse. It answers
// the real-time status queries (DLE EOT 1 to 4) sent ahead of a job from a state the test sets
// (cover open, out of paper, paper near its end, a jammed cutter, …), or never, as many printers.
import iconv from 'iconv-lite';
import { createServer, type Server, type Socket } from 'node:net';
import { waitUntil } from './wait';

const ENCODINGS: Record<number, string> = { 2: 'cp850', 16: 'windows1252', 19: 'cp858' };

export interface PrintedLine {
  text: string;
  bold: boolean;
  double: boolean;
  align: 'left' | 'center' | 'right';
}

export interface DecodedJob {
  /** ESC t n, as sent; null when the job never chose one */
  codePage: number | null;
  lines: PrintedLine[];
  qr: string[];
  images: { widthDots: number; height: number }[];
  /** each raster image's dots, as sent: a byte per 8 dots across, the leftmost in the high bit (parallel to `images`) */
  rasters: Buffer[];
  cuts: number;
  drawerPulses: { pin: number; onMs: number; offMs: number }[];
  statusQueries: number;
}

/** Reads ESC/POS bytes; an unknown command fails the test rather than being skipped. */
export function decodeEscPos(bytes: Buffer): DecodedJob {
  const job: DecodedJob = {
    codePage: null,
    lines: [],
    qr: [],
    images: [],
    rasters: [],
    cuts: 0,
    drawerPulses: [],
    statusQueries: 0,
  };
  let bold = false;
  let double = false;
  let align: PrintedLine['align'] = 'left';
  let text: number[] = [];
  const encoding = () => ENCODINGS[job.codePage ?? -1] ?? 'cp437';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      if (text.length > 0) job.lines.push({ text: iconv.decode(Buffer.from(text), encoding()), bold, double, align });
      text = [];
      i += 1;
    } else if (b === 0x1b) {
      const c = bytes[i + 1];
      if (c === 0x40) i += 2;
      else if (c === 0x74) {
        job.codePage = bytes[i + 2]!;
        i += 3;
      } else if (c === 0x45) {
        bold = bytes[i + 2] === 1;
        i += 3;
      } else if (c === 0x61) {
        align = (['left', 'center', 'right'] as const)[bytes[i + 2]!] ?? 'left';
        i += 3;
      } else if (c === 0x70) {
        job.drawerPulses.push({ pin: bytes[i + 2]!, onMs: bytes[i + 3]! * 2, offMs: bytes[i + 4]! * 2 });
        i += 5;
      } else throw new Error(`unknown ESC command 0x${c?.toString(16)} at ${i}`);
    } else if (b === 0x1d) {
      const c = bytes[i + 1];
      if (c === 0x21) {
        double = bytes[i + 2] === 0x11;
        i += 3;
      } else if (c === 0x56) {
        job.cuts += 1;
        i += bytes[i + 2]! >= 65 ? 4 : 3;
      } else if (c === 0x76 && bytes[i + 2] === 0x30) {
        const widthBytes = bytes[i + 4]! + bytes[i + 5]! * 256;
        const height = bytes[i + 6]! + bytes[i + 7]! * 256;
        job.images.push({ widthDots: widthBytes * 8, height });
        job.rasters.push(Buffer.from(bytes.subarray(i + 8, i + 8 + widthBytes * height)));
        i += 8 + widthBytes * height;
      } else if (c === 0x28 && bytes[i + 2] === 0x6b) {
        const length = bytes[i + 3]! + bytes[i + 4]! * 256;
        const fn = bytes[i + 6];
        if (fn === 0x50) job.qr.push(bytes.subarray(i + 8, i + 5 + length).toString('utf8'));
        i += 5 + length;
      } else throw new Error(`unknown GS command 0x${c?.toString(16)} at ${i}`);
    } else if (b === 0x10 && bytes[i + 1] === 0x04) {
      job.statusQueries += 1;
      i += 3;
    } else {
      text.push(b);
      i += 1;
    }
  }
  if (text.length > 0) job.lines.push({ text: iconv.decode(Buffer.from(text), encoding()), bold, double, align });
  return job;
}

export type PaperState = 'ok' | 'out' | 'silent';

/** What the printer is going through, as its status bytes tell it; all false: ready. */
export interface PrinterCondition {
  coverOpen: boolean;
  paperNearEnd: boolean;
  feedButton: boolean;
  cutterError: boolean;
  unrecoverableError: boolean;
  autoRecoverableError: boolean;
  recoverableError: boolean;
  /** the drawer connector's pin 3 high */
  drawerSignal: boolean;
}

export const READY: PrinterCondition = {
  coverOpen: false,
  paperNearEnd: false,
  feedButton: false,
  cutterError: false,
  unrecoverableError: false,
  autoRecoverableError: false,
  recoverableError: false,
  drawerSignal: false,
};

/** The byte a printer in `condition` answers to DLE EOT n (Epson's ESC/POS: bits 1 and 4 always set). */
export function statusByte(n: number, condition: PrinterCondition, paperOut: boolean): number {
  const c = condition;
  const error = c.cutterError || c.unrecoverableError || c.autoRecoverableError || c.recoverableError;
  const offline = c.coverOpen || paperOut || c.feedButton || error;
  const bits: Record<number, [boolean, number][]> = {
    1: [
      [c.drawerSignal, 0x04],
      [offline, 0x08],
      [c.feedButton, 0x40],
    ],
    2: [
      [c.coverOpen, 0x04],
      [c.feedButton, 0x08],
      [paperOut, 0x20],
      [error, 0x40],
    ],
    3: [
      [c.recoverableError, 0x04],
      [c.cutterError, 0x08],
      [c.unrecoverableError, 0x20],
      [c.autoRecoverableError, 0x40],
    ],
    4: [
      [c.paperNearEnd, 0x0c],
      [paperOut, 0x60],
    ],
  };
  return (bits[n] ?? []).reduce((byte, [on, mask]) => (on ? byte | mask : byte), 0x12);
}

export interface VirtualPrinter {
  port: number;
  /** every job received, one per connection, as bytes */
  jobs: Buffer[];
  /** the next job not yet taken, once its connection has closed (waits with a deadline) */
  takeRaw(): Promise<Buffer>;
  take(): Promise<DecodedJob>;
  /** the paper as the next status queries see it: there, run out, or no answer to any query */
  paper: PaperState;
  /** the rest of the printer's state for the next status queries */
  condition: PrinterCondition;
  /** how many status queries of a job it answers (a printer that knows only some of them) */
  answerLimit: number;
  close(): Promise<void>;
}

export async function startVirtualPrinter(): Promise<VirtualPrinter> {
  const sockets = new Set<Socket>();
  let taken = 0;
  const printer: VirtualPrinter = {
    port: 0,
    jobs: [],
    paper: 'ok',
    condition: { ...READY },
    answerLimit: Number.POSITIVE_INFINITY,
    takeRaw: async () => {
      const index = taken++;
      await waitUntil(
        () => printer.jobs.length,
        (n) => n > index,
        { what: `job ${index + 1} at the virtual printer` },
      );
      return printer.jobs[index]!;
    },
    take: async () => decodeEscPos(await printer.takeRaw()),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    let answered = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Status queries ahead of the job are answered one by one, as the printer's state says.
      const sofar = Buffer.concat(chunks);
      while (printer.paper !== 'silent' && answered < printer.answerLimit && sofar.length >= (answered + 1) * 3) {
        const at = answered * 3;
        if (sofar[at] !== 0x10 || sofar[at + 1] !== 0x04) break;
        socket.write(Buffer.from([statusByte(sofar[at + 2]!, printer.condition, printer.paper === 'out')]));
        answered += 1;
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      if (chunks.length > 0) printer.jobs.push(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  printer.port = typeof address === 'object' && address ? address.port : 0;
  return printer;
}
