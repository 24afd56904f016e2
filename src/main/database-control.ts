// Ajustes › Base de datos del negocio, answered by the served host (host.ts): what is at an address,
// switching the shop's data to it, moving this folder's SQLite store there, and going back to the
// folder's own file. Switching closes the running core and opens the next one the way a restore
// does; the host keeps the dispatcher, the event bus and the folder's lock across it.
import { join } from 'node:path';
import { DATABASE_FILE } from '#core/core';
import { trustedRoots } from '#core/api/trusted-roots';
import type { ChosenBy, DatabaseControl } from '#core/rpc/handlers/database';
import {
  DATABASE_VARIABLE,
  forgetDatabaseChoice,
  parsePostgresAddress,
  saveDatabaseChoice,
  type DatabaseChoice,
  type PostgresAddress,
} from '#core/store/database-choice';
import { moveToPostgres } from '#core/store/move/move-to-postgres';
import { VERSION_TABLE } from '#core/store/move/target';
import { shopPool } from '#core/store/postgres/pool';
import { keepDatabasePassword, keychainPassword, readDatabasePassword } from '#core/vault/database-password';
import type { SecretStore } from '#core/vault/vault';
import { AppError } from '#shared/rpc/errors';
import type { DatabaseCheck, DatabaseStatus, MoveResult } from '#shared/rpc/methods/database';

/** What the served host tells and does for its database control. */
export interface DatabaseHost {
  home: string;
  secrets: SecretStore;
  /** The database in use (null: the saved choice could not be read). */
  choice(): DatabaseChoice | null;
  chosenBy(): ChosenBy;
  /** The running core's schema version; null when the store could not be opened. */
  schemaVersion(): number | null;
  /**
   * Closes the running core (requests meanwhile told to wait, those under way finished first), runs
   * `during` with nothing open, and opens `next`. When `during` fails, or `next` cannot be opened,
   * the previous database is opened again and the failure thrown, said in Spanish; `opened` runs
   * once `next` serves.
   */
  switchTo(next: DatabaseChoice, steps?: { during?: () => Promise<void>; opened?: () => void }): Promise<void>;
}

/** The host's control, and the status its unavailable-store dispatcher answers with no core running. */
export interface HostDatabaseControl extends DatabaseControl {
  status(): Promise<DatabaseStatus>;
}

/** A database the main table of Factura Desk's ledger proves is a Factura Desk store (with the version's table). */
const STORE_TABLES = ['installation', 'submissions'];
const CHECK_TIMEOUT_MS = 10_000;

export function hostDatabaseControl(host: DatabaseHost): HostDatabaseControl {
  const passwordKept = async (): Promise<boolean> => {
    const choice = host.choice();
    return choice?.engine === 'postgres' ? (await readDatabasePassword(host.secrets, choice.address)) !== null : false;
  };
  const status = async (): Promise<DatabaseStatus> => {
    const choice = host.choice();
    return {
      engine: choice?.engine ?? 'sqlite',
      address: choice?.engine === 'postgres' ? choice.address.url : null,
      chosenBy: host.chosenBy(),
      passwordKept: await passwordKept(),
      schemaVersion: host.schemaVersion() ?? 0,
      dataFolder: host.home,
    };
  };
  /** Ajustes cannot change a database named when Factura Desk was opened; its password can still be typed. */
  const refuseNamed = (address: PostgresAddress | null): void => {
    const by = host.chosenBy();
    if (by !== 'argument' && by !== 'environment') return;
    const choice = host.choice();
    if (address && choice?.engine === 'postgres' && choice.address.url === address.url) return;
    throw new AppError(
      'conflict',
      by === 'argument'
        ? 'Factura Desk se abrió con --database, que decide la base de datos mientras esté abierto. Para cambiarla, ciérrelo y ábralo sin --database (o con la otra dirección). No se modificó nada.'
        : `La variable ${DATABASE_VARIABLE} decide la base de datos de Factura Desk. Para cambiarla desde Ajustes, quite esa variable y abra Factura Desk de nuevo. No se modificó nada.`,
      { reason: 'chosen_at_start', chosenBy: by },
    );
  };
  const given = (password: string | undefined): string | undefined =>
    password === undefined || password === '' ? undefined : password;

  return {
    get chosenBy() {
      return host.chosenBy();
    },
    passwordKept,
    status,
    check: async ({ address, password }) => {
      const target = parsePostgresAddress(address);
      return checkDatabase(target, given(password) ?? keychainPassword(host.secrets, target));
    },
    async use({ address, password, start }) {
      const target = parsePostgresAddress(address);
      refuseNamed(target);
      const typed = given(password);
      const found = await checkDatabase(target, typed ?? keychainPassword(host.secrets, target));
      refuseContents(found, start);
      // The server accepted it: from now on the keychain holds it (the only place it is kept).
      if (typed !== undefined) await keepDatabasePassword(host.secrets, target, typed);
      const saved = host.chosenBy() !== 'argument' && host.chosenBy() !== 'environment';
      await host.switchTo(
        {
          engine: 'postgres',
          address: target,
          from: saved ? 'saved' : host.chosenBy() === 'argument' ? 'argument' : 'environment',
        },
        { opened: () => (saved ? saveDatabaseChoice(host.home, target) : undefined) },
      );
      return status();
    },
    async move({ address, password }) {
      const target = parsePostgresAddress(address);
      refuseNamed(null);
      if (host.choice()?.engine !== 'sqlite' || host.schemaVersion() === null)
        throw new AppError(
          'conflict',
          'Solo se pasan a una base de datos del negocio los datos de este equipo, con ellos abiertos. No se modificó nada.',
          { reason: 'not_on_local_data' },
        );
      const typed = given(password);
      const found = await checkDatabase(target, typed ?? keychainPassword(host.secrets, target));
      refuseContents(found, 'empty');
      const kept = typed ?? (await readDatabasePassword(host.secrets, target)) ?? undefined;
      let moved: { tables: number; rows: number } | null = null;
      await host.switchTo(
        { engine: 'postgres', address: target, from: 'saved' },
        {
          // The running core is closed: the file is quiet while it is copied (and only read).
          during: async () => {
            const report = await moveToPostgres({
              sqliteFile: join(host.home, DATABASE_FILE),
              url: target.url,
              ...(kept !== undefined ? { password: kept } : {}),
            });
            moved = { tables: report.tables.length, rows: report.tables.reduce((sum, table) => sum + table.rows, 0) };
            if (typed !== undefined) await keepDatabasePassword(host.secrets, target, typed);
          },
          opened: () => saveDatabaseChoice(host.home, target),
        },
      );
      const { tables, rows } = moved ?? { tables: 0, rows: 0 };
      return { tables, rows, status: await status() } satisfies MoveResult;
    },
    async useLocal() {
      refuseNamed(null);
      await host.switchTo({ engine: 'sqlite' }, { opened: () => forgetDatabaseChoice(host.home) });
      return status();
    },
  };
}

