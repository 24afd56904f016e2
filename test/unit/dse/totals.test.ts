import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accepted, validDse } from '#test/requests/dse-rules';

describe('DSE totals (computed by the server)', () => {
  it('sums bases and taxes of the lines', () => {
    const v = accepted(validDse());
    expect(v.items.map((l) => [l.base.toFixed(2), l.impuesto.toFixed(2)])).toEqual([
      ['300000.00', '0.00'],
      ['150000.00', '28500.00'],
    ]);
    expect([v.totals.subtotal, v.totals.impuestos, v.totals.total, v.totals.neto_pagar].map((d) => d.toFixed(2))).toEqual([
      '450000.00',
      '28500.00',
      '478500.00',
      '478500.00',
    ]);
  });

  it('ignores client totals', () => {
    const v = accepted({ ...validDse(), subtotal: 1, impuestos: 2, total: 3 });
    expect(v.totals.total.toFixed(2)).toBe('478500.00');
  });

  it('keeps total = subtotal + impuestos and neto = total - retenciones for any lines', () => {
    const item = fc.record({
      cantidad: fc.integer({ min: 1, max: 1000 }).map((n) => n / 10),
      precio_unitario: fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100),
      porcentaje_iva: fc.constantFrom(0, 5, 19),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 1000 }), (items, permille) => {
        const body = {
          ...validDse(),
          items: items.map((i) => ({ ...i, codigo: '70111703', descripcion: 'x' })),
          retenciones: [] as unknown[],
        };
        const subtotal = accepted(body).totals.subtotal;
        if (subtotal.gt(0)) body.retenciones = [{ type: 'reterenta', percent: permille / 10 }];
        const t = accepted(body).totals;
        expect(t.total.equals(t.subtotal.plus(t.impuestos))).toBe(true);
        expect(t.neto_pagar.equals(t.total.minus(t.total_retenciones))).toBe(true);
        expect(t.total.decimalPlaces()).toBeLessThanOrEqual(2);
      }),
      { numRuns: 200 },
    );
  });
});
