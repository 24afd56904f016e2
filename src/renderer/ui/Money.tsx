import { formatCop, formatUsd, type DecimalInput } from '#shared/money';

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
 * (a layout boundary: a new amount lays out that box alone, not the page around it). 'fits': its
 * width is at most `fits` ch in the box's font; 'small': at most `small` ch, written in a smaller
 * font that keeps it on the box's one line; 'free': wider, the box follows its text (and may wrap).
 */
export type AmountFit = 'fits' | 'small' | 'free';

/** Whether a text fits a one-line box `ch` wide (see amountFit), in the box's own font. */
export function fitsIn(text: string, ch: number): boolean {
  return widthInCh(text) <= ch;
}

export function amountFit(text: string, fits: number, small: number): AmountFit {
  const width = widthInCh(text);
  if (width <= fits) return 'fits';
  return width <= small ? 'small' : 'free';
}

/**
 * A text's width in ch (the width of "0"), from above: digits are tabular (1 ch) and the currency
 * sign about as wide; separators and spaces about half; a lowercase letter at most one, other signs
 * and capitals ("US$") at most 1.3. Measured in Chromium with the app's fonts at 1366, 1440 and
 * 1920 px (e2e invoices, "inside its box").
 */
function widthInCh(text: string): number {
  let width = 0;
  for (const char of text) {
    if ((char >= '0' && char <= '9') || char === '$') width += 1;
    else if (char === '.' || char === ',' || char === ' ' || char === '\u00a0' || char === '\u202f') width += 0.5;
    else if (char === '-') width += 0.6;
    else if (char >= 'a' && char <= 'z') width += 1;
    else width += 1.3;
  }
  return width;
}
