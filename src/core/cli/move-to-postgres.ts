// `move-to-postgres postgres://usuario@servidor:puerto/base`: «Pasar a una base de datos del
// negocio» from the command line, with the app closed (the data folder's lock is held throughout,
// so no sale is made on this equipment while its store is copied). The password is never an
// argument (any user sees a process's arguments in `ps`): it comes from
// FACTURA_DESK_DATABASE_PASSWORD, or is asked for on a terminal without echo, or is the first line
// of a piped standard input; an address that carries one is refused. Prints a Spanish summary.
import { join } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import { countOf, formatInteger } from '#shared/format';
import { DATABASE_FILE } from '../core';
import { FolderLock } from '../store/folder-lock';
import { moveToPostgres, type MoveReport } from '../store/move/move-to-postgres';
import type { ParsedArgs } from './args';
import type { CommandResult } from './commands';
import { EXIT } from './exit-codes';

export const PASSWORD_VARIABLE = 'FACTURA_DESK_DATABASE_PASSWORD';

export const MOVE_USAGE = `move-to-postgres postgres://USUARIO@SERVIDOR:PUERTO/BASE   (pasa los datos de este equipo a una base de datos del negocio vacía, con la aplicación cerrada; contraseña de ${PASSWORD_VARIABLE} o escrita cuando se pida)`;

export interface MoveSources {
  env: NodeJS.ProcessEnv;
  /** the terminal, when the standard input is one */
  terminal: { ask(prompt: string): Promise<string> } | null;
  /** the whole standard input, read once */
  readAll(): Promise<string>;
}

export async function moveToPostgresCommand(
  home: string,
  args: ParsedArgs,
  sources: MoveSources,
  progress: (line: string) => void,
): Promise<CommandResult> {
  const url = parseAddress(args.positional[1]);
  const password = await passwordFrom(sources);
  const lock = FolderLock.acquire(home, { transport: 'cli' });
  let report: MoveReport;
  try {
    report = await moveToPostgres({
      sqliteFile: join(home, DATABASE_FILE),
      url,
      ...(password !== undefined ? { password } : {}),
      onTable: (table, rows) => progress(`Copiada ${table}: ${countOf(rows, 'fila')}.`),
    });
  } finally {
    lock.release();
  }
  return { output: report, exitCode: EXIT.ok, text: summary(report, url) };
}

/** The address as given, checked: a PostgreSQL URL with a database and no password in it. */
function parseAddress(text: string | undefined): string {
  if (!text) throw new AppError('invalid_input', `Uso: ${MOVE_USAGE}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError(
      'invalid_input',
      `La dirección no se entiende. Escríbala así: postgres://usuario@servidor:5432/base. No se modificó nada.`,
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new AppError(
      'invalid_input',
      'La dirección debe empezar por postgres:// (por ejemplo postgres://usuario@servidor:5432/base). No se modificó nada.',
    );
  if (url.password !== '')
    throw new AppError(
      'invalid_input',
      `No escriba la contraseña en la dirección (otros usuarios del equipo ven la línea de comandos): use ${PASSWORD_VARIABLE}, o escríbala cuando se pida. No se modificó nada.`,
    );
  if (url.pathname.length <= 1)
    throw new AppError(
      'invalid_input',
      'Falta el nombre de la base de datos al final de la dirección (…:5432/base). No se modificó nada.',
    );
  return text;
}

async function passwordFrom(sources: MoveSources): Promise<string | undefined> {
  const fromEnv = sources.env[PASSWORD_VARIABLE];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (sources.terminal) {
    try {
      return await sources.terminal.ask('Contraseña de la base de datos: ');
    } catch {
      throw new AppError('invalid_input', 'No se escribió la contraseña. No se modificó nada.');
    }
  }
  const input = await sources.readAll();
  const line = input.split('\n', 1)[0]!.replace(/\r$/, '');
  // Nothing piped: the server may not ask for one (a trusted local connection).
  return line === '' ? undefined : line;
}

function summary(report: MoveReport, url: string): string {
  const address = new URL(url);
  const width = Math.max(...report.tables.map((t) => t.name.length));
  const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
  const lines = [
    `Datos pasados a la base de datos del negocio ${address.hostname}:${address.port || '5432'}${address.pathname} (esquema ${report.schemaVersion}).`,
    '',
    ...report.tables.map((t) => `  ${t.name.padEnd(width)}  ${countOf(t.rows, 'fila')}`),
    '',
    `${countOf(report.tables.length, 'tabla')}, ${countOf(rows, 'fila')}.`,
    ...report.rebuilt.map((t) => `Índice de búsqueda reconstruido: ${t.name} (${countOf(t.rows, 'fila')}).`),
    'Prueba: cada tabla leída de vuelta coincide con la de este equipo (número de filas y huella SHA-256 de su contenido).',
    `Prueba del libro de envíos: ${envios(report.openSubmissions)} y ${queued(report.queued)}, iguales en los dos lados.`,
    'Los datos de este equipo no se modificaron.',
  ];
  return lines.join('\n');
}

const envios = (n: number) => `${formatInteger(n)} ${n === 1 ? 'envío en curso' : 'envíos en curso'}`;
const queued = (n: number) =>
  `${formatInteger(n)} ${n === 1 ? 'venta en la cola de contingencia' : 'ventas en la cola de contingencia'}`;
