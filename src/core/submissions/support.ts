// Support information, exactly the contract's list ("Errors": what to attach to a support request),
// never the bearer token.
import type { SupportInfo } from '#shared/rpc/methods/submissions';
import { toColombiaIso } from '#shared/dates';
import type { SubmissionRow } from './ledger';

export function supportInfo(row: SubmissionRow, now: Date): SupportInfo {
  const keyLabel = row.kind === 'DSE' ? 'Idempotency-Key' : 'draft_key';
  const idLabel = row.kind === 'DSE' ? 'documento.id' : 'factura_id';
  const fiscalLabel = row.kind === 'DSE' ? 'CUDS' : 'CUFE';
  const fields: SupportInfo['fields'] = [
    { label: 'Fecha y hora', value: toColombiaIso(now) },
    { label: 'Enviado', value: toColombiaIso(new Date(row.last_attempt_at ?? row.created_at)) },
    { label: 'company_id', value: String(row.company_id) },
    { label: 'Servicio', value: row.base_url },
    { label: 'Endpoint', value: `POST ${row.endpoint_path}` },
    { label: 'Estado HTTP', value: row.http_status === null ? 'sin respuesta' : String(row.http_status) },
    { label: keyLabel, value: row.idempotency_key },
    { label: idLabel, value: row.document_id === null ? '—' : String(row.document_id) },
    { label: fiscalLabel, value: row.fiscal_key ?? '—' },
    { label: 'estado_dian', value: row.estado_dian ?? '—' },
    { label: 'Estado en Factura Desk', value: row.state },
    { label: 'Intentos', value: String(row.attempts) },
    { label: 'Hash del payload (SHA-256)', value: row.payload_hash },
    { label: 'Respuesta (sanitizada)', value: row.response_body ?? '—' },
  ];
  if (row.error_message) fields.push({ label: 'Error', value: `${row.error_code ?? ''} ${row.error_message}`.trim() });
  return { fields, text: fields.map((field) => `${field.label}: ${field.value}`).join('\n') };
}
