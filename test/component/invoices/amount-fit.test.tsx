// How a live amount fits its fixed box (ui/Money.tsx amountFit, fitsIn), by its estimated width in ch: the
// thresholds of the line amounts (15 / 17.5 ch, ItemRow.tsx) and of the bar (17.5 ch, TotalsPanel.tsx).
// The e2e test "inside its box" (test/e2e/invoices.test.ts) checks the estimate against Chromium.
import { describe, expect, it } from 'vitest';
import { formatCop, formatUsd } from '#shared/money';
import { amountFit, fitsIn } from '#renderer/ui/Money';

const line = (text: string) => amountFit(text, 15, 17.5);
const boxed = (text: string, ch: number) => (fitsIn(text, ch) ? 'fits' : 'free');
const bar = (text: string) => boxed(text, 17.5);

describe('amountFit', () => {
  it('puts pesos up to 999 million in a line box, up to 999,999 million smaller, and lets wider ones wrap', () => {
    expect(line(formatCop('999999999'))).toBe('fits');
    expect(line(formatCop('-999999999'))).toBe('fits');
    expect(line(formatCop('9999999999'))).toBe('small');
    expect(line(formatCop('999999999999.99'))).toBe('small');
    expect(line(formatCop('1000000000000'))).toBe('free');
  });

  it('counts the letters of "US$" wider than digits: a USD amount fits with fewer digits than pesos', () => {
    expect(line(formatUsd('9999999'))).toBe('fits');
    expect(line(formatUsd('99999999'))).toBe('small'); // "US$ 99.999.999,00": 17 characters, as wide as 15.9 ch
    expect(line(formatCop('99999999'))).toBe('fits');
    expect(bar(formatUsd('999999999'))).toBe('fits');
    expect(bar(formatUsd('9999999999'))).toBe('free'); // "US$ 9.999.999.999,00": 20 characters, 18.1 ch
  });

  it('gives the bar 20 characters of pesos and a tax note its base up to 999 million', () => {
    expect(bar(formatCop('999999999999.99'))).toBe('fits');
    expect(bar(formatCop('1000000000000'))).toBe('free');
    expect(boxed(`base ${formatCop('999999999.99')}`, 19)).toBe('fits');
    expect(boxed(`base ${formatCop('1000000000')}`, 19)).toBe('free');
  });
});
