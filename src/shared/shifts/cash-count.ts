// The cash of a shift, counted and expected, in exact decimals: the denominations of Colombian
// money a drawer holds, the sum of a count, and the drawer's expected cash. Pure, so the Turno
// screen shows the same figures core stores when the shift closes.
import { dec, sum, toMoneyString } from '../money';

export interface Denomination {
  /** the count's key in the close's input ("bill_100000", "coin_500") */
  key: string;
  /** pesos */
  value: number;
  kind: 'bill' | 'coin';
}

/** Bills and coins in circulation (Banco de la República); the $ 1.000 is both a bill and a coin. */
export const DENOMINATIONS: readonly Denomination[] = [
  ...[100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000].map((value) => ({
    key: `bill_${value}`,
    value,
    kind: 'bill' as const,
  })),
  ...[1_000, 500, 200, 100, 50].map((value) => ({ key: `coin_${value}`, value, kind: 'coin' as const })),
];

export type DenominationCounts = Record<string, number>;

/** The cash a count adds up to ("1234550.00"). */
export function countedCash(counts: DenominationCounts): string {
  return toMoneyString(sum(DENOMINATIONS.map((d) => dec(d.value).times(counts[d.key] ?? 0))));
}

export interface CashFlows {
  opening_float: string;
  /** cash handed over by customers for the shift's sales */
  cash_received: string;
  /** change given back from the drawer */
  change_given: string;
  cash_in: string;
  cash_out: string;
}

/** Expected cash = float + cash received in sales − change given + cash in − cash out. */
export function expectedCash(flows: CashFlows): string {
  return toMoneyString(
    dec(flows.opening_float).plus(flows.cash_received).minus(flows.change_given).plus(flows.cash_in).minus(flows.cash_out),
  );
}

/** Counted minus expected: negative is missing cash, positive is cash over. */
export function cashDifference(counted: string, expected: string): string {
  return toMoneyString(dec(counted).minus(expected));
}
