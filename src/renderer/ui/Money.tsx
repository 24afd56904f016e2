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
