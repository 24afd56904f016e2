// Core's answers that several component tests build alike: a payment method and a ledger submission.
import type { PaymentMethod } from '#shared/api/fe';
import type { Submission } from '#shared/rpc/methods/submissions';

/** The company's default cash payment method. */
export const CASH: PaymentMethod = {
  id: 7,
  payment_form: 'contado',
  label: 'Efectivo',
  payment_means_code: '10',
  payment_means_name: 'Efectivo',
  is_active: true,
  is_default: true,
};

/** A submission of the ledger: an FE accepted by the DIAN unless `fields` say otherwise. */
export function aSubmission(fields: Partial<Submission> = {}): Submission {
  return {
    id: 7,
    kind: 'FE',
    connection_id: 1,
    company_id: 101,
    idempotency_key: 'k',
    payload_hash: 'h',
    state: 'accepted',
    attempts: 1,
    counterpart: 'Ana Pérez',
    http_status: 201,
    document_id: 12,
    document_number: 'SETT12',
    fiscal_key: 'c'.repeat(96),
    estado_dian: 'aceptado',
    error: null,
    created_at: '2026-11-20T15:00:00Z',
    updated_at: '2026-11-20T15:00:00Z',
    next_check_at: null,
    ...fields,
  };
}
