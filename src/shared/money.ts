// Decimal money and rates. Never binary floats: every amount that reaches a document, a total or
// a hash goes through these helpers (DESIGN.md, "Rules that hold everywhere").
import Decimal from 'decimal.js';
import { formatCurrency } from './format';

/** An isolated Decimal constructor so that no other code's global configuration changes ours. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

export type DecimalInput = Dec | number | string;

export function dec(value: DecimalInput): Dec {
  return value instanceof Dec ? value : new Dec(value);
}

export const ZERO = new Dec(0);

/** Rounds half up to cents (the contract's rule unless it says otherwise). */
export function roundCents(value: DecimalInput): Dec {
  return dec(value).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}

/** Two-decimal string as the API returns money: "1234.50". */
export function toMoneyString(value: DecimalInput): string {
  return roundCents(value).toFixed(2);
}

/** Two-decimal string truncated, not rounded, as DIAN's CUFE/CUDS formulas require. */
export function toTruncatedString(value: DecimalInput): string {
  return dec(value).toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(2);
}

/** JSON number for request bodies (the contract sends money as numbers), from exact cents. */
export function toRequestNumber(value: DecimalInput): number {
  return Number(roundCents(value).toFixed(2));
}

export function sum(values: Iterable<DecimalInput>): Dec {
  let total = ZERO;
  for (const value of values) total = total.plus(dec(value));
  return total;
}

/** "$ 1.234.567,50" — es-CO presentation for the UI and printed documents, exact to the centavo. */
export function formatCop(value: DecimalInput): string {
  return formatCurrency(toMoneyString(value), 'COP');
}

export function formatUsd(value: DecimalInput): string {
  return formatCurrency(toMoneyString(value), 'USD');
}
