// A 400 from the service mapped onto the form. The contract does not show the body of a 400; the
// sandbox (and perhaps the real service) adds `errors: [{field, message}]`, read here only as an
// optional extra. RPC input errors arrive as paths such as "request.items.0.codigo".
import { ValidationErrorEnvelope } from '../../../../shared/api';
import type { SupportInfo } from '../../../../shared/rpc/methods/submissions';
import { formPathOf, messageOf } from './validate';

export function fieldsFromResponse(info: SupportInfo, withholdingRows: readonly number[]): Record<string, string> {
  const raw = info.fields.find((f) => f.label === 'Respuesta (sanitizada)')?.value;
  if (!raw) return {};
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return {};
  }
  const parsed = ValidationErrorEnvelope.safeParse(body);
  if (!parsed.success || !parsed.data.errors) return {};
  const out: Record<string, string> = {};
  for (const e of parsed.data.errors) out[formPathOf(e.field, withholdingRows)] ??= messageOf(e);
  return out;
}

export function fieldsFromRpc(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) out[path.replace(/^request\./, '')] = message;
  return out;
}
