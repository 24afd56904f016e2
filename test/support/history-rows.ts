// A mirrored FE document as the history tables store it, for tests that write rows straight into
// history_documents (the search migrations' tests): accepted, dated 2026-11-0<n>, its fields taken
// from its place `i` in the list and the counterpart and items given.
import type { Insertable } from 'kysely';
import type { HistoryDocumentsTable } from '#core/store/schema';

export function acceptedDocument(i: number, counterpartName: string, itemsText: string): Insertable<HistoryDocumentsTable> {
  return {
    connection_id: 1,
    kind: 'FE',
    remote_id: i + 1,
    tipo_dian: '01',
    number: `SETP${9000 + i}`,
    prefijo: 'SETP',
    consecutivo: 9000 + i,
    estado_dian: 'aceptado',
    fiscal_key: `c0ffee${i}`,
    issue_date: `2026-11-0${i + 1}`,
    counterpart_name: counterpartName,
    counterpart_doc: `90012345${i}`,
    subtotal: '1.00',
    impuestos: '0.00',
    total: '1.00',
    total_cents: 100,
    moneda: 'COP',
    items_text: itemsText,
    document_json: '{}',
    submission_id: null,
    synced_at: '2026-11-06T12:00:00.000Z',
  };
}
