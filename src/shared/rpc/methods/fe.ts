import { z } from 'zod';
import { Acquirer, AcquirerLookupRequest, FeCreateRequest, FeDocument, LIMITS, PaymentMethod, Tercero } from '#shared/api/index';
import { SalePayment, SalePayments } from '#shared/sales/sale-payment';
import { method } from '../define';
import { Submission } from './submissions';

/** The FE body as forms send it: `draft_key` is generated unless the caller already has one. */
export const FeSubmitInput = FeCreateRequest.extend({ draft_key: z.string().min(1).max(LIMITS.draftKeyMax).optional() });

/**
 * One FE withholding type the company's configuration accepts, typed by the user from the provider's
 * configuration (the contract lists no values: "FE withholdings", "not shown"). `type` and
 * `base_mode` are sent exactly as entered; `label` is what the form shows.
 */
export const FeWithholdingType = z.object({
  type: z.string().trim().min(1, 'Escriba el código del tipo.').max(40),
  label: z.string().trim().min(1, 'Escriba un nombre para mostrar.').max(80),
  base_mode: z.string().trim().min(1, 'Escriba la base (por ejemplo subtotal).').max(40),
});
export type FeWithholdingType = z.infer<typeof FeWithholdingType>;

export const COMPANY_LIST_NAMES = ['payment_methods', 'terceros'] as const;
export type CompanyListName = (typeof COMPANY_LIST_NAMES)[number];
const CompanyListStatus = z.object({
  /** When the local copy was read from the service (an instant); null: there is no copy yet. */
  read_at: z.string().nullable(),
  /** Why the last refresh failed, in Spanish; null when it did not (or none was tried this run). */
  error: z.string().nullable(),
});
export const CompanyListsStatus = z.object({ payment_methods: CompanyListStatus, terceros: CompanyListStatus });
export type CompanyListsStatus = z.infer<typeof CompanyListsStatus>;

export const feMethods = {
  /** `payments`: how the buyer paid a sale (shared/sales/sale-payment.ts), recorded with its submission. */
  'fe.submit': method(z.object({ request: FeSubmitInput, payments: SalePayments.optional() }).strict(), Submission),
  /** How a sale was paid, as recorded with its submission (none for a sale on credit or sent without). */
  'fe.salePayments': method(z.object({ submission_id: z.number().int().positive() }).strict(), z.array(SalePayment)),
  /** Like dse.findSame: the same invoice (draft_key aside) already in the ledger, or null. */
  'fe.findSame': method(z.object({ request: FeSubmitInput }).strict(), Submission.nullable()),
  /** Endpoint 2. */
  'fe.get': method(z.object({ id: z.number().int().positive() }).strict(), FeDocument),
  /**
   * Endpoint 4: the company's payment methods (ids are per company; never hard-coded), from the
   * connection's local copy (read from the service in the background; see CompanyLists).
   */
  'fe.paymentMethods': method(z.object({}).strict(), z.array(PaymentMethod)),
  /** Endpoint 3, from the local copy like the payment methods. */
  'fe.terceros': method(z.object({}).strict(), z.array(Tercero)),
  /** When the active connection's lists were last read from the service. */
  'fe.listsStatus': method(z.object({}).strict(), CompanyListsStatus),
  /** Reads them from the service now (waits for the answers). */
  'fe.refreshLists': method(z.object({}).strict(), CompanyListsStatus),
  /** Endpoint 5. */
  'fe.lookupAcquirer': method(AcquirerLookupRequest.strict(), Acquirer),
  /** The active connection's FE withholding types, in the order the user entered them. */
  'fe.withholdingTypes': method(z.object({}).strict(), z.array(FeWithholdingType)),
  /** Replaces the active connection's list (an empty list: the company applies no withholdings here). */
  'fe.saveWithholdingTypes': method(
    z
      .object({ types: z.array(FeWithholdingType).max(30) })
      .strict()
      .refine((input) => new Set(input.types.map((t) => t.type)).size === input.types.length, {
        message: 'Hay tipos de retención repetidos.',
        path: ['types'],
      }),
    z.array(FeWithholdingType),
  ),
};
