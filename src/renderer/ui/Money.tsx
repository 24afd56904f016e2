import { formatCop, formatUsd, type DecimalInput } from '../../shared/money';

/** An amount in es-CO format, tabular digits; COP unless told otherwise. */
export function Money({ value, currency = 'COP', testId }: { value: DecimalInput; currency?: 'COP' | 'USD'; testId?: string }) {
  return (
    <span className="money" data-testid={testId}>
      {currency === 'USD' ? formatUsd(value) : formatCop(value)}
    </span>
  );
}
