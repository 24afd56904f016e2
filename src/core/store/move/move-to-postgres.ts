// «Pasar a una base de datos del negocio»: a shop's SQLite store copied into an empty PostgreSQL
// database, and the copy proved before it is committed. The SQLite file is only read. The
// PostgreSQL database must hold no row (its schema is created, or found at this build's version,
// by openPostgres); every table of the SQLite catalog is copied with its ids, in foreign-key order,
// in batches, inside one transaction, and the identity sequences are set past the highest id. Then
// each table is read back and compared (count and content hash), and so are the ledger's open
// submissions and contingency queue: any difference rolls the whole copy back, naming the table.
//
// The database's own triggers are off during the copy: a faithful copy inserts rows as they are,
// while the triggers of the ledger (a submission's first event), the cash drawer (no sale or
// movement into a closed shift) and the sale payments (staged rows moved on a submission's insert)
// would add rows the source does not have or refuse rows it does. They are disabled by name with
// ALTER TABLE inside the transaction, which the tables' owner may do (the role that created them
// through openPostgres), and enabled again before the proof and the commit; a rollback restores
// them too. `session_replication_role = replica` would need a superuser, and would also turn off the
// foreign keys, which here check the copy for free.
import { sql, type Transaction } from 'kysely';
import { AppError, isAppError } from '#shared/rpc/errors';
import { searchWords } from '../../catalog/search-words';
import { openPostgres, type Engine } from '../engine';
import type { Migration } from '../migration';
import { migrations as buildMigrations } from '../migrations/index';
import type { Schema } from '../schema';
import { quoteIdentifier, toPostgres, ValueMismatch, type SqliteValue } from './dialect';
import { openWorkProofs, postgresProof, TableDigest, type ProofColumn, type TableProof } from './proof';
import { SqliteSource } from './source';
import {
  checkTargetBefore,
  foreignKeyOrder,
  notEmpty,
  readTargetTables,
  tablesWithRows,
  unreachable,
  type TargetTable,
} from './target';

export interface MoveOptions {
  /** The shop's SQLite store (the data folder's `factura-desk.sqlite`); opened read-only. */
  sqliteFile: string;
  /** `postgres://user@host:port/database` */
  url: string;
  password?: string;
  /** The caja principal's certificate, the only one its server may present (pool.ts `tlsOf`). */
  pinned?: string;
  /** The build's migrations (tests add one to see a new table copied). */
  migrations?: readonly Migration[];
  /** Told each table once it is copied (the command line shows the way on a large store). */
  onTable?: (table: string, rows: number) => void;
  /**
   * Test-only: runs inside the transaction after the copy and before its proof, so that a test can
   * alter a row and see the proof refuse and roll back. The app never passes it.
   */
  beforeProof?: (trx: Transaction<Schema>) => Promise<void>;
}

export interface MovedTable extends TableProof {
  name: string;
}

export interface MoveReport {
  schemaVersion: number;
  /** Every table copied, in the order it was copied, with its proof (equal on both engines). */
  tables: MovedTable[];
  /** Tables PostgreSQL keeps beside the copied ones, rebuilt from them (its search index), with their rows. */
  rebuilt: { name: string; rows: number }[];
  openSubmissions: number;
  queued: number;
}

/**
 * Tables only PostgreSQL has, rebuilt from the copied rows, with the table they hold one row per
 * row of: the product search's folded words (migration 0030; SQLite's index is its FTS5 table,
 * which is not copied).
 */
const REBUILT: Record<string, { onePerRowOf: string; rebuild(trx: Transaction<Schema>): Promise<void> }> = {
  catalog_search_words: {
    onePerRowOf: 'catalog_products',
    async rebuild(trx) {
      const { rows } = await sql<{ id: number; code: string; description: string; barcodes: string | null }>`
        SELECT p.id, p.code, p.description,
               (SELECT string_agg(b.barcode, ' ' ORDER BY b.barcode) FROM catalog_barcodes b WHERE b.product_id = p.id) AS barcodes
          FROM catalog_products p ORDER BY p.id`.execute(trx);
      for (let start = 0; start < rows.length; start += BATCH_PARAMETERS / 2) {
        const values = rows.slice(start, start + BATCH_PARAMETERS / 2).map((row) => ({
          product_id: row.id,
          words: searchWords({ code: row.code, description: row.description, barcodes: row.barcodes ? [row.barcodes] : [] }),
        }));
        await trx.insertInto('catalog_search_words').values(values).execute();
      }
    },
  },
};

