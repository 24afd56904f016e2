// Line calculation of an FE item ("FE item"): base, tax and total in exact cents.
import { dec, roundCents, ZERO, type Dec, type DecimalInput } from '../money';
import { classifyFeTax, type FeTaxClass } from './tax';

export interface FeLineInput {
  cant: DecimalInput;
  /** base unit value (without tax) */
  unit?: DecimalInput;
  /** the unit value as the user typed it; includes the tax when `iva_incluido` */
  unit_input?: DecimalInput;
  /** rate in percent */
  iva: DecimalInput;
  iva_incluido?: boolean;
  codigo_impuesto?: string;
  tax_code?: string;
}

export interface FeLine {
  quantity: Dec;
  /** unit value without tax, unrounded when derived from a tax-inclusive price */
  unitValue: Dec;
  rate: Dec;
  tax: FeTaxClass | null;
  /** cents */
  base: Dec;
  /** cents */
  taxAmount: Dec;
  /** cents */
  total: Dec;
}

/**
 * Without `iva_incluido`: base = round(cant x unit), tax = round(base x rate / 100).
 * With `iva_incluido` the typed price is kept exact: gross = round(cant x unit_input),
 * base = round(gross / (1 + rate / 100)), tax = gross - base, so the line total equals what the user
 * typed (sandbox decision; the contract does not show how the server derives the base).
 */
export function computeFeLine(input: FeLineInput): FeLine {
  const quantity = dec(input.cant);
  const rate = dec(input.iva);
  const tax = classifyFeTax(rate, input.codigo_impuesto ?? input.tax_code);
  const taxRate = tax ? rate : ZERO;
  if (input.iva_incluido && input.unit_input !== undefined) {
    const gross = roundCents(quantity.times(dec(input.unit_input)));
    const base = roundCents(gross.dividedBy(taxRate.dividedBy(100).plus(1)));
    const unitValue = quantity.isZero() ? ZERO : base.dividedBy(quantity);
    return { quantity, unitValue, rate, tax, base, taxAmount: gross.minus(base), total: gross };
  }
  const unitValue = dec(input.unit ?? input.unit_input ?? 0);
  const base = roundCents(quantity.times(unitValue));
  const taxAmount = roundCents(base.times(taxRate).dividedBy(100));
  return { quantity, unitValue, rate, tax, base, taxAmount, total: base.plus(taxAmount) };
}
