// «Turnos del período» against the fake bridge: the period asked of core, one row per shift in es-CO
// pesos and Colombian dates (an open one says «abierto» and has nothing counted yet), and the totals
// per cashier and per register.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ShiftsReport } from '#shared/rpc/methods/reports';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

/** Text with its spaces (the formatter's no-break ones too) as single spaces. */
const folded = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => folded(c.textContent));

let report: ShiftsReport;

const fake = installFakeBridge({ 'reports.shifts': ({ from, to }) => ({ ...report, from, to }) });

let ShiftsSection: typeof import('#renderer/features/reports/ShiftsSection').ShiftsSection;
beforeAll(async () => {
  ShiftsSection = (await import('#renderer/features/reports/ShiftsSection')).ShiftsSection;
});
afterEach(cleanup);

const totals = (
  name: string,
  shifts: number,
  open: number,
  sales: number,
  total: string,
  expected: string,
  counted: string,
  difference: string,
) => ({
  name,
  shifts,
  open,
  sales_documents: sales,
  sales_total: total,
  expected_cash: expected,
  counted_cash: counted,
  difference,
});

describe('Turnos del período', () => {
  it('shows each shift and the totals per cashier and per register', async () => {
    report = {
      from: '2026-11-01',
      to: '2026-11-30',
      shifts: [
        {
          id: 1,
          register_name: 'Caja 1',
          cashier_name: 'Beto',
          opened_at: '2026-11-20T13:00:00.000Z',
          closed_at: '2026-11-20T22:30:00.000Z',
          sales_documents: 4,
          sales_total: '1234567.50',
          expected_cash: '152975.00',
          counted_cash: '150000.00',
          difference: '-2975.00',
        },
        {
          id: 2,
          register_name: 'Caja 2',
          cashier_name: 'Ana',
          opened_at: '2026-11-21T14:00:00.000Z',
          closed_at: null,
          sales_documents: 1,
          sales_total: '1190.00',
          expected_cash: '21190.00',
          counted_cash: null,
          difference: null,
        },
      ],
      by_cashier: [
        totals('Ana', 1, 1, 1, '1190.00', '21190.00', '0.00', '0.00'),
        totals('Beto', 1, 0, 4, '1234567.50', '152975.00', '150000.00', '-2975.00'),
      ],
      by_register: [
        totals('Caja 1', 1, 0, 4, '1234567.50', '152975.00', '150000.00', '-2975.00'),
        totals('Caja 2', 1, 1, 1, '1190.00', '21190.00', '0.00', '0.00'),
      ],
    };
    renderWithQueries(<ShiftsSection filter={{ from: '2026-11-01', to: '2026-11-30' }} />);
    const rows = await screen.findByTestId('report-shifts-rows');
    expect(fake.inputsOf('reports.shifts')).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
    const [beto, ana] = within(rows).getAllByRole('row').slice(1);
    expect(cells(beto!)).toEqual([
      'Caja 1',
      'Beto',
      '20/11/2026, 08:00 a. m.',
      '20/11/2026, 05:30 p. m.',
      '4',
      '$ 1.234.567,50',
      '$ 152.975,00',
      '$ 150.000,00',
      '-$ 2.975,00',
    ]);
    expect(cells(ana!)).toEqual([
      'Caja 2',
      'Ana',
      '21/11/2026, 09:00 a. m.',
      'abierto',
      '1',
      '$ 1.190,00',
      '$ 21.190,00',
      '—',
      '—',
    ]);
    const byCashier = screen.getByTestId('report-shifts-by-cashier');
    expect(within(byCashier).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Ana', '1 (1 abierto)', '1', '$ 1.190,00', '$ 21.190,00', '$ 0,00', '$ 0,00'],
      ['Beto', '1', '4', '$ 1.234.567,50', '$ 152.975,00', '$ 150.000,00', '-$ 2.975,00'],
    ]);
    const byRegister = screen.getByTestId('report-shifts-by-register');
    expect(
      within(byRegister)
        .getAllByRole('row')
        .slice(1)
        .map((r) => cells(r)[0]),
    ).toEqual(['Caja 1', 'Caja 2']);
  });

  it('says so when no shift was opened in the period', async () => {
    report = { from: '2026-10-01', to: '2026-10-31', shifts: [], by_cashier: [], by_register: [] };
    renderWithQueries(<ShiftsSection filter={{ from: '2026-10-01', to: '2026-10-31' }} />);
    expect(await screen.findByText('No se abrieron turnos en el período.')).toBeTruthy();
    expect(screen.queryByTestId('report-shifts-rows')).toBeNull();
  });
});
