// A printer the system knows by name, its bytes sent raw through the spooler: CUPS `lp -o raw` on
// Linux and macOS; on Windows, without a native module, the printer shared on this equipment,
// written raw with `copy /b FILE "\\localhost\SHARE"` (docs/CLIENT-DECISIONS.md "Receipt printer").
// The spooler only says whether it took the job: nothing of the printer's state comes back.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '#shared/rpc/errors';

export interface SpoolOptions {
  platform: NodeJS.Platform;
  /** how long the spooler may take to accept the job before the print is given up */
  timeoutMs: number;
  /** Windows: where the job's file is written (the system's temporary folder unless told) */
  tempDir?: string;
  /** Windows: the command interpreter (%ComSpec%, cmd.exe unless told) */
  comspec?: string;
}

function failure(message: string): AppError {
  return new AppError('printer_failed', message);
}

interface Spawned {
  command: string;
  args: string[];
  /** Windows: the arguments are the command line as written (cmd.exe does its own quoting) */
  verbatim?: boolean;
  cwd?: string;
}

type RunResult = { code: number; stderr: string } | { timedOut: true };

function run(spawned: Spawned, input: Buffer | null, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(spawned.command, spawned.args, {
      stdio: ['pipe', 'ignore', 'pipe'],
      windowsHide: true,
      windowsVerbatimArguments: spawned.verbatim === true,
      ...(spawned.cwd ? { cwd: spawned.cwd } : {}),
    });
    let stderr = '';
    // A spooler that never answers (a stuck queue, a share that hangs) must not keep the print open forever.
    const timer = setTimeout(() => {
      child.kill();
      resolve({ timedOut: true });
    }, timeoutMs);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2_000)));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stderr: stderr.trim() });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? undefined);
  });
}

const timedOutMessage = (queue: string) =>
  `El sistema de impresión no recibió el trabajo para «${queue}» a tiempo. Revise que la impresora esté encendida y que su cola no esté detenida, y vuelva a imprimir.`;

export async function sendSystem(queue: string, bytes: Buffer, options: SpoolOptions): Promise<void> {
  if (options.platform === 'win32') return sendWindowsShare(queue, bytes, options);
  let result: RunResult;
  try {
    result = await run({ command: 'lp', args: ['-d', queue, '-o', 'raw'] }, bytes, options.timeoutMs);
  } catch {
    throw failure(
      'Este equipo no tiene el sistema de impresión (CUPS, el programa «lp»). Instálelo, o configure la impresora por red (IP y puerto 9100).',
    );
  }
  if ('timedOut' in result) throw failure(timedOutMessage(queue));
  if (result.code !== 0) {
    throw failure(
      `El sistema de impresión no aceptó el trabajo para «${queue}»${result.stderr ? ` (${result.stderr})` : ''}. Revise el nombre de la impresora en Ajustes › Impresora y que esté encendida.`,
    );
  }
}

/**
 * Characters a share name cannot carry here: those Windows refuses in a share's name, and «%»,
 * which cmd.exe expands even between quotes.
 */
const UNSHAREABLE = /["/\\[\]:|<>+=;,?*%]/;

/**
 * `copy /b` of the job's file to the printer's share, as cmd.exe runs it. Built the way Node builds
 * its own `shell: true` on Windows (`/d /s /c "…"`, the line passed verbatim): cmd.exe strips the
 * outer quotes and reads the rest, where the two quoted paths keep spaces, accents, «&», «^» and
 * parentheses literal. Delayed expansion is off (`/v:off`), so «!» is literal too. The file is named
 * from the job's id alone and run from its folder, so the user's folder name never reaches the line.
 */
export function windowsCopyCommand(
  fileName: string,
  share: string,
  comspec = 'cmd.exe',
): Spawned & { args: [string, ...string[]] } {
  if (!/^[\w.-]+$/.test(fileName)) throw new Error(`unexpected job file name ${fileName}`);
  return {
    command: comspec,
    args: ['/d', '/v:off', '/s', '/c', `"copy /b "${fileName}" "\\\\localhost\\${share}""`],
    verbatim: true,
  };
}

async function sendWindowsShare(queue: string, bytes: Buffer, options: SpoolOptions): Promise<void> {
  const share = queue.trim();
  if (UNSHAREABLE.test(share)) {
    throw failure(
      `El nombre compartido «${share}» lleva caracteres que no sirven para imprimir por aquí (" / \\ [ ] : | < > + = ; , ? * %). Compártala con un nombre sin ellos (Propiedades de impresora › Compartir) y escríbalo en Ajustes › Impresora.`,
    );
  }
  const folder = options.tempDir ?? tmpdir();
  const fileName = `factura-desk-${randomUUID()}.bin`;
  const file = join(folder, fileName);
  try {
    await writeFile(file, bytes);
  } catch {
    await rm(file, { force: true }).catch(() => undefined);
    throw failure(
      'No se pudo preparar la impresión: la carpeta temporal de Windows no admite archivos (¿disco lleno?). Libere espacio y vuelva a imprimir.',
    );
  }
  try {
    const command = { ...windowsCopyCommand(fileName, share, options.comspec ?? process.env.ComSpec ?? 'cmd.exe'), cwd: folder };
    const result = await run(command, null, options.timeoutMs).catch(() => ({ code: 1, stderr: '' }));
    if ('timedOut' in result) throw failure(timedOutMessage(share));
    // copy's own words are in the console's code page and language: the shop gets ours.
    if (result.code !== 0) {
      throw failure(
        `Windows no aceptó el trabajo para la impresora compartida «${share}». Revise que esté compartida con ese nombre en este equipo (Propiedades de impresora › Compartir) y que «Compartir archivos e impresoras» esté activo, o configúrela por red (IP y puerto 9100).`,
      );
    }
  } finally {
    // The receipt carries a customer's name: it never stays in the temporary folder, and a file an
    // antivirus still holds never turns a printed ticket into an error.
    await rm(file, { force: true }).catch(() => undefined);
  }
}
