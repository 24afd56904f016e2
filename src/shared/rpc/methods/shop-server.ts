import { z } from 'zod';
import { method } from '../define';

/**
 * Ajustes › Cajas: several registers, one shop. One register becomes the «caja principal» (it runs
 * the shop's PostgreSQL in its own data folder, reachable on the shop's network over TLS with a
 * generated password); the others join it with its address and a join code shown there, with no
 * password typed. These methods are the host's (it starts the server, closes the running core and
 * opens the next one, as `database.*` do).
 */

export const ShopServerStatus = z.object({
  /**
   * This register: the caja principal (`main`), a register joined to one (`joined`), or neither
   * (its own data, or a shop PostgreSQL chosen by address in Ajustes › Base de datos del negocio).
   */
  role: z.enum(['main', 'joined', 'none']),
  /** Whether the caja principal's server runs (false unless `main`). */
  running: z.boolean(),
  port: z.number().int().nullable(),
  /** `IP:puerto` another register types (the main register's LAN addresses); empty unless `main`. */
  addresses: z.array(z.string()),
  /**
   * The join code, in groups of five; given to an administrator only (null to a cajero, and
   * unless `main`). It carries the database's password: whoever reads it can join.
   */
  joinCode: z.string().nullable(),
  /** The caja principal this register joined (`IP:puerto`); null unless `joined`. */
  joinedTo: z.string().nullable(),
});
export type ShopServerStatus = z.infer<typeof ShopServerStatus>;

/** As the caja principal shows it: `192.168.1.20:5433`. */
const JoinAddress = z
  .string({ message: 'Escriba la dirección de la caja principal.' })
  .trim()
  .min(1, 'Escriba la dirección que muestra la caja principal (por ejemplo 192.168.1.20:5433).')
  .max(300, 'La dirección es demasiado larga.');

/** Read tolerantly in core (lower case, spaces, dashes, O/0, I/L/1): here only its presence. */
const JoinCode = z
  .string({ message: 'Escriba el código para unirse.' })
  .trim()
  .min(1, 'Escriba el código para unirse que muestra la caja principal.')
  .max(200, 'El código es demasiado largo.');

export const JoinInput = z.object({ address: JoinAddress, code: JoinCode }).strict();
export type JoinInput = z.infer<typeof JoinInput>;

export const BecameMain = z.object({
  /** Tables and rows moved from this register's own store and proved; 0 when it already was the caja principal. */
  tables: z.number().int(),
  rows: z.number().int(),
  status: ShopServerStatus,
});
export type BecameMain = z.infer<typeof BecameMain>;

export const shopServerMethods = {
  'shopServer.status': method(z.object({}).strict(), ShopServerStatus),
  /**
   * «Hacer de este equipo la caja principal»: the server made (once) and started, this register's
   * own store moved into it and proved (as `database.move`), and this register switched to it over
   * 127.0.0.1. A second call changes nothing. Refused while another shop database is chosen.
   */
  'shopServer.becomeMain': method(z.object({ confirm: z.literal(true) }).strict(), BecameMain),
  /** Starts the caja principal's server (it also starts with the app). */
  'shopServer.start': method(z.object({}).strict(), ShopServerStatus),
  /** Stops it: every register, this one included, loses the shop's database until it starts again. */
  'shopServer.stop': method(z.object({ confirm: z.literal(true) }).strict(), ShopServerStatus),
  /**
   * «Unirse a una caja principal»: the code checked, the server's certificate compared with it, the
   * shop's data found there, the password kept in the keychain and the certificate pinned, then this
   * register re-opened on it. A refusal names the field to check; nothing is kept.
   */
  'shopServer.join': method(JoinInput, ShopServerStatus),
};
