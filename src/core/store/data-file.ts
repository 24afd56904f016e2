// The data file's own files, checked before SQLite opens them: SQLite itself would turn a
// zero-byte or missing file into a new, empty ledger without a word, and replay whatever is left of
// a write-ahead log. Three things are decided here:
//   - a zero-byte file, a file that is not a SQLite database, or a missing file where a ledger was
//     created before, are refused (store_unavailable) and left as they are; only a first run creates;
//   - a beside file (`<data file>.estado`) says when the ledger was created and whether a process has
//     it open, so that a start after an unclean end knows it;
//   - after an unclean end, a missing or cut `-wal` is reported: the store checkpoints after every
//     commit (store.ts), so the main file holds every commit but perhaps the last one, and the user
//     is told to check it instead of the app opening without a word.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, readSync, renameSync, statSync, writeSync } from 'node:fs';
import { AppError } from '#shared/rpc/errors';
import { formatDateTime } from '#shared/dates';

export const STATE_SUFFIX = '.estado';
const SQLITE_HEADER = 'SQLite format 3\u0000';
const WAL_HEADER_BYTES = 32;
const WAL_FRAME_HEADER_BYTES = 24;

interface DataFileState {
  /** When this folder's ledger was first created (ISO instant). */
  created: string;
  /** The process that has it open, or null after a clean close. */
  open: { pid: number; since: string } | null;
}

export interface DataFileCheck {
  /** False on a first run: the file is about to be created. */
  exists: boolean;
  /** A Spanish explanation to show once at start (an unclean end left the write-ahead log missing or cut). */
  notice: string | null;
}

/** Refuses what must not be opened; says whether the file exists and what an unclean end left. */
export function checkDataFile(file: string): DataFileCheck {
  const state = readState(file);
  if (!existsSync(file)) {
    if (state) {
      throw unavailable(
        'missing',
        `Falta el archivo de datos ${file}, que existía en esta carpeta desde el ${formatDateTime(state.created)}. ` +
          'No se creó uno vacío en su lugar, para no empezar de cero sin aviso: devuélvalo a la carpeta o restaure una copia de seguridad. ' +
          'Para empezar de cero a propósito, use otra carpeta de datos.',
        'SQLITE_CANTOPEN',
      );
    }
    return { exists: false, notice: null };
  }
  const size = statSync(file).size;
  if (size === 0) {
    throw unavailable(
      'empty',
      `El archivo de datos ${file} está vacío (0 bytes). No se creó uno nuevo en su lugar, para no empezar de cero sin aviso: ` +
        'restaure la última copia de seguridad.',
      'SQLITE_CORRUPT',
    );
  }
  if (readHead(file, SQLITE_HEADER.length) !== SQLITE_HEADER) {
    throw unavailable(
      'foreign',
      `El archivo de datos está dañado o no es de Factura Desk: ${file} no empieza como una base de datos. ` +
        'No se modificó: devuelva a la carpeta el archivo correcto o restaure la última copia de seguridad.',
      'SQLITE_NOTADB',
    );
  }
  return { exists: true, notice: state?.open ? walNotice(file, state.open.since) : null };
}

/** Another program's SQLite database in our file's place: left as it is. */
export function notFacturaDesk(file: string): AppError {
  return unavailable(
    'foreign',
    `El archivo de datos no es de Factura Desk: ${file} es la base de datos de otro programa. ` +
      'No se modificó: devuelva a la carpeta el archivo correcto o restaure la última copia de seguridad.',
    'SQLITE_NOTADB',
  );
}

/** Notes that this process has the data file open (called once SQLite has opened it). */
export function markOpen(file: string, now: Date): void {
  const state = readState(file);
  writeState(file, { created: state?.created ?? now.toISOString(), open: { pid: process.pid, since: now.toISOString() } });
}

/** Notes a clean close: every commit is in the main file and no `-wal` is left to lose. */
export function markClosed(file: string): void {
  const state = readState(file);
  try {
    if (state) writeState(file, { ...state, open: null });
  } catch {
    // A full or read-only disk: the next start reports an unclean end only if the -wal is also gone.
  }
}

function walNotice(file: string, since: string): string | null {
  const wal = `${file}-wal`;
  const opened = `La sesión anterior de Factura Desk (abierta el ${formatDateTime(since)}) terminó sin cerrarse`;
  const advice =
    'Cada cambio se guarda en el archivo principal justo después de hacerse, así que puede faltar como mucho el último cambio de esa sesión. ' +
    'Revise en Historial y en Envíos el último documento emitido antes del cierre; si no aparece, búsquelo en el portal de su proveedor antes de emitirlo otra vez.';
  if (!existsSync(wal))
    return `${opened} y alguien borró su registro de cambios recientes (${wal}), quizá un programa de limpieza o de sincronización de carpetas. ${advice}`;
  const pageSize = readPageSize(file);
  const size = statSync(wal).size;
  if (
    size > 0 &&
    (size < WAL_HEADER_BYTES || (pageSize && (size - WAL_HEADER_BYTES) % (WAL_FRAME_HEADER_BYTES + pageSize) !== 0))
  )
    return `${opened} y su registro de cambios recientes (${wal}) quedó cortado. ${advice}`;
  return null;
}

function readHead(file: string, bytes: number): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/** The page size in the database header (bytes 16-17, big-endian; 1 means 65,536). */
function readPageSize(file: string): number | null {
  const head = Buffer.from(readHead(file, 18), 'latin1');
  if (head.length < 18) return null;
  const value = head.readUInt16BE(16);
  return value === 1 ? 65_536 : value;
}

function readState(file: string): DataFileState | null {
  try {
    const value = JSON.parse(readFileSync(`${file}${STATE_SUFFIX}`, 'utf8')) as Partial<DataFileState>;
    if (typeof value.created !== 'string') return null;
    const open =
      value.open && typeof value.open.since === 'string' ? { pid: Number(value.open.pid), since: value.open.since } : null;
    return { created: value.created, open };
  } catch {
    return null;
  }
}

function writeState(file: string, state: DataFileState): void {
  const target = `${file}${STATE_SUFFIX}`;
  const staged = `${target}.${process.pid}`;
  const fd = openSync(staged, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(state));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(staged, target);
}

function unavailable(reason: string, message: string, sqlite: string): AppError {
  return new AppError('store_unavailable', message, { sqlite, reason });
}
