// Cashiers: who is at the keyboard, with a name, a PIN and a role. «cajero» sells and opens and
// closes their own shift; «administrador» does everything, including cash out, accepting a close
// with a difference, opening the drawer on demand, the settings and the corrections. Core enforces
// it (src/core/cashiers/roles.ts); the window only follows.
import { z } from 'zod';
import { method } from '../define';

export const CASHIER_ROLES = ['cajero', 'administrador'] as const;
export const CashierRole = z.enum(CASHIER_ROLES, { message: 'Elija el rol: cajero o administrador.' });
export type CashierRole = z.infer<typeof CashierRole>;

export const Pin = z.string().regex(/^\d{4,8}$/, 'El PIN son de 4 a 8 números.');

export const CashierName = z
  .string()
  .trim()
  .min(1, 'Escriba el nombre de quien atiende la caja.')
  .max(60, 'El nombre admite como máximo 60 caracteres.');

export const Cashier = z.object({ id: z.number().int(), name: z.string(), role: CashierRole, active: z.boolean() });
export type Cashier = z.infer<typeof Cashier>;

export const RegisterName = z
  .string()
  .trim()
  .min(1, 'Escriba el nombre de esta caja, como «Caja 1».')
  .max(40, 'El nombre de la caja admite como máximo 40 caracteres.');

export const CashierState = z.object({
  /** false until the first administrator is created: the app then works as before cashiers */
  has_admin: z.boolean(),
  register_name: z.string(),
  /** a one-person shop: who signed in stays signed in when the app opens again */
  stay_signed_in: z.boolean(),
  current: Cashier.nullable(),
  cashiers: z.array(Cashier),
});
export type CashierState = z.infer<typeof CashierState>;

export const NewCashier = z.object({ name: CashierName, pin: Pin, role: CashierRole }).strict();
export type NewCashier = z.infer<typeof NewCashier>;

export const CashierSettings = z.object({ register_name: RegisterName, stay_signed_in: z.boolean() }).strict();
export type CashierSettings = z.infer<typeof CashierSettings>;

export const cashierMethods = {
  'cashiers.state': method(z.object({}).strict(), CashierState),
  /** The first run: the administrator, signed in at once. Refused once one exists. */
  'cashiers.createAdmin': method(z.object({ name: CashierName, pin: Pin }).strict(), CashierState),
  /** Another cashier (administrator only); the PIN must differ from every other cashier's. */
  'cashiers.create': method(NewCashier, CashierState),
  /** A cashier leaves (administrator only): their PIN stops working; their shifts stay theirs. */
  'cashiers.setActive': method(z.object({ id: z.number().int().positive(), active: z.boolean() }).strict(), CashierState),
  /** Switching cashier: the PIN alone says who. Wrong PINs are limited. */
  'cashiers.signIn': method(z.object({ pin: Pin }).strict(), CashierState),
  'cashiers.signOut': method(z.object({}).strict(), CashierState),
  'cashiers.setSettings': method(CashierSettings, CashierState),
};
