// Shifts ("turnos"): one cashier at one register, from an opening float to a counted close. Every
// FE issued while it is open and every cash movement belongs to it; once closed nothing of it
// changes. Money crosses as exact decimal strings ("150000.00"); amounts typed in are numbers.
import { z } from 'zod';
import { IsoDate } from '#shared/api/common';
import { DENOMINATIONS } from '#shared/shifts/cash-count';
import { method } from '../define';
import { Pin } from './cashiers';
import { TicketPrinted } from './print';

const Money = z.string();

/** Pesos typed at the counter: up to two decimals, at most a thousand million. */
const Amount = (name: string, negative: string) =>
  z
    .number({ message: `Escriba ${name} en pesos.` })
    .min(0, negative)
    .max(1_000_000_000, 'El valor es demasiado grande (máximo $ 1.000.000.000).')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'Escriba el valor con máximo dos decimales.' });

export const CashMovement = z.object({
  id: z.number().int(),
  kind: z.enum(['in', 'out']),
  amount: Money,
  reason: z.string(),
  cashier: z.string(),
  created_at: z.string(),
});
export type CashMovement = z.infer<typeof CashMovement>;

export const DenominationCountsInput = z
  .object(
    Object.fromEntries(
      DENOMINATIONS.map((d) => [
        d.key,
        z
          .number({ message: 'Escriba cuántos hay (0 si ninguno).' })
          .int('Se cuentan unidades enteras.')
          .min(0, 'La cantidad no puede ser negativa.')
          .max(100_000, 'La cantidad es demasiado grande.'),
      ]),
    ) as Record<string, z.ZodNumber>,
  )
  .strict();

export const Shift = z.object({
  id: z.number().int(),
  register_name: z.string(),
  cashier: z.object({ id: z.number().int(), name: z.string() }),
  opening_float: Money,
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  movements: z.array(CashMovement),
  /** FE issued in the shift (refused ones aside) and their total; rejected ones are listed apart */
  sales: z.object({ documents: z.number().int(), total: Money, cash_documents: z.number().int(), rejected: z.number().int() }),
  cash_received: Money,
  change_given: Money,
  cash_in: Money,
  cash_out: Money,
  /** while open: what the drawer should hold now; once closed: what it should have held */
  expected_cash: Money,
  counted_cash: Money.nullable(),
  difference: Money.nullable(),
  counts: z.record(z.string(), z.number().int()).nullable(),
  difference_accepted_by: z.string().nullable(),
});
export type Shift = z.infer<typeof Shift>;

export const MovementInput = z
  .object({
    kind: z.enum(['in', 'out'], { message: 'Elija si entra o sale efectivo.' }),
    amount: Amount('el valor', 'El valor no puede ser negativo.').refine((v) => v > 0, 'El valor debe ser mayor que cero.'),
    reason: z
      .string()
      .trim()
      .min(3, 'Escriba el motivo, como «pago a proveedor» o «retiro a caja fuerte».')
      .max(120, 'El motivo admite como máximo 120 caracteres.'),
    /** an administrator's PIN when a cajero takes cash out */
    admin_pin: Pin.optional(),
  })
  .strict();
export type MovementInput = z.infer<typeof MovementInput>;

export const CloseInput = z
  .object({
    counts: DenominationCountsInput,
    /** an administrator's PIN accepting a difference between counted and expected */
    admin_pin: Pin.optional(),
  })
  .strict();
export type CloseInput = z.infer<typeof CloseInput>;

export const ShiftsOfDay = z.object({
  date: IsoDate,
  shifts: z.array(Shift),
  opening_float: Money,
  cash_received: Money,
  change_given: Money,
  cash_in: Money,
  cash_out: Money,
  expected_cash: Money,
  /** counted and difference of the closed shifts only */
  counted_cash: Money,
  difference: Money,
  open_shifts: z.number().int(),
});
export type ShiftsOfDay = z.infer<typeof ShiftsOfDay>;

export const shiftMethods = {
  /** The open shift of this register, or null. */
  'shifts.current': method(z.object({}).strict(), Shift.nullable()),
  'shifts.get': method(z.object({ id: z.number().int().positive() }).strict(), Shift),
  'shifts.open': method(
    z.object({ opening_float: Amount('la base de caja', 'La base de caja no puede ser negativa.') }).strict(),
    Shift,
  ),
  /** Cash in or out of the open shift, with its reason; the drawer opens when a receipt printer has one. */
  'shifts.move': method(MovementInput, z.object({ shift: Shift, drawer_opened: z.boolean(), warning: z.string().nullable() })),
  /** The counted close; a difference needs an administrator's PIN. */
  'shifts.close': method(CloseInput, Shift),
  /** The shifts opened on a Colombian day (today when no date is given), summed: the day's «cierre de caja». */
  'shifts.ofDay': method(z.object({ date: IsoDate.optional() }).strict(), ShiftsOfDay),
  /** This register's closed shifts, newest first (10 unless asked), whose close can be printed again. */
  'shifts.recentClosed': method(z.object({ limit: z.number().int().min(1).max(50).optional() }).strict(), z.array(Shift)),
  /** The 80 mm «cierre de turno» on the receipt printer. */
  'shifts.printClose': method(z.object({ id: z.number().int().positive() }).strict(), TicketPrinted),
};
