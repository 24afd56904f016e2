import { formatCop, formatUsd, type DecimalInput } from '../../shared/money';

/** An amount in es-CO format, in pesos unless told otherwise. */
export function formatMoney(value: DecimalInput, currency: 'COP' | 'USD' = 'COP'): string {
  return currency === 'USD' ? formatUsd(value) : formatCop(value);
}

/** An amount in es-CO format, tabular digits; COP unless told otherwise. */
export function Money({ value, currency = 'COP', testId }: { value: DecimalInput; currency?: 'COP' | 'USD'; testId?: string }) {
  return (
    <span className="money" data-testid={testId}>
      {formatMoney(value, currency)}
    </span>
  );
}

/**
 * How an amount that changes as the user types fits a box whose size does not depend on its text
 * (a layout boundary: a new amount lays out that box alone, not the page around it). 'fits': up to
 * `fits` characters, in the box's font. 'small': up to `small` characters, in a smaller font that
 * keeps it on the box's one line. 'free': longer; the box follows its text (and may wrap) as any other.
 */
export type AmountFit = 'fits' | 'small' | 'free';

export function amountFit(text: string, fits: number, small: number): AmountFit {
  if (text.length <= fits) return 'fits';
  return text.length <= small ? 'small' : 'free';
}
