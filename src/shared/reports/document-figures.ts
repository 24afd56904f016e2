// The figures of one document read from the exact request this app sent (the ledger's bytes),
// computed by the same shared rules the sandbox and the forms use: taxes by type and rate, and for
// a DSE its withholdings with base, rate and amount, and its weekly period. The reports (core) and
// the DSE printout (renderer) both read documents through this, so they never disagree.
import { decToCents } from '../cents';
import { FieldErrors, isRawObject } from '../api/fields';
import { WITHHOLDING_TYPES, type WithholdingCode } from '../dian/withholding-types';
import { computeDseAmounts, readDseItems, readDseWithholdings } from '../dse';
import { computeFeTotals, readAiu, readItems } from '../fe';
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

/** A DSE request body (as sent) to its figures, or null when it is not one the rules can read. */
export function dseFigures(body: unknown): DocumentFigures | null {
  if (!isRawObject(body)) return null;
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
  const mode = String(body.forma_generacion ?? '1');
  const from = body.fecha_inicio_periodo ?? body.period_start_date;
  const to = body.fecha_fin_periodo ?? body.period_end_date;
  return {
    subtotal_cents: cents(amounts.subtotal),
    taxes_cents: cents(amounts.impuestos),
    total_cents: cents(amounts.total),
    taxes: [...taxes.values()],
    withholdings,
    withholdings_cents: withholdings.reduce((acc, w) => acc + w.amount_cents, 0),
    period: mode === '2' && typeof from === 'string' && typeof to === 'string' ? { from, to } : null,
  };
}

/**
 * Sales at 0 % in the tax figures, as Form 300 asks for them apart: an exempt line (a tax code at
 * rate 0) is a tax group of its code at 0 %, named «IVA exento», with its base; an excluded line (rate 0, no code: it
 * carries no tax, "FE item") is reported under EXCLUDED, at 0 %, with its base and no amount. Only
 * here: the document's own tax groups (its UBL, its printout) carry no group for it.
 */
export const EXCLUDED = { code: 'ZZ', name: 'IVA excluido' } as const;

/** An FE request body (as sent) to its figures (taxes by type and rate, AIU included), or null. */
export function feFigures(body: unknown): DocumentFigures | null {
  if (!isRawObject(body)) return null;
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
