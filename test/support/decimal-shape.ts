// A comparable picture of a calculation's result: every Decimal as its sign and exact value (so 0 and
// -0, 1.5 and 1.50 are told apart or not exactly as decimal.js tells them), objects through their
// toJSON when they have one, keys sorted. Two results with equal pictures are the same to any caller.
import { Dec } from '#shared/money';

export function decimalShape(value: unknown): unknown {
  if (value instanceof Dec) return value.isNaN() ? 'NaN' : `${value.isNeg() ? '-' : '+'}${value.abs().toString()}`;
  if (Array.isArray(value)) return value.map(decimalShape);
  if (typeof value === 'object' && value !== null) {
    const plain =
      typeof (value as { toJSON?: unknown }).toJSON === 'function' ? (value as { toJSON(): unknown }).toJSON() : value;
    if (plain !== value) return decimalShape(plain);
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, decimalShape((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
