// PostgreSQL's schema version: the baseline (schema 25) in an empty database, then each later
// migration's PostgreSQL half, each in its own transaction that also records the version. Several
// processes may start at once on one database: a transaction-scoped advisory lock makes one of them
// migrate while the others wait, then find the work done.
import { sql, type Kysely } from 'kysely';
import { AppError } from '#shared/rpc/errors';
import type { Migration } from '../migration';
import { BASELINE_VERSION, createBaseline } from './baseline';

/** Any fixed number: the advisory lock every Factura Desk process takes to migrate. */
const MIGRATION_LOCK = 0x46445f53;

export async function migratePostgres(db: Kysely<unknown>, migrations: readonly Migration[]): Promise<number> {
  const latest = migrations.length;
  if (latest < BASELINE_VERSION)
    throw new Error(`the PostgreSQL baseline is schema ${BASELINE_VERSION}; this list ends at ${latest}`);
  const missing = migrations.filter((m) => m.version > BASELINE_VERSION && m.postgres === undefined);
  if (missing.length > 0)
    throw new AppError(
      'store_unavailable',
      'Esta versión de Factura Desk no puede usar una base de datos del negocio (PostgreSQL) todavía. Use los datos de este equipo; no se modificó nada.',
      { missing: missing.map((m) => m.name) },
    );
  for (;;) {
    const done = await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
      const current = await versionOf(tx);
      if (current > latest) {
        throw new AppError(
          'store_newer_than_app',
          'Una versión más reciente de Factura Desk (en otra caja o en este equipo) ya actualizó la base de datos del negocio. Actualice Factura Desk en este equipo para usarla; no se modificó nada.',
          { schemaVersion: current, supportedVersion: latest },
        );
      }
      if (current === latest) return true;
      const next = current === 0 ? BASELINE_VERSION : current + 1;
      try {
        if (current === 0) {
          await refuseForeign(tx);
          // Created with the baseline, in its transaction: a database left as it was by a failed first
          // start. An empty one may remain from an older build, which created it before the baseline.
          await sql`CREATE TABLE IF NOT EXISTS schema_version (singleton INTEGER PRIMARY KEY CHECK (singleton = 1), version INTEGER NOT NULL)`.execute(
            tx,
          );
          await createBaseline(tx);
        } else await migrations[current]!.postgres!(tx);
        await sql`INSERT INTO schema_version (singleton, version) VALUES (1, ${next})
                  ON CONFLICT (singleton) DO UPDATE SET version = excluded.version`.execute(tx);
      } catch (error) {
        throw error instanceof AppError ? error : migrationFailed(error, current, next, migrations);
      }
      return false;
    });
    if (done) return latest;
  }
}

/**
 * A migration that failed rolled back whole with its transaction: the database is at the version it
 * had, and the next start tries again. The SQLSTATE goes to the details for support.
 */
function migrationFailed(error: unknown, current: number, next: number, migrations: readonly Migration[]): AppError {
  const name = next === BASELINE_VERSION && current === 0 ? 'baseline' : (migrations[next - 1]?.name ?? String(next));
  const code = (error as { code?: unknown } | null)?.code;
  return new AppError(
    'store_unavailable',
    `No se pudo preparar la base de datos del negocio para esta versión de Factura Desk (paso ${next}, ${name}). El paso se deshizo entero y la base de datos quedó como estaba; nada se guardó a medias. Avise a soporte técnico con este detalle: ${typeof code === 'string' ? code : 'sin código'}.`,
    { reason: 'migration_failed', migration: name, schemaVersion: current, postgres: typeof code === 'string' ? code : 'none' },
  );
}

/** A database that holds another program's tables is not made a ledger: refused, nothing created in it. */
async function refuseForeign(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name <> 'schema_version' LIMIT 1`.execute(
    db,
  );
  if (rows.length > 0)
    throw new AppError(
      'store_unavailable',
      'La base de datos elegida ya tiene tablas de otro programa, así que Factura Desk no la usó ni cambió nada en ella. Elija una base de datos vacía, creada para Factura Desk.',
      { reason: 'foreign_database' },
    );
}

async function versionOf(db: Kysely<unknown>): Promise<number> {
  const exists = await sql<{ found: boolean }>`SELECT to_regclass('schema_version') IS NOT NULL AS found`.execute(db);
  if (!exists.rows[0]?.found) return 0;
  const { rows } = await sql<{ version: number }>`SELECT version FROM schema_version WHERE singleton = 1`.execute(db);
  return rows[0]?.version ?? 0;
}
