// Line calculation of an FE item ("FE item"): base, tax and total in exact cents.
import { centsBeforePercent, centsOfPercent, centsOfProduct, centsToDec, isSafeCents, scaledOf, type Scaled } from '../cents';
import { dec, roundCents, ZERO, type Dec, type DecimalInput } from '../money';
import { classifyFeTax, classifyFeTaxByKind, type FeTaxClass } from './tax';

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
  return exactFeLine(input) ?? decimalFeLine(input);
}

/** The rule above in decimal.js, for values outside the integer range of exactFeLine. */
export function decimalFeLine(input: FeLineInput): FeLine {
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

/**
 * The same rule in integer cents (src/shared/cents.ts), or null when a value is not a plain
 * non-negative decimal within range (decimalFeLine then computes the line). An unknown tax code
 * throws here exactly as in decimalFeLine: both read cant and iva first.
 */
export function exactFeLine(input: FeLineInput): ExactFeLine | null {
  const quantity = scaledOf(input.cant);
  const rate = quantity && scaledOf(input.iva);
  if (!quantity || !rate) return null;
  // Normalised (no trailing zeros), so 8, "8.0" and "8.00" all read as units 8 at scale 0.
  const kind = rate.units === 0 ? 0 : rate.units === 8 && rate.scale === 0 ? 8 : 'other';
  const tax = classifyFeTaxByKind(kind, input.codigo_impuesto ?? input.tax_code);
  if (input.iva_incluido && input.unit_input !== undefined) {
    const unitInput = scaledOf(input.unit_input);
    if (!unitInput) return null;
    const gross = centsOfProduct(quantity, unitInput);
    const base = tax ? centsBeforePercent(gross, rate) : gross;
    if (!isSafeCents(gross) || !isSafeCents(base)) return null;
    return new ExactFeLine(input.cant, input.iva, rate, tax, base, gross - base, gross, null);
  }
  const unitRaw = input.unit ?? input.unit_input ?? 0;
  const unit = scaledOf(unitRaw);
  if (!unit) return null;
  const base = centsOfProduct(quantity, unit);
  const taxAmount = tax ? centsOfPercent(base, rate) : 0;
  const total = base + taxAmount; // both non-negative: NaN or past 2^53 shows in the sum
  if (!isSafeCents(total)) return null;
  return new ExactFeLine(input.cant, input.iva, rate, tax, base, taxAmount, total, unitRaw);
}

/**
 * An FE line computed in integer cents. Its Decimal fields are made when first read and kept: a
 * recompute of 1,000 lines then costs integer arithmetic, and a screen reads the Decimals of the rows
 * it shows. The values are those decimalFeLine gives; toJSON gives its plain shape.
 */
export class ExactFeLine implements FeLine {
  readonly tax: FeTaxClass | null;
  readonly rateScaled: Scaled;
  readonly baseCents: number;
  readonly taxCents: number;
  readonly totalCents: number;
  readonly #cant: DecimalInput;
  readonly #iva: DecimalInput;
  /** the unit value as given; null when derived from a tax-inclusive price */
  readonly #unit: DecimalInput | null;
  #quantity: Dec | undefined;
  #rate: Dec | undefined;
  #unitValue: Dec | undefined;
  #base: Dec | undefined;
  #taxAmount: Dec | undefined;
  #total: Dec | undefined;

  constructor(
    cant: DecimalInput,
    iva: DecimalInput,
    rate: Scaled,
    tax: FeTaxClass | null,
    baseCents: number,
    taxCents: number,
    totalCents: number,
    unit: DecimalInput | null,
  ) {
    this.#cant = cant;
    this.#iva = iva;
    this.rateScaled = rate;
    this.tax = tax;
    this.baseCents = baseCents;
    this.taxCents = taxCents;
    this.totalCents = totalCents;
    this.#unit = unit;
  }

  get quantity(): Dec {
    return (this.#quantity ??= dec(this.#cant));
  }

  get rate(): Dec {
    return (this.#rate ??= dec(this.#iva));
  }

  get unitValue(): Dec {
    if (this.#unitValue === undefined) {
      const quantity = this.quantity;
      this.#unitValue = this.#unit !== null ? dec(this.#unit) : quantity.isZero() ? ZERO : this.base.dividedBy(quantity);
    }
    return this.#unitValue;
  }

  get base(): Dec {
    return (this.#base ??= centsToDec(this.baseCents));
  }

  get taxAmount(): Dec {
    return (this.#taxAmount ??= centsToDec(this.taxCents));
  }

  get total(): Dec {
    return (this.#total ??= centsToDec(this.totalCents));
  }

  toJSON(): FeLine {
    const { quantity, unitValue, rate, tax, base, taxAmount, total } = this;
    return { quantity, unitValue, rate, tax, base, taxAmount, total };
  }
}
