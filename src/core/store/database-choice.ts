// Which database a process opens: the SQLite file of its data folder (the default), or the shop's
// PostgreSQL, named by `--database postgres://…`, else FACTURA_DESK_DATABASE, else the choice saved
// in the data folder. An address never holds a password: the password lives in the OS keychain only
// (vault/database-password.ts), so the address can be shown, logged, saved and typed on a command line.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '#shared/rpc/errors';

/**
 * libpq's names for the secure connection. `prefer` and `allow` are refused: they fall back to a
 * connection without encryption without saying so, and an address must mean one thing.
 */
export type SslMode = 'disable' | 'require' | 'verify-ca' | 'verify-full';
const SSL_MODES: readonly SslMode[] = ['disable', 'require', 'verify-ca', 'verify-full'];

export interface PostgresAddress {
  host: string;
  port: number;
  database: string;
  user: string;
  sslmode: SslMode;
  /** The address written back in one form, sslmode included and never a password: what is saved and shown. */
  url: string;
}

export type DatabaseChoice =
  | { engine: 'sqlite' }
  | {
      engine: 'postgres';
      address: PostgresAddress;
      from: 'argument' | 'environment' | 'saved';
      /**
       * The certificate the server must present (a caja principal's, pinned when this register
       * joined it or became it): the only root its TLS trusts. Saved with the choice; public data.
       */
      pinned?: string;
    };

export const DATABASE_VARIABLE = 'FACTURA_DESK_DATABASE';
/** The saved choice, in the data folder beside the SQLite file. */
export const CHOICE_FILE = 'database.json';
/** What `--database` and the variable take to mean the data folder's own SQLite file (over a saved choice). */
const SQLITE_WORD = 'sqlite';
const DEFAULT_PORT = 5432;
const EXAMPLE = 'postgres://caja@192.168.1.10:5432/tienda';

/** Takes `--database ADDRESS` (or `--database=ADDRESS`) out of argv, as `resolveHome` takes `--home`. */
export function takeDatabaseArgument(argv: readonly string[]): { database: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let database: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--database') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--'))
        throw invalid(`Falta la dirección después de --database. Escríbala así: --database ${EXAMPLE}`);
      database = value;
      i += 1;
    } else if (arg.startsWith('--database=')) {
      database = arg.slice('--database='.length);
    } else {
      rest.push(arg);
    }
  }
  return { database, rest };
}

/** The address checked and written in one form; a refusal says in Spanish what is wrong and how to write it. */
export function parsePostgresAddress(text: string): PostgresAddress {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalid(`«${withoutPassword(trimmed)}» no es una dirección de base de datos. Escríbala así: ${EXAMPLE}`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw invalid(`La dirección de la base de datos debe empezar por postgres:// o postgresql://, por ejemplo ${EXAMPLE}`);
  if (url.password !== '' || url.searchParams.has('password')) throw passwordInAddress();
  const host = url.hostname.toLowerCase();
  if (host === '')
    throw invalid(`Falta el servidor en la dirección de la base de datos (su nombre o su IP), por ejemplo ${EXAMPLE}`);
  const user = decodeURIComponent(url.username);
  if (user === '') throw invalid(`Falta el usuario de PostgreSQL antes de la @ en la dirección, por ejemplo ${EXAMPLE}`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database === '' || database.includes('/'))
    throw invalid(`Falta el nombre de la base de datos al final de la dirección (…/tienda), por ejemplo ${EXAMPLE}`);
  const port = url.port === '' ? DEFAULT_PORT : Number(url.port);
  if (!Number.isInteger(port) || port < 1)
    throw invalid(`El puerto de la dirección debe ser un número entre 1 y 65535 (PostgreSQL usa ${DEFAULT_PORT}).`);
  for (const name of url.searchParams.keys())
    if (name !== 'sslmode')
      throw invalid(
        `La dirección de la base de datos lleva «${name}», que Factura Desk no usa: quítelo. Solo se admite sslmode.`,
      );
  const sslmode = sslModeOf(url.searchParams.get('sslmode'));
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    host: shownHost.replace(/^\[(.*)\]$/, '$1'),
    port,
    database,
    user,
    sslmode,
    url: `postgres://${encodeURIComponent(user)}@${shownHost}:${port}/${encodeURIComponent(database)}?sslmode=${sslmode}`,
  };
}

