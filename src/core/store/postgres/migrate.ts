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
  await sql`CREATE TABLE IF NOT EXISTS schema_version (singleton INTEGER PRIMARY KEY CHECK (singleton = 1), version INTEGER NOT NULL)`.execute(
    db,
  );
  for (;;) {
    const done = await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
      const current = await versionOf(tx);
      if (current > latest) {
        throw new AppError(
          'store_newer_than_app',
          'Los datos fueron creados por una versión más reciente de Factura Desk. Actualice la aplicación para abrirlos; no se modificó nada.',
          { schemaVersion: current, supportedVersion: latest },
        );
      }
      if (current === latest) return true;
      const next = current === 0 ? BASELINE_VERSION : current + 1;
      if (current === 0) await createBaseline(tx);
      else await migrations[current]!.postgres!(tx);
      await sql`INSERT INTO schema_version (singleton, version) VALUES (1, ${next})
                ON CONFLICT (singleton) DO UPDATE SET version = excluded.version`.execute(tx);
      return false;
    });
    if (done) return latest;
  }
}

async function versionOf(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<{ version: number }>`SELECT version FROM schema_version WHERE singleton = 1`.execute(db);
  return rows[0]?.version ?? 0;
}
