// "Cierre de caja": a day's invoices issued from this installation, read from the
// local ledger (the exact requests sent) with exact money in cents.
import { z } from 'zod';
import { IsoDate } from '#shared/api/common';
import { method } from '../define';

const Cents = z.number().int();

export const DayCloseDocument = z.object({
  submission_id: z.number().int(),
  /** the DIAN number when known ("SETP990001234") */
  number: z.string().nullable(),
  counterpart: z.string(),
  total_cents: Cents,
  /** ledger state: accepted, pending, in_doubt, sending, rejected */
  state: z.string(),
  created_at: z.string(),
});
export type DayCloseDocument = z.infer<typeof DayCloseDocument>;

export const DayClose = z.object({
  /** the Colombian day (YYYY-MM-DD) and its instants [from, to) */
  date: IsoDate,
  from: z.string(),
  to: z.string(),
  accepted: z.number().int(),
  subtotal_cents: Cents,
  taxes_cents: Cents,
  total_cents: Cents,
  /** accepted invoices by payment: form (contado/crédito), the company's method id and its means code */
  by_payment: z.array(
    z.object({
      form: z.string(),
      method_id: z.number().int().nullable(),
      means_code: z.string(),
      documents: z.number().int(),
      total_cents: Cents,
    }),
  ),
  /** taxes of accepted invoices by type and rate */
  taxes: z.array(z.object({ code: z.string(), name: z.string(), rate: z.string(), base_cents: Cents, amount_cents: Cents })),
  pending: z.array(DayCloseDocument),
  pending_total_cents: Cents,
  rejected: z.array(DayCloseDocument),
  rejected_total_cents: Cents,
  /** accepted invoices whose request could not be read (never expected; counted, not summed) */
  unreadable: z.number().int(),
});
export type DayClose = z.infer<typeof DayClose>;

export const dayCloseMethods = {
  /** The "Cierre de caja" of a Colombian day (today when no date is given). */
  'dayClose.get': method(z.object({ date: IsoDate.optional() }).strict(), DayClose),
};
