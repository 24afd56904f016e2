// A DSE request moved to another Colombian day (a sale held in the contingency outbox past midnight),
// so that it obeys every date rule of "7. Create, sign and send DSE" on that day. Pure: the request
// in, a new request out, each field under the very names (canonical or alias) it came with.
import { FieldErrors, readCode, type RawObject } from '../api/fields';
import { DSE_FIELD_ALIASES as F } from './aliases';

/** Sets every name of a field the request carries as a string (canonical and aliases alike). */
function setPresent(request: RawObject, names: readonly string[], value: string): void {
  for (const name of names) if (typeof request[name] === 'string') request[name] = value;
}

/** Every name of a field the request carries as a date before `day` moves to `day`; later ones stay. */
function notBefore(request: RawObject, names: readonly string[], day: string): void {
  for (const name of names) {
    const value = request[name];
    if (typeof value === 'string' && value !== '' && value < day) request[name] = day;
  }
}

/** A code as the validation reads it (a number or a trimmed text), or the contract's default. */
function code(request: RawObject, names: readonly string[], fallback: string): string {
  const name = names.find((n) => request[n] !== undefined);
  return (name ? readCode(request[name], name, new FieldErrors()) : undefined) ?? fallback;
}

/**
 * The request dated `today` (Colombia's date, YYYY-MM-DD):
 * - `fecha_documento` (and `fecha`) is `today`;
 * - per operation (`forma_generacion` 1, the default): "period start and end equal the document
 *   date", so any period dates sent become `today`; weekly (2): the period is the week bought in and
 *   stays (its end was not after the old date, so it is not after `today`);
 * - cash (`forma_pago` 1, the default): the due date is "forced to the document date";
 * - credit (2): a due date that would now "precede fecha_documento" becomes `today`, a later one is
 *   the agreed term and stays; `fecha_vencimiento_contable` likewise ("cannot precede the issue date").
 * - `hora`, when sent with another date, was the hour of the sale on the old day: dropped, so that the server stamps
 *   the hour of the transmission ("when omitted it is generated") rather than a time still to come.
 * A date written in another shape is left for the validation to name.
 */
export function redateDseRequest(request: RawObject, today: string): RawObject {
  const dated: RawObject = { ...request };
  const moved = F.fecha_documento.some((name) => request[name] !== undefined && request[name] !== today);
  setPresent(dated, F.fecha_documento, today);
  if (!F.fecha_documento.some((name) => dated[name] !== undefined)) dated[F.fecha_documento[0]] = today;
  if (code(dated, ['forma_generacion'], '1') === '1') {
    setPresent(dated, F.fecha_inicio_periodo, today);
    setPresent(dated, F.fecha_fin_periodo, today);
  }
  if (code(dated, F.forma_pago, '1') === '1') setPresent(dated, F.fecha_vencimiento, today);
  else notBefore(dated, F.fecha_vencimiento, today);
  notBefore(dated, ['fecha_vencimiento_contable'], today);
  if (moved) delete dated.hora;
  return dated;
}
