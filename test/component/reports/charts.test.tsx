// The charts' words: the day count in the right number, and the axis amounts in one shortened form.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SalesByDayChart } from '#renderer/features/reports/charts';
import type { PeriodReport } from '#shared/rpc/methods/reports';
import { formatCopCompact } from '#shared/money';

function day(date: string, total: number): PeriodReport['by_day'][number] {
  return {
    kind: 'FE',
    date,
    total,
    count: 1,
    subtotal: total,
    iva: 0,
    inc: 0,
    other: 0,
  } as unknown as PeriodReport['by_day'][number];
}

function report(by_day: PeriodReport['by_day']): PeriodReport {
  return { by_day, taxes_by_month: [] } as unknown as PeriodReport;
}

describe('SalesByDayChart', () => {
  it('says «1 día» for one day and «2 días» for two', () => {
    const { unmount } = render(<SalesByDayChart report={report([day('2026-11-02', 950_000)])} />);
    expect(screen.getByText(/^1 día con documentos aceptados\./)).toBeTruthy();
    expect(screen.queryByText(/1 días/)).toBeNull();
    unmount();
    render(<SalesByDayChart report={report([day('2026-11-02', 950_000), day('2026-11-03', 100_000)])} />);
    expect(screen.getByText(/^2 días con documentos aceptados\./)).toBeTruthy();
  });
});

describe('the axis amounts (formatCopCompact)', () => {
  it('writes every size in one form: pesos, «mil» and «M» with a decimal comma', () => {
    expect([0, 950, 9_000, 20_000, 999_999, 1_500_000, 12_500_000, 1_000_000_000].map(formatCopCompact)).toEqual([
      '$ 0',
      '$ 950',
      '$ 9 mil',
      '$ 20 mil',
      '$ 1 M',
      '$ 1,5 M',
      '$ 12,5 M',
      '$ 1.000 M',
    ]);
    expect(formatCopCompact(-9_000)).toBe('-$ 9 mil');
  });
});
