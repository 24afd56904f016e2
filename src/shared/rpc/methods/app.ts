import { z } from 'zod';
import { method } from '../define';

/** One backup in `<home>/backups/`, and what the ledger holds that it does not (null: the ledger cannot be read). */
export const BackupEntry = z.object({
  name: z.string(),
  bytes: z.number().int(),
  modified: z.string(),
  later: z
    .object({
      fe: z.number().int(),
      dse: z.number().int(),
      /** Submissions after the backup still unresolved: a restore would forget their keys, so it is refused. */
      unresolved: z.number().int(),
    })
    .nullable(),
});
export type BackupEntry = z.infer<typeof BackupEntry>;

export const RestoreResult = z.object({ name: z.string(), kept_as: z.string().nullable(), schema_version: z.number().int() });
export type RestoreResult = z.infer<typeof RestoreResult>;

export const appMethods = {
  /** What the status bar and Ajustes show about this installation. */
  'app.info': method(
    z.object({}).strict(),
    z.object({
      version: z.string(),
      schemaVersion: z.number().int(),
      dataFolder: z.string(),
      transport: z.enum(['electron', 'web', 'cli']),
      /** Where the shop's data is: this folder's SQLite file, or the shop's PostgreSQL (its address, never a password). */
      database: z.object({ engine: z.enum(['sqlite', 'postgres']), address: z.string().nullable() }),
    }),
  ),
  /**
   * Online backup of the local database into the data folder's `backups/`; then the oldest beyond the
   * number kept are removed (`removed`: how many), except one still needed for an open submission.
   */
  'app.backup': method(
    z.object({}).strict(),
    z.object({ file: z.string(), bytes: z.number().int(), removed: z.number().int().optional() }),
  ),
  /** How many backups are kept (Ajustes › Datos y copia de seguridad). */
  'app.backupsKept': method(z.object({}).strict(), z.object({ keep: z.number().int() })),
  'app.setBackupsKept': method(
    z
      .object({
        keep: z
          .number({ message: 'Indique cuántas copias conservar.' })
          .int('Debe ser un número entero.')
          .min(1, 'Conserve al menos 1 copia.')
          .max(1000, 'Como máximo 1.000 copias.'),
      })
      .strict(),
    z.object({ keep: z.number().int() }),
  ),
  /** The backups the app made, newest first. */
  'app.backups': method(z.object({}).strict(), z.array(BackupEntry)),
  /**
   * Replaces the data file by one of those backups (verified first; the current file kept as a dated
   * copy with its -wal/-shm); the store re-opens and the renderer mounts the app again. `confirm` is the user's yes.
   */
  'app.restore': method(z.object({ name: z.string().min(1).max(200), confirm: z.literal(true) }).strict(), RestoreResult),
};
