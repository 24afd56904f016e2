// Numbers as people type them in Colombia: "1.234.567,50", "1234,5", "1234.50", "$ 12.000".
// Returns a canonical decimal string ("1234567.50") or null; never a binary float.
import { Dec } from './money';

const THOUSANDS_WITH_DOTS = /^\d{1,3}(\.\d{3})+$/;

export function parseUserNumber(text: string): string | null {
  let value = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/[\s\u00a0]/g, '');
  if (value === '') return null;
  let sign = '';
  if (value.startsWith('-')) {
    sign = '-';
    value = value.slice(1);
  }
  const lastDot = value.lastIndexOf('.');
  const lastComma = value.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    // Both present: whichever comes last separates the decimals.
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    value = value.split(thousands).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    if (value.indexOf(',') !== lastComma) return null;
    value = value.replace(',', '.');
  } else if (THOUSANDS_WITH_DOTS.test(value)) {
    value = value.split('.').join('');
  }
  if (!/^\d+(\.\d+)?$/.test(value) && !/^\.\d+$/.test(value)) return null;
  return new Dec(sign + value).toFixed();
}