/** Parameters per INSERT (PostgreSQL takes at most 65,535). */
const BATCH_PARAMETERS = 20_000;
const BATCH_ROWS = 500;

export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const migrations = options.migrations ?? buildMigrations;
  const schemaVersion = migrations.length;
  const source = SqliteSource.open(options.sqliteFile, schemaVersion);
  try {
    await checkTargetBefore(options.url, options.password, schemaVersion, options.pinned);
    let engine: Engine;
    try {
      engine = await openPostgres({
        url: options.url,
        ...(options.password !== undefined ? { password: options.password } : {}),
        ...(options.pinned !== undefined ? { pinned: options.pinned } : {}),
        migrations,
        poolSize: 1,
      });
    } catch (error) {
      throw isAppError(error) ? error : unreachable(error);
    }
    try {
      return await engine.transaction((trx) => copy(source, trx, schemaVersion, options));
    } catch (error) {
      // The server's refusals (a lost connection, a permission) in words; anything else is a fault of this build.
      throw isAppError(error) || !isServerError(error) ? error : unreachable(error);
    } finally {
      await engine.close();
    }
  } finally {
    source.close();
  }
}

async function copy(
  source: SqliteSource,
  trx: Transaction<Schema>,
  schemaVersion: number,
  { beforeProof, onTable }: Pick<MoveOptions, 'beforeProof' | 'onTable'>,
): Promise<MoveReport> {
  const target = await readTargetTables(trx);
  const plan = matchTables(source, target);
  const all = [...target.keys()];
  // Nobody writes the tables until the commit; then they must still be empty.
  await sql.raw(`LOCK TABLE ${all.map(quoteIdentifier).join(', ')} IN EXCLUSIVE MODE`).execute(trx);
  const holding = await tablesWithRows(trx, all);
  if (holding.length > 0) throw notEmpty(holding);

  const triggers = [...target.values()].flatMap((t) => t.triggers.map((name) => ({ table: t.name, name })));
  for (const { table, name } of triggers)
    await sql.raw(`ALTER TABLE ${quoteIdentifier(table)} DISABLE TRIGGER ${quoteIdentifier(name)}`).execute(trx);

  const copied: MovedTable[] = [];
  for (const table of plan) {
    const proof = await copyTable(source, trx, table);
    copied.push({ name: table.name, ...proof });
    onTable?.(table.name, proof.rows);
  }
  const rebuilt = Object.entries(REBUILT).filter(([name]) => target.has(name));
  for (const [, { rebuild }] of rebuilt) await rebuild(trx);

  for (const { table, name } of triggers)
    await sql.raw(`ALTER TABLE ${quoteIdentifier(table)} ENABLE TRIGGER ${quoteIdentifier(name)}`).execute(trx);
  for (const table of target.values())
    for (const column of table.columns.filter((c) => c.identity)) await setPastHighest(trx, table.name, column.name);

  if (beforeProof) await beforeProof(trx);

  for (const table of plan) {
    const expected = copied.find((c) => c.name === table.name)!;
    const found = await postgresProof(trx, table.name, table.columns, orderOf(table));
    if (found.rows !== expected.rows || found.hash !== expected.hash) throw proofFailed(table.name, expected, found);
  }
  const rebuiltRows: MoveReport['rebuilt'] = [];
  for (const [name, { onePerRowOf }] of rebuilt) {
    const rows = await countOf(trx, name);
    const expected = copied.find((c) => c.name === onePerRowOf)?.rows ?? 0;
    if (rows !== expected) throw proofFailed(name, { rows: expected, hash: '' }, { rows, hash: '' });
    rebuiltRows.push({ name, rows });
  }
  const open = await openWorkProofs(source, trx);
  for (const part of open)
    if (part.sqlite.rows !== part.postgres.rows || part.sqlite.hash !== part.postgres.hash)
      throw proofFailed(part.label, part.sqlite, part.postgres);
  return {
    schemaVersion,
    tables: copied,
    rebuilt: rebuiltRows,
    openSubmissions: open.find((p) => p.part === 'open_submissions')!.sqlite.rows,
    queued: open.find((p) => p.part === 'contingency_queue')!.sqlite.rows,
  };
}

interface PlannedTable {
  name: string;
  columns: ProofColumn[];
  primaryKey: string[];
}

/**
 * The copy's plan from the two catalogs: every table SQLite holds, in PostgreSQL's foreign-key
 * order, with PostgreSQL's column types. A table or column on one side only stops the move (this
 * build would leave rows behind or a table unproved), except the tables PostgreSQL rebuilds.
 */
