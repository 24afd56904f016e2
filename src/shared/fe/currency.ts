// Currency of an FE ("Currency"): COP or USD. Amounts of a USD invoice are in USD; `applied_rate`
// converts them to COP for the tax authority's totals in pesos.
import { roundCents, dec, type Dec, type DecimalInput } from '../money';

export const FE_CURRENCIES = ['COP', 'USD'] as const;
export type FeCurrencyCode = (typeof FE_CURRENCIES)[number];

export function toCop(amount: DecimalInput, appliedRate: DecimalInput | null | undefined, currency: FeCurrencyCode): Dec {
  if (currency === 'COP' || appliedRate === null || appliedRate === undefined) return roundCents(amount);
  return roundCents(dec(amount).times(dec(appliedRate)));
}
