// The local record of a rejected document (history/local-record.ts): built from the request the
// ledger kept, under the server's id when there is one, else under the submission's id negated.
import { describe, expect, it } from 'vitest';
import { rejectedRow } from '#core/history/local-record';
import type { SubmissionRow } from '#core/submissions/ledger';

function row(kind: 'FE' | 'DSE', request: unknown, fields: Partial<SubmissionRow> = {}): SubmissionRow {
  return {
    id: 12,
    connection_id: 3,
    base_url: 'https://api.example.co/v1',
    company_id: 7,
    kind,
    idempotency_key: 'k',
    endpoint_path: '/companies/7/x',
    request_body: Buffer.from(JSON.stringify(request)),
    payload_hash: 'h',
    credential: null,
    content_hash: null,
    state: 'rejected',
    attempts: 1,
    counterpart: null,
    http_status: 422,
    document_id: null,
    document_number: null,
    fiscal_key: null,
    estado_dian: null,
    response_body: '{"ok":false,"error":"regla"}',
    error_code: 'api_rejected',
    error_message: 'La DIAN rechazó el documento: regla.',
    created_at: '2026-03-02T15:00:00.000Z',
    updated_at: '2026-03-02T15:00:00.000Z',
    last_attempt_at: null,
    due_at: null,
    unreachable_attempts: 0,
    outbox_ref: null,
    outbox_deadline_at: null,
    outbox_transmitted_at: null,
    outbox_ticket: null,
    outbox_ticket_problem: null,
    field_errors: null,
    rejection: null,
    ticket_ref: null,
    ...fields,
  };
}

describe('local record of a rejected document', () => {
  it('an FE refused without factura_id: the submission id negated, the request as sent', () => {
    const fe = {
      receptor: { tipo_doc: '13', numero_doc: '1020', nombre: 'Ana Pérez', email: '', direccion: '' },
      items: [
        { desc: 'Corte de cabello', cant: 1, unit: 20000, iva: 19 },
        { desc: 'Tinte', cant: 1, unit: 30000, iva: 19 },
      ],
      subtotal: 50000,
      impuestos: 9500,
      total: 59500,
      fecha_emision: '2026-03-01',
      currency: { commercial_currency: 'USD', applied_rate: 4000, official_trm: 4000, rate_date: '2026-03-01' },
    };
    expect(rejectedRow(row('FE', fe), 'now')).toMatchObject({
      kind: 'FE',
      remote_id: -12,
      tipo_dian: '01',
      number: '',
      estado_dian: 'rechazado',
      issue_date: '2026-03-01',
      counterpart_name: 'Ana Pérez',
      counterpart_doc: '1020',
      subtotal: '50000.00',
      impuestos: '9500.00',
      total: '59500.00',
      total_cents: 5_950_000,
      moneda: 'USD',
      items_text: 'Corte de cabello\nTinte',
      submission_id: 12,
    });
  });

  it('a DSE with an id and a number: under its id, totals as the contract computes them', () => {
    const dse = {
      fecha_documento: '2026-03-02',
      proveedor: { tipo_documento: '13', nit: '1030', nombre: 'Luis Gómez' },
      items: [{ codigo: '70111703', descripcion: 'Jardinería', cantidad: 3, precio_unitario: 33333.33, porcentaje_iva: 19 }],
    };
    const made = rejectedRow(row('DSE', dse, { document_id: 88, document_number: 'DS501', fiscal_key: 'cuds' }), 'now');
    expect(made).toMatchObject({
      remote_id: 88,
      number: 'DS501',
      prefijo: 'DS',
      consecutivo: 501,
      fiscal_key: 'cuds',
      subtotal: '99999.99',
      impuestos: '19000.00',
      total: '118999.99',
      moneda: 'COP',
    });
    expect(JSON.parse(made.document_json)).toMatchObject({
      registro_local: true,
      id: 88,
      motivo: 'La DIAN rechazó el documento: regla.',
    });
  });

  it('an unreadable request still gives a row, dated the day the submission was made in Colombia', () => {
    const made = rejectedRow({ ...row('FE', {}), request_body: Buffer.from('no es json') }, 'now');
    expect(made).toMatchObject({ remote_id: -12, issue_date: '2026-03-02', counterpart_name: '', total: '0.00' });
  });
});