function matchTables(source: SqliteSource, target: Map<string, TargetTable>): PlannedTable[] {
  const sourceNames = new Set(source.tables.map((t) => t.name));
  const missing = source.tables.filter((t) => !target.has(t.name)).map((t) => t.name);
  const unfilled = [...target.keys()].filter((name) => !sourceNames.has(name) && !(name in REBUILT));
  const columnsDiffer = source.tables
    .filter((t) => target.has(t.name))
    .filter((t) => {
      const there = target
        .get(t.name)!
        .columns.map((c) => c.name)
        .sort();
      const here = t.columns.map((c) => c.name).sort();
      return JSON.stringify(there) !== JSON.stringify(here);
    })
    .map((t) => t.name);
  const wrong = [...missing, ...unfilled, ...columnsDiffer];
  if (wrong.length > 0)
    throw new AppError(
      'internal',
      `Esta versión de Factura Desk no sabe pasar la tabla ${wrong.join(', ')} a la base de datos del negocio. No se pasó nada; informe a soporte.`,
      { reason: 'tables_differ', missing, unfilled, columnsDiffer },
    );
  return foreignKeyOrder([...target.values()].filter((t) => sourceNames.has(t.name))).map((t) => ({
    name: t.name,
    columns: t.columns.map((c) => ({ name: c.name, type: c.type })),
    primaryKey: t.primaryKey,
  }));
}

/** The proof's order: the primary key, or every column of a table without one. */
function orderOf(table: PlannedTable): ProofColumn[] {
  if (table.primaryKey.length === 0) return table.columns;
  return table.primaryKey.map((name) => table.columns.find((c) => c.name === name)!);
}

async function copyTable(source: SqliteSource, trx: Transaction<Schema>, table: PlannedTable): Promise<TableProof> {
  const types = table.columns.map((c) => c.type);
  const digest = new TableDigest(types);
  const perBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(BATCH_PARAMETERS / table.columns.length)));
  const insert = `INSERT INTO ${quoteIdentifier(table.name)} (${table.columns.map((c) => quoteIdentifier(c.name)).join(', ')}) VALUES `;
  let batch: SqliteValue[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch.map((row) => sql`(${sql.join(row.map((value, i) => converted(table.name, value, i, types)))})`);
    await sql`${sql.raw(insert)}${sql.join(values)}`.execute(trx);
    batch = [];
  };
  for (const row of source.rows(table.name, table.columns, orderOf(table))) {
    digest.add(row);
    batch.push(row);
    if (batch.length >= perBatch) await flush();
  }
  await flush();
  return digest.done();
}

function converted(table: string, value: SqliteValue, index: number, types: readonly ProofColumn['type'][]) {
  try {
    return toPostgres(value, types[index]!);
  } catch (error) {
    if (error instanceof ValueMismatch)
      throw new AppError(
        'store_unavailable',
        `La tabla ${table} tiene un valor que la base de datos del negocio no puede guardar tal cual. No se pasó nada; informe a soporte.`,
        { reason: 'value_mismatch', table },
      );
    throw error;
  }
}

/** The identity's next value is one past the highest id copied (1 for an empty table). */
async function setPastHighest(trx: Transaction<Schema>, table: string, column: string): Promise<void> {
  await sql
    .raw(
      `SELECT setval(pg_get_serial_sequence('${quoteIdentifier(table).replace(/'/g, "''")}', '${column.replace(/'/g, "''")}'),
              COALESCE(MAX(${quoteIdentifier(column)}), 0) + 1, false) FROM ${quoteIdentifier(table)}`,
    )
    .execute(trx);
}

async function countOf(trx: Transaction<Schema>, table: string): Promise<number> {
  const { rows } = await sql.raw<{ n: string }>(`SELECT COUNT(*)::text AS n FROM ${quoteIdentifier(table)}`).execute(trx);
  return Number(rows[0]!.n);
}

/** An error the server or the network raised (it carries a SQLSTATE or a socket code). */
function isServerError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^([0-9A-Z]{5}|E[A-Z]+)$/.test(code);
}

function proofFailed(what: string, expected: TableProof, found: TableProof): AppError {
  return new AppError(
    'store_unavailable',
    `La copia no coincide con los datos de este equipo en ${what} (${expected.rows} filas aquí, ${found.rows} en la base de datos del negocio${
      expected.rows === found.rows ? ', con contenido distinto' : ''
    }). No se pasó nada: la base de datos del negocio quedó vacía y este equipo sigue como estaba.`,
    { reason: 'proof_failed', table: what, expected, found },
  );
}
