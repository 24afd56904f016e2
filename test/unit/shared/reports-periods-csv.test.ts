// Report periods as a bookkeeper declares them, and one report table as CSV for an es-CO spreadsheet.
import { describe, expect, it } from 'vitest';
import { periodIndexOf, periodLabel, periodOf } from '#shared/reports/periods';
import { centsText, tableCsv } from '#shared/reports/report-csv';

describe('report periods', () => {
  it.each([
    ['month', 2024, 2, { from: '2024-02-01', to: '2024-02-29' }],
    ['month', 2026, 12, { from: '2026-12-01', to: '2026-12-31' }],
    ['bimester', 2026, 1, { from: '2026-01-01', to: '2026-02-28' }],
    ['bimester', 2026, 6, { from: '2026-11-01', to: '2026-12-31' }],
    ['quarter4', 2026, 2, { from: '2026-05-01', to: '2026-08-31' }],
    ['year', 2026, 1, { from: '2026-01-01', to: '2026-12-31' }],
  ] as const)('%s %i number %i', (kind, year, index, expected) => {
    expect(periodOf(kind, year, index)).toEqual(expected);
  });

  it('finds the period of a date and names it', () => {
    expect(periodIndexOf('bimester', '2026-11-24')).toBe(6);
    expect(periodIndexOf('quarter4', '2026-04-30')).toBe(1);
    expect(periodLabel('bimester', 2026, 6)).toBe('noviembre–diciembre de 2026');
    expect(periodLabel('month', 2026, 3)).toBe('marzo de 2026');
    expect(periodLabel('year', 2026, 1)).toBe('año 2026');
  });
});

describe('report table CSV', () => {
  it('writes BOM, semicolons, decimal commas, dd/mm/aaaa dates, and defuses formulas', () => {
    const csv = tableCsv(
      ['Proveedor', 'Fecha', 'Mes', 'Tarifa', 'Valor'],
      [
        ['=HYPERLINK("x")', { date: '2026-11-24' }, { date: '2026-11' }, 2.5, { cents: 1_234_567 }],
        ['Pérez; Hnos.', null, null, 19, { cents: -5 }],
      ],
    );
    expect(csv).toBe(
      '\uFEFFProveedor;Fecha;Mes;Tarifa;Valor\r\n"\'=HYPERLINK(""x"")";24/11/2026;11/2026;2,5;12345,67\r\n"Pérez; Hnos.";;;19;-0,05\r\n',
    );
    expect(centsText(0)).toBe('0,00');
  });
});
