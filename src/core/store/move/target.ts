// The PostgreSQL side of the move: what the database holds before anything is written (it must be
// empty: no table at all, or this build's schema without a row), and the catalog the copy follows
// (columns and their types, foreign keys, identity columns, triggers), read from the server itself.
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { AppError } from '#shared/rpc/errors';
import type { Schema } from '../schema';
import { parsePostgresAddress } from '../database-choice';
import { noPasswordKept } from '../postgres/faults';
import { tlsOf } from '../postgres/pool';
import { isTargetType, quoteIdentifier, type TargetType } from './dialect';

export interface TargetColumn {
  name: string;
  type: TargetType;
  identity: boolean;
}

export interface TargetTable {
  name: string;
  columns: TargetColumn[];
  /** Primary key columns in key order (empty when the table has none). */
  primaryKey: string[];
  /** Tables its foreign keys name (itself excluded). */
  references: string[];
  /** Its own enabled triggers (not the foreign keys' internal ones). */
  triggers: string[];
}

/** The table where PostgreSQL records its schema version (postgres/migrate.ts): not the store's data. */
export const VERSION_TABLE = 'schema_version';

/**
 * Before `openPostgres` migrates anything: the database must be one the move may fill. Refused in
 * Spanish, with nothing changed: a database of another program (tables but no schema version), of
 * another schema version than this build's, or holding any row.
 */
export async function checkTargetBefore(
  url: string,
  password: string | undefined,
  schemaVersion: number,
  pinned?: string,
): Promise<void> {
  // Built from the address's parts, not `connectionString`: `pg` lets the fields it parses from one
  // override those beside it (the missing password among them), and reads sslmode=require as
  // verify-full. The TLS options are the shop pool's, so the check connects as the move does.
  const target = parsePostgresAddress(url);
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.user,
    // Never left out, which would make `pg` read PGPASSWORD or ~/.pgpass.
    password: password ?? (() => Promise.reject(noPasswordKept(target))),
    ssl: tlsOf(target, undefined, pinned),
    enableChannelBinding: pinned !== undefined,
  });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error instanceof AppError ? error : unreachable(error);
  }
  try {
    const tables = (
      await client.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      )
    ).rows.map((r) => r.name);
    if (tables.length === 0) return;
    if (!tables.includes(VERSION_TABLE))
      throw new AppError(
        'conflict',
        `La base de datos ya tiene tablas de otro programa (${tables.slice(0, 3).join(', ')}${tables.length > 3 ? '…' : ''}). Use una base de datos vacía, creada para Factura Desk; no se modificó nada.`,
        { reason: 'foreign_database' },
      );
    const version = (await client.query<{ version: number }>(`SELECT version FROM ${VERSION_TABLE} WHERE singleton = 1`)).rows[0]
      ?.version;
    // Only the version table, without its row: a first start that stopped before creating the schema.
    if (version === undefined && tables.length === 1) return;
    if (version !== undefined && version > schemaVersion)
      throw new AppError(
        'store_newer_than_app',
        'La base de datos del negocio es de una versión más reciente de Factura Desk. Actualice esta aplicación o use una base de datos vacía; no se modificó nada.',
        { schemaVersion: version, supportedVersion: schemaVersion },
      );
    if (version !== schemaVersion)
      throw new AppError(
        'conflict',
        'La base de datos del negocio es de otra versión de Factura Desk. Use una base de datos vacía, creada para Factura Desk; no se modificó nada.',
        { reason: 'older_database', schemaVersion: version ?? null, supportedVersion: schemaVersion },
      );
    const holding = await tablesWithRows(client, tables);
    if (holding.length > 0) throw notEmpty(holding);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreachable(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Every table of the store but the version's, read from the server's catalog (inside the move's transaction). */
export async function readTargetTables(trx: Transaction<Schema>): Promise<Map<string, TargetTable>> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string; data_type: string; is_identity: string }>`
    SELECT c.table_name, c.column_name, c.data_type, c.is_identity
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> ${VERSION_TABLE}
     ORDER BY c.table_name, c.ordinal_position`.execute(trx);
  const tables = new Map<string, TargetTable>();
  for (const column of columns) {
    if (!isTargetType(column.data_type))
      throw new Error(`column ${column.table_name}.${column.column_name} has a type the move does not know: ${column.data_type}`);
    let table = tables.get(column.table_name);
    if (!table) {
      table = { name: column.table_name, columns: [], primaryKey: [], references: [], triggers: [] };
      tables.set(column.table_name, table);
    }
    table.columns.push({ name: column.column_name, type: column.data_type, identity: column.is_identity === 'YES' });
  }
  const { rows: constraints } = await sql<{
    table_name: string;
    kind: string;
    columns: string[] | null;
    referenced: string | null;
  }>`
    SELECT cl.relname AS table_name, co.contype AS kind, ref.relname AS referenced,
           (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(co.conkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = k.attnum) AS columns
      FROM pg_constraint co
      JOIN pg_class cl ON cl.oid = co.conrelid
      LEFT JOIN pg_class ref ON ref.oid = co.confrelid
     WHERE cl.relnamespace = current_schema()::regnamespace AND co.contype IN ('p', 'f')`.execute(trx);
  for (const constraint of constraints) {
    const table = tables.get(constraint.table_name);
    if (!table) continue;
    if (constraint.kind === 'p') table.primaryKey = constraint.columns ?? [];
    else if (constraint.referenced && constraint.referenced !== table.name && !table.references.includes(constraint.referenced))
      table.references.push(constraint.referenced);
  }
  const { rows: triggers } = await sql<{ table_name: string; trigger: string }>`
    SELECT cl.relname AS table_name, tg.tgname AS trigger
      FROM pg_trigger tg JOIN pg_class cl ON cl.oid = tg.tgrelid
     WHERE cl.relnamespace = current_schema()::regnamespace AND NOT tg.tgisinternal AND tg.tgenabled <> 'D'
     ORDER BY tg.tgname`.execute(trx);
  for (const trigger of triggers) tables.get(trigger.table_name)?.triggers.push(trigger.trigger);
  return tables;
}

