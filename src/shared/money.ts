// Decimal money and rates. Never binary floats: every amount that reaches a document, a total or
// a hash goes through these helpers (DESIGN.md, "Rules that hold everywhere").
import Decimal from 'decimal.js';

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

const copFormatter = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usdFormatter = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$ 1.234.567,50" — es-CO presentation for the UI and printed documents. */
export function formatCop(value: DecimalInput): string {
  return copFormatter.format(Number(roundCents(value).toFixed(2)));
}

export function formatUsd(value: DecimalInput): string {
  return usdFormatter.format(Number(roundCents(value).toFixed(2)));
}

const oneDecimal = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });
const wholePesos = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });

/**
 * "$ 950", "$ 9 mil", "$ 20 mil", "$ 1,5 M": whole pesos shortened for a chart's axis, one form for
 * every size. Intl's es-CO compact notation is not used as is: its data writes "9 K" below ten
 * thousand and "20 k" above, so one axis would mix both.
 */
export function formatCopCompact(pesos: number): string {
  const sign = pesos < 0 ? '-' : '';
  const abs = Math.abs(pesos);
  const thousands = Math.round(abs / 100) / 10;
  if (thousands >= 1000) return `${sign}$ ${oneDecimal.format(abs / 1_000_000)} M`;
  if (abs >= 1000) return `${sign}$ ${oneDecimal.format(thousands)} mil`;
  return `${sign}$ ${wholePesos.format(abs)}`;
}

const rateFormatter = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 4 });

/** "2,5 %", "19 %": a rate as the contract writes it ("2.5") with the decimal comma; '' if not a number. */
export function formatPercent(rate: string | number): string {
  const value = typeof rate === 'number' ? rate : Number(String(rate).trim());
  if (String(rate).trim() === '' || !Number.isFinite(value)) return '';
  return `${rateFormatter.format(value)} %`;
}
