// Reading the mirrored document and the ledger's request for the detail and the printed page.
// Documents come from the API (FE: endpoint 2; DSE: endpoint 8) and requests from this app's own
// ledger; both are shown as they are, so unknown or missing fields never break the view.
import { dec, sum, toMoneyString } from '#shared/money';

export interface DocLine {
  codigo: string;
  descripcion: string;
  cantidad: string;
  unidad: string;
  valor_unitario: string;
  descuento: string;
  base: string;
  impuesto: string;
  tipo_impuesto: string;
  codigo_impuesto: string;
  tarifa: string;
}

export interface TaxGroup {
  name: string;
  code: string;
  base: string;
  amount: string;
}

export interface Withholding {
  name: string;
  base: string;
  percent: string;
  amount: string;
  /** DSE: the base as an amount and what it was taken from (dse-print.ts) */
  baseAmount?: string;
  baseMode?: string;
}

type Obj = Record<string, unknown>;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const asObj = (value: unknown): Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
const asList = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(asObj) : []);
const money = (value: unknown): string => {
  try {
    return toMoneyString(text(value) || '0');
  } catch {
    return '0.00';
  }
};

export function feLines(document: Obj): DocLine[] {
  return asList(document.items).map((item) => {
    const base = money(item.base_imponible);
    const tax = money(item.impuesto);
    return {
      // The FE document resource has no product code.
      codigo: '',
      descripcion: text(item.descripcion),
      cantidad: text(item.cantidad),
      unidad: 'EA',
      valor_unitario: money(item.valor_unitario),
      descuento: money(item.descuento),
      base,
      impuesto: tax,
      tipo_impuesto: text(item.tipo_impuesto) || 'IVA',
      codigo_impuesto: text(item.codigo_impuesto) || '01',
      tarifa: dec(base).isZero() ? '0' : dec(tax).div(base).times(100).toDecimalPlaces(2).toString(),
    };
  });
}

/** DSE lines come from the request this app sent (the DSE document resource has no items). */
export function dseLines(request: Obj | null): DocLine[] {
  return asList(request?.items).map((item) => {
    const base = dec(text(item.cantidad) || '0').times(text(item.precio_unitario) || '0');
    const rate = text(item.porcentaje_iva) || '0';
    const tax = item.impuesto !== undefined ? dec(text(item.impuesto)) : base.times(rate).div(100);
    return {
      codigo: text(item.codigo),
      descripcion: text(item.descripcion),
      cantidad: text(item.cantidad),
      unidad: text(item.unidad_medida) || 'EA',
      valor_unitario: money(item.precio_unitario),
      descuento: '0.00',
      base: toMoneyString(base),
      impuesto: toMoneyString(tax),
      tipo_impuesto: 'IVA',
      codigo_impuesto: '01',
      tarifa: rate,
    };
  });
}

export function taxGroups(lines: DocLine[]): TaxGroup[] {
  const groups = new Map<string, DocLine[]>();
  for (const line of lines) {
    if (dec(line.impuesto).isZero()) continue;
    const key = `${line.tipo_impuesto} ${line.tarifa}%`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.entries()].map(([name, group]) => ({
    name,
    code: group[0]!.codigo_impuesto,
    base: toMoneyString(sum(group.map((line) => line.base))),
    amount: toMoneyString(sum(group.map((line) => line.impuesto))),
  }));
}

/** FE: the request's withholdings (type, base mode, percent); DSE: the request's retenciones. */
export function withholdings(kind: 'FE' | 'DSE', request: Obj | null): Withholding[] {
  if (kind === 'FE') {
    return asList(request?.withholdings).map((w) => ({
      name: text(w.type),
      base: feBaseText(text(w.base_mode)),
      percent: text(w.percent),
      amount: '',
    }));
  }
  return asList(request?.retenciones)
    .filter((w) => w.enabled !== false && w.activa !== false)
    .map((w) => ({
      name: `${text(w.tax_name ?? w.nombre ?? w.retention_key ?? w.type)} (${text(w.dian_tax_code ?? w.codigo_dian)})`,
      base: text(w.base_mode ?? w.modo_base ?? w.base_amount ?? w.base),
      percent: text(w.percent ?? w.porcentaje),
      amount: w.amount !== undefined || w.valor !== undefined ? money(w.amount ?? w.valor) : '',
    }));
}

/**
 * An FE withholding's base in the shop's words: the modes the app computes by name; any other is the
 * provider's own code (its list is the company's configuration), quoted as such.
 */
function feBaseText(mode: string): string {
  const known: Record<string, string> = { subtotal: 'sobre el subtotal', impuestos: 'sobre el IVA', total: 'sobre el total' };
  if (mode === '') return '';
  return known[mode.trim().toLowerCase()] ?? `base «${mode}» del proveedor`;
}

/** The taxes the QR code separates: IVA, and the sum of the others (INC, ICA...). */
export function ivaAndOthers(lines: DocLine[]): { iva: string; others: string } {
  const iva = sum(lines.filter((line) => line.tipo_impuesto.toUpperCase() === 'IVA').map((line) => line.impuesto));
  const others = sum(lines.filter((line) => line.tipo_impuesto.toUpperCase() !== 'IVA').map((line) => line.impuesto));
  return { iva: toMoneyString(iva), others: toMoneyString(others) };
}

export { asObj, text };