/** The tables in an order where each comes after every table its foreign keys name. */
export function foreignKeyOrder(tables: readonly TargetTable[]): TargetTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const placed = new Set<string>();
  const ordered: TargetTable[] = [];
  const visiting = new Set<string>();
  const place = (table: TargetTable): void => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`foreign keys form a cycle through ${table.name}`);
    visiting.add(table.name);
    for (const name of table.references) {
      const referenced = byName.get(name);
      if (referenced) place(referenced);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) place(table);
  return ordered;
}

/** The tables that hold a row (any row at all), for the refusal's message. */
export async function tablesWithRows(db: pg.Client | Kysely<Schema>, tables: readonly string[]): Promise<string[]> {
  const holding: string[] = [];
  for (const table of tables) {
    if (table === VERSION_TABLE) continue;
    const text = `SELECT EXISTS (SELECT 1 FROM ${quoteIdentifier(table)}) AS held`;
    const held =
      db instanceof pg.Client
        ? (await db.query<{ held: boolean }>(text)).rows[0]?.held
        : (await sql.raw<{ held: boolean }>(text).execute(db)).rows[0]?.held;
    if (held) holding.push(table);
  }
  return holding;
}

export function notEmpty(tables: readonly string[]): AppError {
  return new AppError(
    'conflict',
    `La base de datos del negocio ya tiene datos (tablas ${tables.join(', ')}). Los datos se pasan solo a una base de datos vacía, para no mezclar dos tiendas ni duplicar documentos; no se modificó nada.`,
    { reason: 'not_empty', tables: [...tables] },
  );
}

/** A connection refused, a wrong address or password, a database that does not exist, a row refused: said in Spanish. */
export function unreachable(error: unknown): AppError {
  const { code = '', table, constraint } = (error ?? {}) as { code?: string; table?: string; constraint?: string };
  // Integrity (class 23): a row SQLite kept that PostgreSQL's rules refuse, such as a reference to a
  // row that is not there (SQLite checks foreign keys only on connections that ask it to).
  if (code.startsWith('23'))
    return new AppError(
      'store_unavailable',
      `Una fila de la tabla ${table ?? '(desconocida)'} de este equipo no cumple una regla de la base de datos del negocio (${constraint ?? code}). No se pasó nada: la base de datos del negocio quedó vacía y este equipo sigue como estaba. Informe a soporte.`,
      { reason: 'row_refused', postgres: code, table: table ?? null, constraint: constraint ?? null },
    );
  const reason =
    code === '28P01' || code === '28000'
      ? 'La base de datos rechazó el usuario o la contraseña. Revíselos y vuelva a intentarlo.'
      : code === '3D000'
        ? 'La base de datos indicada no existe en el servidor. Créela vacía (o revise su nombre) y vuelva a intentarlo.'
        : code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT'
          ? 'No se pudo conectar con el servidor de la base de datos. Revise la dirección y el puerto, y que el servidor esté encendido.'
          : code === '42501'
            ? 'El usuario de la base de datos no tiene permiso para crear o llenar sus tablas. Use el usuario dueño de la base de datos.'
            : 'No se pudo usar la base de datos del negocio.';
  return new AppError('store_unavailable', `${reason} No se modificó nada.`, { postgres: code });
}
