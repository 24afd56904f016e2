// The shop's registers: each data folder is one register with an id of its own and a name («Caja 2»)
// shown on its screens and tickets. Names are unique among the registers not removed; a removed
// register opens no shift and sells nothing until it joins again, with its row as it was.
// Renaming, removing and joining again are an administrator's (src/core/cashiers/roles.ts).
import { z } from 'zod';
import { method } from '../define';
import { RegisterName } from './cashiers';

export const RegisterId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{8}$/, 'Esa caja no existe.');

export const Register = z.object({
  /** the id the register's data folder keeps; its keys and contingency references carry it */
  id: z.string(),
  name: z.string(),
  /** the register this core runs at */
  this_register: z.boolean(),
  created_at: z.string(),
  /** when the register last opened the shop's data */
  last_seen_at: z.string(),
  /** when an administrator removed it; null while it is part of the shop */
  removed_at: z.string().nullable(),
});
export type Register = z.infer<typeof Register>;

export const RegisterList = z.object({ registers: z.array(Register) });
export type RegisterList = z.infer<typeof RegisterList>;

export const registerMethods = {
  /** Every register of the shop, this one marked; the removed ones last. */
  'registers.list': method(z.object({}).strict(), RegisterList),
  /** A new name (administrator only); a name another register has is refused. */
  'registers.rename': method(z.object({ id: RegisterId, name: RegisterName }).strict(), RegisterList),
  /** Takes a register out of the shop (administrator only, from another register; its shift closed first). */
  'registers.remove': method(z.object({ id: RegisterId }).strict(), RegisterList),
  /** This register, removed, joins the shop again with its own row (administrator only). */
  'registers.rejoin': method(z.object({}).strict(), RegisterList),
};
