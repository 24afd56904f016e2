import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFeAiu, computeFeLine, computeFeTotals, toCop } from '#shared/fe/index';

describe('FE line', () => {
  it.each([
    // cant, unit, unit_input, iva, incluido -> base, tax, total
    [2, 10000, undefined, 19, false, '20000.00', '3800.00', '23800.00'],
    [3, 3333.33, undefined, 19, false, '9999.99', '1900.00', '11899.99'],
    [1, 10000, undefined, 8, false, '10000.00', '800.00', '10800.00'],
    [1, 10000, undefined, 0, false, '10000.00', '0.00', '10000.00'],
    [1, undefined, 11900, 19, true, '10000.00', '1900.00', '11900.00'],
    [1, undefined, 10000, 19, true, '8403.36', '1596.64', '10000.00'],
    [3, undefined, 1000, 8, true, '2777.78', '222.22', '3000.00'],
    [1.5, 0.35, undefined, 19, false, '0.53', '0.10', '0.63'],
  ] as const)('%s x %s (input %s) at %s%% incl=%s', (cant, unit, unitInput, iva, incluido, base, tax, total) => {
    const line = computeFeLine({ cant, unit, unit_input: unitInput, iva, iva_incluido: incluido });
    expect([line.base.toFixed(2), line.taxAmount.toFixed(2), line.total.toFixed(2)]).toEqual([base, tax, total]);
  });

  it('keeps the typed tax-inclusive total exactly, whatever the rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 100_000_00 }),
        fc.constantFrom(0, 5, 8, 19),
        (cant, cents, rate) => {
          const line = computeFeLine({ cant, unit_input: (cents / 100).toFixed(2), iva: rate, iva_incluido: true });
          expect(line.total.toFixed(2)).toBe(
            (BigInt(cents) * BigInt(cant))
              .toString()
              .padStart(3, '0')
              .replace(/(\d\d)$/, '.$1'),
          );
          expect(line.base.plus(line.taxAmount).equals(line.total)).toBe(true);
        },
      ),
    );
  });
});

describe('FE totals', () => {
  it('groups taxes by code and rate and adds IVA, INC separately', () => {
    const t = computeFeTotals([
      { cant: 1, unit: 100000, iva: 19 },
      { cant: 2, unit: 50000, iva: 19 },
      { cant: 1, unit: 30000, iva: 8 },
      { cant: 1, unit: 20000, iva: 0 },
    ]);
    expect(t.subtotal.toFixed(2)).toBe('250000.00');
    expect(t.iva.toFixed(2)).toBe('38000.00');
    expect(t.inc.toFixed(2)).toBe('2400.00');
    expect(t.impuestos.toFixed(2)).toBe('40400.00');
    expect(t.total.toFixed(2)).toBe('290400.00');
    expect(t.taxGroups.map((g) => [g.code, g.rate.toFixed(), g.base.toFixed(2), g.amount.toFixed(2)])).toEqual([
      ['01', '19', '200000.00', '38000.00'],
      ['04', '8', '30000.00', '2400.00'],
    ]);
  });

  it('computes withholdings on the chosen base and the net payable', () => {
    const t = computeFeTotals([{ cant: 1, unit: 1000000, iva: 19 }], undefined, [
      { type: 'reterenta', base_mode: 'subtotal', percent: 2.5 },
      { type: 'reteiva', base_mode: 'impuestos', percent: 15 },
    ]);
    expect(t.withholdings.map((w) => w.amount.toFixed(2))).toEqual(['25000.00', '28500.00']);
    expect(t.netoPagar.toFixed(2)).toBe('1136500.00');
  });

  it('adds AIU to the subtotal and taxes the chosen AIU base', () => {
    const items = [{ cant: 1, unit: 10000000, iva: 0 }];
    const total = computeFeTotals(items, {
      enabled: true,
      administracion_percent: 10,
      imprevistos_percent: 5,
      utilidad_percent: 5,
      tax_rate: 19,
      iva_base_mode: 'AIU_TOTAL',
    });
    expect(total.subtotal.toFixed(2)).toBe('12000000.00');
    expect(total.iva.toFixed(2)).toBe('380000.00');
    const utility = computeFeTotals(items, {
      enabled: true,
      administracion_percent: 10,
      imprevistos_percent: 5,
      utilidad_percent: 5,
      tax_rate: 19,
      iva_base_mode: 'UTILIDAD',
    });
    expect(utility.iva.toFixed(2)).toBe('95000.00');
    expect(utility.total.toFixed(2)).toBe('12095000.00');
  });

  it('ignores a disabled AIU and uses an explicit contract base', () => {
    expect(computeFeAiu({ enabled: false, utilidad_percent: 5 }, 100)).toBeNull();
    expect(computeFeAiu({ enabled: true, contract_base: 200, utilidad_percent: 5 }, 100)?.utilidad.toFixed(2)).toBe('10.00');
  });

  it('converts USD to COP with the applied rate, half up to cents', () => {
    expect(toCop('100.005', null, 'COP').toFixed(2)).toBe('100.01');
    expect(toCop('12.34', '4000.5', 'USD').toFixed(2)).toBe('49366.17');
  });
});
