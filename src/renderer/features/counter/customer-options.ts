// What the customer picker offers for a text: saved customers (the core ranks
// them: exact number, then recent, then by name), the company's third parties from the service
// ("FE third parties"), and the DIAN lookup ("Acquirer lookup") for a number nobody has yet.
import type { Tercero } from '#shared/api/fe';
import { foldCustomerText, type Customer } from '#shared/customers/customer';

export type CustomerOption =
  | { kind: 'saved'; key: string; customer: Customer }
  | { kind: 'tercero'; key: string; tercero: Tercero }
  | { kind: 'dian'; key: string; numero: string };

function terceroMatches(t: Tercero, words: readonly string[], digits: string): boolean {
  if (digits !== '' && t.numero_documento.startsWith(digits)) return true;
  const name = ` ${foldCustomerText(t.nombre)}`;
  return words.length > 0 && words.every((w) => name.includes(` ${w}`));
}

/** A number as typed with dots or spaces ("52.111.222") to its digits; '' when it is not a number. */
export function typedNumber(query: string): string {
  const compact = query.trim().replace(/[.\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : '';
}

export function customerOptions(
  saved: readonly Customer[],
  terceros: readonly Tercero[],
  query: string,
  limit = 8,
): CustomerOption[] {
  const digits = typedNumber(query);
  const words = foldCustomerText(query.trim()).split(/\s+/).filter(Boolean);
  const savedIds = new Set(saved.map((c) => `${c.tipo_doc}:${c.numero_doc}`));
  const fromSaved: CustomerOption[] = saved.map((customer) => ({ kind: 'saved', key: `c${customer.id}`, customer }));
  const fromTerceros: CustomerOption[] =
    query.trim() === ''
      ? []
      : terceros
          .filter((t) => !savedIds.has(`${t.tipo_documento}:${t.numero_documento}`) && terceroMatches(t, words, digits))
          .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es-CO'))
          .map((tercero) => ({ kind: 'tercero', key: `t${tercero.id}`, tercero }));
  const number = (o: CustomerOption) =>
    o.kind === 'saved' ? o.customer.numero_doc : o.kind === 'tercero' ? o.tercero.numero_documento : o.numero;
  const all = [...fromSaved, ...fromTerceros];
  // The exact number first, wherever it came from; otherwise saved (recent first), then third parties.
  const exact = digits === '' ? [] : all.filter((o) => number(o) === digits);
  const rest = all.filter((o) => !exact.includes(o));
  const list = [...exact, ...rest].slice(0, limit);
  if (digits.length >= 5 && digits.length <= 15 && exact.length === 0)
    list.push({ kind: 'dian', key: `d${digits}`, numero: digits });
  return list;
}