function sslModeOf(value: string | null): SslMode {
  // No sslmode: no encryption, as `pg` itself reads such an address; the written form says so.
  if (value === null) return 'disable';
  const mode = SSL_MODES.find((each) => each === value);
  if (mode) return mode;
  if (value === 'prefer' || value === 'allow')
    throw invalid(
      `sslmode=${value} no se admite: puede pasar sin aviso a una conexión sin cifrar. Escriba sslmode=require (cifrada) o sslmode=disable (sin cifrar, solo en la red del negocio).`,
    );
  throw invalid(`sslmode=${value} no existe. Use disable, require, verify-ca o verify-full.`);
}

export interface ChoiceSources {
  /** The data folder (`--home`, FACTURA_DESK_HOME or the default). */
  home: string;
  /** `--database`'s value, when given (takeDatabaseArgument). */
  argument?: string | undefined;
  env?: NodeJS.ProcessEnv;
}

/** The argument first, then the variable, then the saved choice; SQLite when none names a database. */
export function readDatabaseChoice({ home, argument, env = process.env }: ChoiceSources): DatabaseChoice {
  if (argument !== undefined) return choiceOf(argument, 'argument');
  const variable = env[DATABASE_VARIABLE];
  if (variable !== undefined && variable.trim() !== '') return choiceOf(variable, 'environment');
  const saved = readSavedChoice(home);
  if (saved === null) return { engine: 'sqlite' };
  return {
    engine: 'postgres',
    address: saved.address,
    from: 'saved',
    ...(saved.pinned !== undefined ? { pinned: saved.pinned } : {}),
  };
}

function choiceOf(text: string, from: 'argument' | 'environment'): DatabaseChoice {
  if (text.trim().toLowerCase() === SQLITE_WORD) return { engine: 'sqlite' };
  return { engine: 'postgres', address: parsePostgresAddress(text), from };
}

interface SavedChoice {
  engine: 'postgres';
  url: string;
  /** A pinned server certificate (PEM), for a caja principal. */
  certificate?: string;
}

function readSavedChoice(home: string): { address: PostgresAddress; pinned?: string } | null {
  const file = join(home, CHOICE_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw new AppError(
      'store_unavailable',
      `No se pudo leer la base de datos elegida (${file}). Revise los permisos de la carpeta de datos, o bórrelo para volver a los datos de este equipo.`,
      { reason: 'choice_unreadable' },
    );
  }
  let saved: Partial<SavedChoice>;
  try {
    saved = JSON.parse(text) as Partial<SavedChoice>;
  } catch {
    saved = {};
  }
  if (
    saved.engine !== 'postgres' ||
    typeof saved.url !== 'string' ||
    (saved.certificate !== undefined && typeof saved.certificate !== 'string')
  )
    throw new AppError(
      'store_unavailable',
      `El archivo de la base de datos elegida (${file}) está dañado. Elija otra vez la base de datos del negocio en Ajustes, o borre ese archivo para volver a los datos de este equipo.`,
      { reason: 'choice_unreadable' },
    );
  const address = parsePostgresAddress(saved.url);
  return saved.certificate === undefined ? { address } : { address, pinned: saved.certificate };
}

/**
 * Saves the choice for the next starts: written whole or not at all (a staged file renamed over
 * the old one), readable by its owner only, like the store. The address carries no password.
 */
export function saveDatabaseChoice(home: string, address: PostgresAddress, pinned?: string): void {
  const saved: SavedChoice = {
    engine: 'postgres',
    url: parsePostgresAddress(address.url).url,
    ...(pinned !== undefined ? { certificate: pinned } : {}),
  };
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const file = join(home, CHOICE_FILE);
  const staged = `${file}.${process.pid}`;
  const fd = openSync(staged, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(saved)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(staged, file);
}

/** Back to the data folder's own SQLite file at the next start. */
export function forgetDatabaseChoice(home: string): void {
  rmSync(join(home, CHOICE_FILE), { force: true });
}

function passwordInAddress(): AppError {
  return invalid(
    `La dirección incluye una contraseña. Escríbala sin ella (${EXAMPLE}): Factura Desk guarda la contraseña de la base de datos solo en el llavero del sistema, como el token de la API, nunca en una dirección, un archivo ni la línea de órdenes.`,
  );
}

/** An unparseable address quoted back with anything between `:` and `@` blanked out. */
function withoutPassword(text: string): string {
  return text.replace(/(\/\/[^/@:]*):[^@/]*@/, '$1:…@');
}

function invalid(message: string): AppError {
  return new AppError('invalid_input', message);
}
