// A 400 from the service mapped onto the form. The contract does not show the body of a 400; a
// field list, in any shape fieldErrorList knows, is read here only as an optional extra (without
// one, the form shows the server's whole message). RPC input errors arrive as paths such as
// "request.items.0.codigo".
import { fieldErrorList } from '../../../../shared/api';
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
  const out: Record<string, string> = {};
  for (const e of fieldErrorList(body)) out[formPathOf(e.field, withholdingRows)] ??= messageOf(e);
  return out;
}

export function fieldsFromRpc(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) out[path.replace(/^request\./, '')] = message;
  return out;
}