/** Factura Desk's store, an empty database, or another program's: `use` and `move` act only on the right one. */
function refuseContents(found: DatabaseCheck, start: 'existing' | 'empty'): void {
  if (found.contents === 'other')
    throw new AppError(
      'conflict',
      'Esa base de datos tiene tablas de otro programa. Use una base de datos creada para Factura Desk; no se modificó nada.',
      { reason: 'foreign_database' },
    );
  if (start === 'existing' && found.contents === 'empty')
    throw new AppError(
      'conflict',
      'Esa base de datos está vacía: no tiene datos de Factura Desk. Pase a ella los datos de este equipo, o empiece en ella una tienda vacía. No se modificó nada.',
      { reason: 'empty_database' },
    );
  if (start === 'empty' && found.contents === 'factura_desk')
    throw new AppError(
      'conflict',
      `Esa base de datos ya tiene datos de Factura Desk (${found.documents ?? 0} documentos). Úsela como está, o elija una base de datos vacía; no se modificó nada.`,
      { reason: 'not_empty' },
    );
}

/**
 * Connects with the shop pool (its Spanish faults) and reads what the database holds, writing
 * nothing: the server's version, whether it is empty, a Factura Desk store or another program's,
 * and how many FE and DSE a store holds.
 */
export async function checkDatabase(
  target: PostgresAddress,
  password: string | (() => Promise<string>),
  pinned?: string,
): Promise<DatabaseCheck> {
  const verifies = pinned === undefined && (target.sslmode === 'verify-ca' || target.sslmode === 'verify-full');
  const pool = shopPool({
    target,
    password,
    max: 1,
    connectTimeoutMs: CHECK_TIMEOUT_MS,
    pinned,
    ...(verifies ? { ca: (await trustedRoots()).certificates } : {}),
  });
  try {
    const client = await pool.connect();
    try {
      const query = async <Row>(text: string): Promise<Row[]> => (await client.query(text, [])).rows as Row[];
      const [server] = await query<{ server_version: string }>('SHOW server_version');
      const tables = (
        await query<{ name: string }>(
          `SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
        )
      ).map((row) => row.name);
      const serverVersion = server?.server_version ?? '';
      const empty = { serverVersion, contents: 'empty', schemaVersion: null, documents: null } as const;
      if (tables.length === 0) return empty;
      if (!tables.includes(VERSION_TABLE)) return { ...empty, contents: 'other' };
      const [version] = await query<{ version: number }>(`SELECT version FROM ${VERSION_TABLE} WHERE singleton = 1`);
      // Only the version's table, without its row: a first start that stopped before the schema.
      if (version === undefined && tables.length === 1) return empty;
      if (version === undefined || !STORE_TABLES.every((name) => tables.includes(name))) return { ...empty, contents: 'other' };
      const [documents] = await query<{ count: number }>('SELECT count(*)::int AS count FROM submissions');
      return { serverVersion, contents: 'factura_desk', schemaVersion: version.version, documents: documents?.count ?? 0 };
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}
