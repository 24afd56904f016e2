// Form values -> the body of `POST /dse/documentos` (canonical names of "DSE create request"),
// plus the errors of numbers that could not be read as typed. The body is what the shared rules
// (src/shared/dse) judge and, once valid, exactly what is submitted.
import { DSE_WITHHOLDINGS } from '#shared/dse/index';
import { isIsoDate } from '#shared/dates';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { parseUserNumber } from '#shared/user-number';
import type { DseFormValues, ItemValues, SupplierValues, WithholdingValues } from './form-values';

export type Raw = Record<string, unknown>;

export interface RawRequest {
  body: Raw;
  /** index in the body's `retenciones` -> row of the form (disabled rows are not sent) */
  withholdingRows: number[];
  /** form path -> message, for numbers that are not numbers */
  parseErrors: Record<string, string>;
}

const NOT_A_NUMBER = 'no es un número válido (escríbalo como 1.234,50)';

export function readFormNumber(text: string, path: string, errors: Record<string, string>): number | undefined {
  if (text.trim() === '') return undefined;
  const parsed = parseUserNumber(text);
  if (parsed === null) {
    errors[path] = NOT_A_NUMBER;
    return undefined;
  }
  return Number(parsed);
}

export function supplierBody(p: SupplierValues): Raw {
  const out: Raw = {};
  for (const key of Object.keys(p) as (keyof SupplierValues)[]) {
    const text = p[key].trim();
    if (text !== '') out[key] = text;
  }
  // The check digit is computed for a NIT when the user did not type one (FISCAL.md, "NIT check digit").
  if (!out.dv && p.tipo_documento === '31' && /^\d{1,15}$/.test(p.nit.trim())) out.dv = nitCheckDigit(p.nit.trim());
  return out;
}

export function itemBody(item: ItemValues, at: string, errors: Record<string, string>): Raw {
  const out: Raw = {
    codigo: item.codigo.trim(),
    descripcion: item.descripcion.trim(),
    unidad_medida: item.unidad_medida.trim() || 'EA',
  };
  // "a fallback exists when missing; send a real one" ("DSE item"): the form asks for it.
  if (out.descripcion === '') errors[`${at}.descripcion`] = 'Escriba qué se compró (la descripción real del bien o servicio)';
  const cantidad = readFormNumber(item.cantidad, `${at}.cantidad`, errors);
  const precio = readFormNumber(item.precio_unitario, `${at}.precio_unitario`, errors);
  const iva = readFormNumber(item.porcentaje_iva, `${at}.porcentaje_iva`, errors);
  if (cantidad !== undefined) out.cantidad = cantidad;
  if (precio !== undefined) out.precio_unitario = precio;
  out.porcentaje_iva = iva ?? 0;
  if (item.cost_center_id !== '') out.cost_center_id = Number(item.cost_center_id);
  return out;
}

export function withholdingBody(w: WithholdingValues, at: string, errors: Record<string, string>): Raw {
  const canonical = DSE_WITHHOLDINGS.find((c) => c.code === w.code);
  const out: Raw = { base_mode: w.base_mode };
  if (canonical) Object.assign(out, { retention_key: canonical.key, dian_tax_code: canonical.code, tax_name: canonical.name });
  const base = readFormNumber(w.base_amount, `${at}.base_amount`, errors);
  const percent = readFormNumber(w.percent, `${at}.percent`, errors);
  const amount = readFormNumber(w.amount, `${at}.amount`, errors);
  if (base !== undefined) out.base_amount = base;
  if (percent !== undefined) out.percent = percent;
  if (amount !== undefined) out.amount = amount;
  return out;
}

/** A date as the form holds it: ISO once typed as a date, else the text typed ('' when empty). */
function readFormDate(text: string, path: string, errors: Record<string, string>): string {
  const value = text.trim();
  if (value === '' || isIsoDate(value)) return value;
  errors[path] = 'No es una fecha válida: escríbala como dd/mm/aaaa (por ejemplo 14/11/2026)';
  return '';
}

/** `today` is Colombia's date: the document date of both modes (the issue date is the sending date). */
export function toRawRequest(v: DseFormValues, today: string): RawRequest {
  const parseErrors: Record<string, string> = {};
  const withholdingRows: number[] = [];
  const retenciones: Raw[] = [];
  v.retenciones.forEach((w, row) => {
    if (!w.enabled) return;
    withholdingRows.push(row);
    retenciones.push(withholdingBody(w, `retenciones.${row}`, parseErrors));
  });
  const body: Raw = {
    fecha_documento: today,
    moneda: 'COP',
    proveedor: supplierBody(v.proveedor),
    items: v.items.map((item, i) => itemBody(item, `items.${i}`, parseErrors)),
    forma_generacion: v.forma_generacion,
    forma_pago: v.forma_pago,
    medio_pago_codigo: v.medio_pago_codigo.trim(),
    // In cash the due date is the document date ("forma_pago 1: due date set equal to the document date").
    fecha_vencimiento: v.forma_pago === '1' ? today : readFormDate(v.fecha_vencimiento, 'fecha_vencimiento', parseErrors),
    retenciones,
  };
  if (v.forma_generacion === '2') {
    body.fecha_inicio_periodo = readFormDate(v.fecha_inicio_periodo, 'fecha_inicio_periodo', parseErrors);
    body.fecha_fin_periodo = readFormDate(v.fecha_fin_periodo, 'fecha_fin_periodo', parseErrors);
  }
  const contable = readFormDate(v.fecha_vencimiento_contable, 'fecha_vencimiento_contable', parseErrors);
  if (contable) body.fecha_vencimiento_contable = contable;
  if (body.fecha_vencimiento === '') delete body.fecha_vencimiento;
  return { body, withholdingRows, parseErrors };
}
