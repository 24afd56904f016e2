// Numbers and counts as es-CO writes them, in one place: Intl.NumberFormat puts the decimal comma and
// the thousands points, Intl.PluralRules picks "documento" or "documentos". No screen, export or
// message replaces a point by a comma or compares a count with 1 by hand.
//
// A decimal is given as the string the contract and the ledger hold ("1234.50") and stays exact:
// Intl.NumberFormat formats a numeric string by its digits, not through a binary float, so a
// 17-digit amount keeps its centavos.

import { once } from './once';

const LOCALE = 'es-CO';

/** A decimal as text ("1234.5", "-0.25") or a number; text is formatted digit for digit. */
export type Numeric = string | number;

/** Plain decimals: optional sign, digits, optional fraction (what Intl reads exactly). */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

// Intl.NumberFormat formats a numeric string exactly (ECMA-402's "Intl.NumberFormat v3"); the
// TypeScript library types that string as a `${number}` literal, which a string read from the ledger
// is not, hence one narrow cast here.
type ExactFormatter = { format(value: number | string): string };
function formatter(options: Intl.NumberFormatOptions): ExactFormatter {
  return new Intl.NumberFormat(LOCALE, options) as unknown as ExactFormatter;
}

const integer = once(() => formatter({ maximumFractionDigits: 0 }));
const grouped = once(() => formatter({ maximumFractionDigits: 20 }));
const plainCents = once(() => formatter({ useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const rate = once(() => formatter({ maximumFractionDigits: 4 }));
const oneDecimal = once(() => formatter({ maximumFractionDigits: 1 }));
const pluralRules = once(() => new Intl.PluralRules(LOCALE));

function exact(value: Numeric): number | string {
  return typeof value === 'number' ? value : value.trim();
}

/** "1.250": a count or a whole number. */
export function formatInteger(value: Numeric): string {
  return integer().format(exact(value));
}

/** "1.234,5": a decimal with its thousands points, every fraction digit it has. */
export function formatDecimal(value: Numeric): string {
  return grouped().format(exact(value));
}

/** Plain formatters (no thousands points) by the number of fraction digits kept. */
const plainByDigits = new Map<number, ExactFormatter>();
function plainWith(digits: number): ExactFormatter {
  let found = plainByDigits.get(digits);
  if (!found) {
    found = formatter({ useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, 20) });
    plainByDigits.set(digits, found);
  }
  return found;
}

/**
 * "1234,5": a decimal with the comma and no thousands points, as a form's input shows it and a
 * CSV cell holds it (a spreadsheet in Spanish reads it as a number). Text keeps the fraction digits
 * it was written with ("12500.50" is "12500,50"); text that is not a plain decimal ("", "abc")
 * comes back as it is, for the user to correct where it is shown.
 */
export function decimalComma(value: Numeric): string {
  if (typeof value === 'number') return Number.isFinite(value) ? plainWith(0).format(value) : String(value);
  const text = value.trim();
  if (!PLAIN_DECIMAL.test(text)) return value;
  return plainWith(text.split('.')[1]?.length ?? 0).format(text);
}

/** An amount as the contract and the ledger write it: "1234.50", "-0.05" (no leading zeros). */
const CANONICAL_CENTS = /^-?(0|[1-9]\d*)\.\d{2}$/;

/**
 * "1234,50": an amount of money with exactly two decimals, no thousands points (CSV). An amount
 * already canonical takes the short way, the same text Intl writes for it (the unit test holds
 * both to the same output): a 100,000-row export writes 300,000 of them, and Intl spends about
 * four microseconds on each.
 */
export function centsComma(amount: Numeric): string {
  if (typeof amount === 'string' && CANONICAL_CENTS.test(amount)) return amount.replace('.', ',');
  return plainCents().format(exact(amount));
}

/** "2,5 %", "19 %": a rate as the contract writes it ("2.5") with the decimal comma; '' if not a number. */
export function formatPercent(value: Numeric, options: { fractionDigits?: number } = {}): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '' || !Number.isFinite(Number(text))) return '';
  const digits = options.fractionDigits;
  const shown =
    digits === undefined
      ? rate().format(exact(value))
      : formatter({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(exact(value));
  return `${shown} %`;
}

/**
 * "$ 950", "$ 9 mil", "$ 20 mil", "$ 1,5 M": whole pesos shortened for a chart's axis, one form for
 * every size. Intl's es-CO compact notation is not used as is: its data writes "9 K" below ten
 * thousand and "20 k" above, so one axis would mix both.
 */
export function formatCopCompact(pesos: number): string {
  const sign = pesos < 0 ? '-' : '';
  const abs = Math.abs(pesos);
  const thousands = Math.round(abs / 100) / 10;
  if (thousands >= 1000) return `${sign}$ ${oneDecimal().format(abs / 1_000_000)} M`;
  if (abs >= 1000) return `${sign}$ ${oneDecimal().format(thousands)} mil`;
  return `${sign}$ ${integer().format(abs)}`;
}

const currencies = {
  COP: once(() => formatter({ style: 'currency', currency: 'COP', minimumFractionDigits: 2, maximumFractionDigits: 2 })),
  USD: once(() => formatter({ style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })),
};

/** "$ 1.234.567,50": an amount already rounded to cents ("1234567.50"), in its currency. */
export function formatCurrency(cents: string, currency: keyof typeof currencies): string {
  return currencies[currency]().format(cents);
}

/**
 * The form of a word for a count: the singular when es-CO's plural rules say "one" (1, not 1,5),
 * else the plural, which is the singular plus "s" unless given.
 */
export function pluralOf(n: number, singular: string, plural = `${singular}s`): string {
  return pluralRules().select(n) === 'one' ? singular : plural;
}

/** "1 documento", "0 documentos", "1.250 documentos". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(n)} ${pluralOf(n, singular, plural)}`;
}
