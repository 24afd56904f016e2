// Cash received and change: exact decimals, never floats. Pure.
import { dec, type Dec } from '#shared/money';
import { parseUserNumber } from '#shared/user-number';

export type CashState =
  { kind: 'empty' } | { kind: 'invalid' } | { kind: 'short'; missing: Dec } | { kind: 'change'; change: Dec };

/** What the cashier typed as received against what the buyer pays (net of withholdings). */
export function cashChange(receivedText: string, due: Dec): CashState {
  if (receivedText.trim() === '') return { kind: 'empty' };
  const received = receivedAmount(receivedText);
  if (received === null) return { kind: 'invalid' };
  const difference = dec(received).minus(due);
  return difference.isNegative() ? { kind: 'short', missing: difference.negated() } : { kind: 'change', change: difference };
}

/** The amount typed as received, or null when it is not a non-negative amount of money. */
export function receivedAmount(receivedText: string): string | null {
  const received = parseUserNumber(receivedText);
  return received === null || received.startsWith('-') ? null : received;
}
