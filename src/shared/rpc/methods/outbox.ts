// The contingency outbox: what waits to be transmitted, and transmission on demand.
import { z } from 'zod';
import { method } from '../define';
import { DocumentKind } from './submissions';

export const OutboxItem = z.object({
  submission_id: z.number().int(),
  kind: DocumentKind,
  /** "CONT-000012": printed on the document until its number is known. */
  local_ref: z.string(),
  counterpart: z.string().nullable(),
  queued_at: z.string(),
  /** End of the transmission window (48 h after the sale unless configured otherwise). */
  deadline_at: z.string(),
  level: z.enum(['ok', '24h', '4h', 'missed']),
  /** "quedan 23 h 5 min", in Spanish. */
  time_left: z.string(),
  /** The warning or the missed-deadline message, in Spanish; null while the window is wide. */
  message: z.string().nullable(),
  last_error: z.string().nullable(),
  /** The name of the connection (company and service) the sale waits for. */
  connection_label: z.string(),
  /** An FE's contingency ticket number ("CT12"), null without one (then `ticket_problem` says why). */
  ticket: z.string().nullable().optional(),
  ticket_problem: z.string().nullable().optional(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

export const OutboxStatus = z.object({
  queued: z.number().int(),
  /** When the service was last tried (an instant), null before the first try. */
  last_check_at: z.string().nullable(),
  reachable: z.boolean().nullable(),
  transmitting: z.boolean(),
  window_hours: z.number(),
  items: z.array(OutboxItem),
  /**
   * What the shop must know of its contingency numbering, in Spanish: none configured (tickets go
   * out without a number), or a queued sale that got none; null when all is in order.
   */
  numbering_notice: z.string().nullable().optional(),
});
export type OutboxStatus = z.infer<typeof OutboxStatus>;

export const OutboxPass = z.object({
  transmitted: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int(),
  reachable: z.boolean().nullable(),
  message: z.string().nullable(),
});

export const outboxMethods = {
  'outbox.status': method(z.object({}).strict(), OutboxStatus),
  /** Transmits the outbox now, in order (the "Transmitir ahora" button); waits for the pass. */
  'outbox.transmit': method(z.object({}).strict(), OutboxPass),
  /** The transmission window of the sales queued from now on; those already queued keep theirs. */
  'outbox.setWindow': method(
    z
      .object({
        hours: z
          .number({ message: 'Indique el plazo en horas, con números.' })
          .int('Indique el plazo en horas enteras.')
          .min(1, 'El plazo es de al menos 1 hora.')
          .max(720, 'El plazo es de máximo 720 horas (30 días).'),
      })
      .strict(),
    OutboxStatus,
  ),
};
