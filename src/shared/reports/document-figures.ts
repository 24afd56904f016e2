// The figures of one document read from the exact request this app sent (the ledger's bytes),
// computed by the same shared rules the sandbox and the forms use: taxes by type and rate, and for
// a DSE its withholdings with base, rate and amount, and its weekly period. The reports (core) and
// the DSE printout (renderer) both read documents through this, so they never disagree.
import { MAX_DOCUMENT_ITEMS } from '../api/common';
import { FieldErrors, isRawObject, pick, type RawObject } from '../api/fields';
import {
  centsBeforePercent,
  centsOfPercent,
  centsOfProduct,
  decToCents,
  divideHalfUp,
  isSafeCents,
  scaledOfNumber,
  type Scaled,
} from '../cents';
import { WITHHOLDING_TYPES, type WithholdingCode } from '../dian/withholding-types';
import { computeDseAmounts, readDseItems, readDseWithholdings } from '../dse';
import { isTaxTypeCode } from '../dian/tax-types';
import { classifyFeTaxByKind, computeFeTotals, readAiu, readItems } from '../fe';
import type { Dec } from '../money';

export interface TaxFigure {
  /** '01' IVA, '04' INC, '03' ICA; 'ZZ' (DIAN's «No aplica») for the base of lines excluded from IVA */
  code: string;
  name: string;
  /** percent as written ("19", "5", "8") */
  rate: string;
  base_cents: number;
  amount_cents: number;
}

export interface WithholdingFigure {
  code: WithholdingCode;
  name: string;
  base_mode: 'subtotal' | 'impuestos' | 'total';
  rate: string;
  base_cents: number;
  amount_cents: number;
}

export interface DocumentFigures {
  subtotal_cents: number;
  taxes_cents: number;
  total_cents: number;
  taxes: TaxFigure[];
  withholdings: WithholdingFigure[];
  withholdings_cents: number;
  /** DSE weekly accumulated (forma_generacion 2): the period it covers */
  period: { from: string; to: string } | null;
}

function cents(value: Dec): number {
  const out = decToCents(value.toDecimalPlaces(2));
  if (out === null) throw new RangeError(`amount out of range: ${value.toFixed()}`);
  return out;
}

