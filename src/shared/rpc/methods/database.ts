import { z } from 'zod';
import { method } from '../define';

/**
 * Ajustes › Base de datos del negocio: where the shop's data lives. The data folder's SQLite file is
 * the default; a shop's PostgreSQL is chosen here (or with `--database` / FACTURA_DESK_DATABASE).
 * These methods are the host's (it closes the running core and opens the next one, as a restore
 * does); the command line has `--database` and `move-to-postgres` instead.
 */

/** An address as typed: `postgres://usuario@servidor:5432/base?sslmode=…`, never with a password. */
const Address = z
  .string({ message: 'Escriba la dirección de la base de datos.' })
  .trim()
  .min(1, 'Escriba la dirección de la base de datos.')
  .max(500, 'La dirección es demasiado larga (máximo 500 caracteres).');

/** The database password, typed once: kept in the OS keychain only after the server accepted it. */
const Password = z.string().max(1000, 'La contraseña es demasiado larga (máximo 1.000 caracteres).').optional();

export const DatabaseStatus = z.object({
  /** The database this process runs on. */
  engine: z.enum(['sqlite', 'postgres']),
  /** Its address (no password) on PostgreSQL; null on SQLite. */
  address: z.string().nullable(),
  /**
   * How it was chosen: the default (nothing named), `--database`, the FACTURA_DESK_DATABASE
   * variable, or the choice saved in the data folder from Ajustes. Only a default or saved choice
   * can be changed from Ajustes.
   */
  chosenBy: z.enum(['default', 'argument', 'environment', 'saved']),
  /** Whether the keychain holds a password for `address` (false on SQLite). */
  passwordKept: z.boolean(),
  /** The schema version of the database in use. */
  schemaVersion: z.number().int(),
  /** The data folder (the SQLite file, the logs, the saved choice). */
  dataFolder: z.string(),
});
export type DatabaseStatus = z.infer<typeof DatabaseStatus>;

export const DatabaseCheck = z.object({
  /** The server's version, as it reports it (for example «16.4»). */
  serverVersion: z.string(),
  /**
   * What the database holds: nothing yet (`empty`: data can be moved there or a shop started),
   * a Factura Desk store (`factura_desk`, another register's or a moved one), or tables of another
   * program (`other`: refused, nothing is written there).
   */
  contents: z.enum(['empty', 'factura_desk', 'other']),
  /** The Factura Desk schema version there (null unless `factura_desk`). */
  schemaVersion: z.number().int().nullable(),
  /** How many FE and DSE it holds (null unless `factura_desk`). */
  documents: z.number().int().nullable(),
});
export type DatabaseCheck = z.infer<typeof DatabaseCheck>;

export const MoveResult = z.object({
  /** Tables copied and proved, and the rows they hold. */
  tables: z.number().int(),
  rows: z.number().int(),
  status: DatabaseStatus,
});
export type MoveResult = z.infer<typeof MoveResult>;

export const databaseMethods = {
  'database.status': method(z.object({}).strict(), DatabaseStatus),
  /**
   * Connects to `address` (with `password`, else the one the keychain holds) and says what is
   * there. Writes nothing, keeps nothing. Every failure is a Spanish refusal (postgres/faults.ts).
   */
  'database.check': method(z.object({ address: Address, password: Password }).strict(), DatabaseCheck),
  /**
   * From now on the shop's data is `address`: the password kept in the keychain, the choice saved in
   * the data folder, the running core closed and one opened there (the window mounts the app again).
   * `start: 'existing'` needs a Factura Desk store there; `'empty'` an empty database, for a shop
   * that starts there with nothing (this folder's data stays here, untouched). Refused when the
   * database in use was named by `--database` or the variable.
   */
  'database.use': method(
    z.object({ address: Address, password: Password, start: z.enum(['existing', 'empty']), confirm: z.literal(true) }).strict(),
    DatabaseStatus,
  ),
  /**
   * «Pasar a una base de datos del negocio»: the running core closed, this folder's SQLite store
   * copied into the empty database at `address` and proved (store/move), then used as `database.use`
   * does. The SQLite file stays as it was; anything that differs rolls the copy back and names it.
   */
  'database.move': method(z.object({ address: Address, password: Password, confirm: z.literal(true) }).strict(), MoveResult),
  /** Back to this data folder's own SQLite file (the saved choice forgotten; the shop's database untouched). */
  'database.useLocal': method(z.object({ confirm: z.literal(true) }).strict(), DatabaseStatus),
};