function rateText(value: Dec): string {
  const fixed = value.toDecimalPlaces(4).toFixed();
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

function addTax(taxes: Map<string, TaxFigure>, code: string, name: string, rate: string, base: number, amount: number): void {
  const key = `${code}|${rate}`;
  const found = taxes.get(key);
  if (found) {
    found.base_cents += base;
    found.amount_cents += amount;
  } else taxes.set(key, { code, name, rate, base_cents: base, amount_cents: amount });
}

/**
 * A DSE request body (as sent) to its figures, or null when it is not one the rules can read. The
 * common shapes are read in integer cents (below); anything else by the decimal rules.
 */
export function dseFigures(body: unknown): DocumentFigures | null {
  if (!isRawObject(body)) return null;
  return exactDseFigures(body) ?? decimalDseFigures(body);
}

/** dseFigures through the shared decimal rules (readDseItems, computeDseAmounts, readDseWithholdings), whatever the body. */
export function decimalDseFigures(body: RawObject): DocumentFigures | null {
  const errors = new FieldErrors();
  // Cost centers do not change any amount, and the company's list is not at hand here.
  const items = Array.isArray(body.items)
    ? body.items.map((item: unknown) => {
        if (!isRawObject(item)) return item;
        const { cost_center_id: _id, cost_center_code: _code, centro_costo_codigo: _codigo, ...rest } = item;
        return rest;
      })
    : body.items;
  const lines = readDseItems(items, [], errors);
  if (!lines) return null;
  const amounts = computeDseAmounts(lines);
  const retenciones = readDseWithholdings(body.retenciones ?? body.withholdings, amounts, errors);
  if (!retenciones) return null;
  const taxes = new Map<string, TaxFigure>();
  for (const line of lines) {
    // A taxed line is reported with its base even when its tax rounds to zero (as the FE tax groups do).
    if (line.impuesto.isZero() && !line.porcentaje_iva?.gt(0)) continue;
    const rate =
      line.porcentaje_iva ??
      (line.base.isZero() ? line.porcentaje_iva : line.impuesto.div(line.base).times(100).toDecimalPlaces(2));
    addTax(taxes, '01', 'IVA', rate ? rateText(rate) : '0', cents(line.base), cents(line.impuesto));
  }
  const withholdings = retenciones.map((w): WithholdingFigure => {
    const canonical = WITHHOLDING_TYPES.find((c) => c.code === w.dian_tax_code)!;
    return {
      code: canonical.code,
      name: canonical.name,
      base_mode: w.base_mode,
      rate: rateText(w.percent),
      base_cents: cents(w.base),
      amount_cents: cents(w.amount),
    };
  });
  return {
    subtotal_cents: cents(amounts.subtotal),
    taxes_cents: cents(amounts.impuestos),
    total_cents: cents(amounts.total),
    taxes: [...taxes.values()],
    withholdings,
    withholdings_cents: withholdings.reduce((acc, w) => acc + w.amount_cents, 0),
    period: dsePeriod(body),
  };
}

/** A DSE's weekly period (forma_generacion 2), as the request gives it. */
function dsePeriod(body: RawObject): DocumentFigures['period'] {
  const mode = String(body.forma_generacion ?? '1');
  const from = body.fecha_inicio_periodo ?? body.period_start_date;
  const to = body.fecha_fin_periodo ?? body.period_end_date;
  return mode === '2' && typeof from === 'string' && typeof to === 'string' ? { from, to } : null;
}

/**
 * Sales at 0 % in the tax figures, as Form 300 asks for them apart: an exempt line (a tax code at
 * rate 0) is a tax group of its code at 0 %, named «IVA exento», with its base; an excluded line (rate 0, no code: it
 * carries no tax, "FE item") is reported under EXCLUDED, at 0 %, with its base and no amount. Only
 * here: the document's own tax groups (its UBL, its printout) carry no group for it.
 */
export const EXCLUDED = { code: 'ZZ', name: 'IVA excluido' } as const;

/**
 * An FE request body (as sent) to its figures (taxes by type and rate, AIU included), or null. The
 * common shapes are read in integer cents (below); anything else by the decimal rules.
 */
export function feFigures(body: unknown): DocumentFigures | null {
  if (!isRawObject(body)) return null;
  return exactFeFigures(body) ?? decimalFeFigures(body);
}

/** feFigures through the shared decimal rules (readItems, readAiu, computeFeTotals), whatever the body. */
export function decimalFeFigures(body: RawObject): DocumentFigures | null {
  const errors = new FieldErrors();
  const items = readItems(body.items, errors);
  const aiu = readAiu(body.aiu, errors);
  if (!items || !errors.empty) return null;
  const totals = computeFeTotals(items, aiu);
  const taxes = new Map<string, TaxFigure>();
  for (const group of totals.taxGroups) {
    const name = group.rate.isZero() ? `${group.name} exento` : group.name;
    addTax(taxes, group.code, name, rateText(group.rate), cents(group.base), cents(group.amount));
  }
  for (const line of totals.lines) if (line.tax === null) addTax(taxes, EXCLUDED.code, EXCLUDED.name, '0', cents(line.base), 0);
  return {
    subtotal_cents: cents(totals.subtotal),
    taxes_cents: cents(totals.impuestos),
    total_cents: cents(totals.total),
    taxes: [...taxes.values()],
    withholdings: [],
    withholdings_cents: 0,
    period: null,
  };
}

// The common shapes of a request read in integer cents (src/shared/cents.ts), straight from the
// parsed JSON: the numbers as they came (a JSON number stands for the decimal of its shortest text,
// as decOfJsonNumber reads it), every line and withholding computed by the steps and roundings of the
// decimal rules above. A request holding anything else (a field the rules would refuse or read
// another way, an alias, a value out of the safe integer range) gives null and goes through the
// decimal rules, so the figures are always theirs (the property test compares both).

/** A JSON number that is a plain non-negative decimal within range, as units and scale; null otherwise. */
function plainNumber(value: unknown): Scaled | null {
  return typeof value === 'number' ? scaledOfNumber(value) : null;
}

/** Absent as the field readers take it (undefined or null). */
function absent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/** rateText of a plain decimal: rounded half up to 4 decimals, without trailing zeros. */
function scaledRateText({ units, scale }: Scaled): string {
  if (scale > 4) {
    units = divideHalfUp(units, 10 ** (scale - 4));
    scale = 4;
  }
  while (scale > 0 && units % 10 === 0) {
    units /= 10;
    scale -= 1;
  }
  if (scale === 0) return String(units);
  const digits = String(units).padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

interface CentsLine {
  tax: ReturnType<typeof classifyFeTaxByKind>;
  rate: Scaled;
  base: number;
  amount: number;
}

/** One FE item as readItems accepts it and computeFeLine computes it, or null for the decimal rules. */
function exactFeLineOf(item: unknown): CentsLine | null {
  if (!isRawObject(item)) return null;
  const { desc, iva_incluido: included } = item;
  if (typeof desc !== 'string' || desc.trim() === '') return null;
  const quantity = plainNumber(item.cant);
  const rate = plainNumber(item.iva);
  if (!quantity || quantity.units === 0 || !rate || (item.iva as number) > 100) return null;
  if (!absent(included) && typeof included !== 'boolean') return null;
  const unit = absent(item.unit) ? undefined : plainNumber(item.unit);
  const unitInput = absent(item.unit_input) ? undefined : plainNumber(item.unit_input);
  if (unit === null || unitInput === null) return null;
  const code = pick(item, ['codigo_impuesto', 'tax_code'])?.value;
  const explicit = typeof code === 'string' ? code.trim() : undefined;
  if (!absent(code) && (explicit === undefined || (explicit !== '' && !isTaxTypeCode(explicit)))) return null;
  const kind = rate.units === 0 ? 0 : rate.units === 8 && rate.scale === 0 ? 8 : 'other';
  const tax = classifyFeTaxByKind(kind, explicit);
  let base: number;
  let amount: number;
  if (included) {
    if (!unitInput) return null;
    const gross = centsOfProduct(quantity, unitInput);
    base = tax ? centsBeforePercent(gross, rate) : gross;
    amount = gross - base;
  } else {
    const value = unit ?? unitInput;
    if (!value) return null;
    base = centsOfProduct(quantity, value);
    amount = tax ? centsOfPercent(base, rate) : 0;
  }
  return isSafeCents(base + amount) && amount >= 0 ? { tax, rate, base, amount } : null;
}

/** feFigures of an FE without AIU whose items all read in integer cents; null otherwise. */
export function exactFeFigures(body: RawObject): DocumentFigures | null {
  const { items, aiu } = body;
  if (!absent(aiu) && !(isRawObject(aiu) && aiu.enabled === false)) return null;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_DOCUMENT_ITEMS) return null;
  // Tax groups by code and rate in the order of their first line, as computeFeTotals makes them.
  const groups = new Map<string, CentsLine & { tax: NonNullable<CentsLine['tax']> }>();
  const excluded: number[] = [];
  let subtotal = 0;
  let impuestos = 0;
  for (const item of items) {
    const line = exactFeLineOf(item);
    if (!line) return null;
    subtotal += line.base;
    impuestos += line.amount;
    if (!line.tax) {
      excluded.push(line.base);
      continue;
    }
    const key = `${line.tax.code}|${line.rate.units}|${line.rate.scale}`;
    const group = groups.get(key);
    if (group) {
      group.base += line.base;
      group.amount += line.amount;
    } else groups.set(key, { ...line, tax: line.tax });
  }
  // Every term is non-negative, so a sum past 2^53 shows in the total.
  if (!isSafeCents(subtotal + impuestos)) return null;
  const taxes = new Map<string, TaxFigure>();
  for (const { tax, rate, base, amount } of groups.values())
    addTax(taxes, tax.code, rate.units === 0 ? `${tax.name} exento` : tax.name, scaledRateText(rate), base, amount);
  for (const base of excluded) addTax(taxes, EXCLUDED.code, EXCLUDED.name, '0', base, 0);
  return {
    subtotal_cents: subtotal,
    taxes_cents: impuestos,
    total_cents: subtotal + impuestos,
    taxes: [...taxes.values()],
    withholdings: [],
    withholdings_cents: 0,
    period: null,
  };
}

/** One DSE item as readDseItems accepts it with a price and an optional rate (its integer-cents case); null otherwise. */
function exactDseLineOf(item: unknown): { base: number; amount: number; rate: Scaled | null } | null {
  if (!isRawObject(item)) return null;
  const { codigo, descripcion, unidad_medida: unit } = item;
  if (typeof codigo !== 'string' || !/^\d{8}$/.test(codigo.trim())) return null;
  if (!(absent(descripcion) || typeof descripcion === 'string') || !(absent(unit) || typeof unit === 'string')) return null;
  // A base, or a tax given as an amount, is read by the decimal rules.
  if (item.base_imponible !== undefined || item.base !== undefined || item.impuesto !== undefined || item.iva !== undefined)
    return null;
  const quantity = plainNumber(item.cantidad);
  const price = plainNumber(item.precio_unitario);
  const rate = absent(item.porcentaje_iva) ? null : plainNumber(item.porcentaje_iva);
  if (!quantity || quantity.units === 0 || !price) return null;
  if (!absent(item.porcentaje_iva) && (!rate || (item.porcentaje_iva as number) > 100)) return null;
  const base = centsOfProduct(quantity, price);
  const amount = rate ? centsOfPercent(base, rate) : 0;
  return isSafeCents(base + amount) ? { base, amount, rate } : null;
}

/** The fields of a withholding as the app writes it; one with any other field is read by the decimal rules. */
const WITHHOLDING_FIELDS = new Set(['retention_key', 'dian_tax_code', 'tax_name', 'base_mode', 'percent']);

/**
 * A DSE whose items read in integer cents and whose withholdings are each a known type spelled as
 * its canonical key, code and name, a canonical base mode and a percentage; null otherwise (and for
 * any withholding the rules refuse: a base of zero, a repeated key, withholdings above the total).
 */
export function exactDseFigures(body: RawObject): DocumentFigures | null {
  const { items } = body;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_DOCUMENT_ITEMS) return null;
  const taxes = new Map<string, TaxFigure>();
  let subtotal = 0;
  let impuestos = 0;
  for (const item of items) {
    const line = exactDseLineOf(item);
    if (!line) return null;
    subtotal += line.base;
    impuestos += line.amount;
    // A taxed line is reported with its base even when its tax rounds to zero.
    if (line.rate && line.rate.units > 0) addTax(taxes, '01', 'IVA', scaledRateText(line.rate), line.base, line.amount);
  }
  const total = subtotal + impuestos;
  if (!isSafeCents(total)) return null;
  const raw = body.retenciones ?? body.withholdings;
  if (!absent(raw) && !Array.isArray(raw)) return null;
  const bases = { subtotal, impuestos, total } as const;
  const withholdings: WithholdingFigure[] = [];
  let withheld = 0;
  for (const w of raw ?? []) {
    if (!isRawObject(w) || Object.keys(w).some((key) => !WITHHOLDING_FIELDS.has(key))) return null;
    const type = WITHHOLDING_TYPES.find((c) => c.code === w.dian_tax_code);
    const mode = w.base_mode;
    const percent = plainNumber(w.percent);
    if (!type || w.retention_key !== type.key || w.tax_name !== type.name || !percent) return null;
    if (mode !== 'subtotal' && mode !== 'impuestos' && mode !== 'total') return null;
    if (withholdings.some((other) => other.code === type.code)) return null;
    const base = bases[mode];
    const amount = centsOfPercent(base, percent);
    if (base === 0 || !isSafeCents(amount)) return null;
    withheld += amount;
    withholdings.push({
      code: type.code,
      name: type.name,
      base_mode: mode,
      rate: scaledRateText(percent),
      base_cents: base,
      amount_cents: amount,
    });
  }
  if (withheld > total) return null;
  return {
    subtotal_cents: subtotal,
    taxes_cents: impuestos,
    total_cents: total,
    taxes: [...taxes.values()],
    withholdings,
    withholdings_cents: withheld,
    period: dsePeriod(body),
  };
}
