// Properties of the nine withholding rules ("DSE withholding", Validation rules) over random
// documents, with an independent oracle in integer cents. The examples live in withholdings.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDseRequest } from '#shared/dse/index';
import { ctx, validDse } from '#test/requests/dse-rules';

/** A one-line document: base in cents, IVA rate; total = base + round(base * iva / 100). */
const documentArb = fc.record({
  baseCents: fc.integer({ min: 100, max: 1_000_000_000 }),
  iva: fc.constantFrom(0, 5, 19),
});

function body(baseCents: number, iva: number, retenciones: unknown[]) {
  return {
    ...validDse(),
    items: [{ codigo: '70111703', descripcion: 'Servicio', cantidad: 1, precio_unitario: baseCents / 100, porcentaje_iva: iva }],
    retenciones,
  };
}
/** Half-up rounding of a non-negative exact rational in cents. */
const taxCents = (baseCents: number, iva: number) => Math.floor((baseCents * iva + 50) / 100);
const fields = (b: unknown) => {
  const r = validateDseRequest(b, ctx);
  return r.ok ? [] : r.errors.map((e) => e.field);
};

describe('DSE withholding rules, properties', () => {
  it('5. an explicit base is accepted exactly when 0 < base <= total', () => {
    fc.assert(
      fc.property(documentArb, fc.integer({ min: -100, max: 2_000_000_000 }), ({ baseCents, iva }, explicit) => {
        const total = baseCents + taxCents(baseCents, iva);
        const f = fields(body(baseCents, iva, [{ type: 'reterenta', base_amount: explicit / 100, percent: 1 }]));
        expect(f.includes('retenciones[0].base_amount')).toBe(!(explicit > 0 && explicit <= total));
      }),
    );
  });

  it('6. any negative percentage is refused, zero and positive are not', () => {
    fc.assert(
      fc.property(documentArb, fc.integer({ min: -10_000, max: 10_000 }), ({ baseCents, iva }, hundredths) => {
        const f = fields(body(baseCents, iva, [{ type: 'reteica', percent: hundredths / 1000 }]));
        expect(f.includes('retenciones[0].percent')).toBe(hundredths < 0);
      }),
    );
  });

  it('7. amount with percent: accepted within one cent of base x percent, refused beyond', () => {
    fc.assert(
      fc.property(
        documentArb,
        fc.integer({ min: 0, max: 1100 }),
        fc.integer({ min: -5, max: 5 }),
        ({ baseCents, iva }, permil, offset) => {
          // subtotal mode: base = baseCents; percent with up to 3 decimals (ReteICA per mil rates).
          const exact = (baseCents * permil) / 100_000; // cents, exact rational
          const amountCents = Math.round(exact) + offset;
          const b = body(baseCents, iva, [
            { type: 'reterenta', base_mode: 'subtotal', percent: permil / 1000, amount: amountCents / 100 },
          ]);
          // A negative amount is refused on its own ("el valor no puede ser negativo").
          const within = amountCents >= 0 && Math.abs(amountCents - exact) <= 1 + 1e-9;
          expect(fields(b).includes('retenciones[0].amount')).toBe(!within);
        },
      ),
    );
  });

  it('8. with only an amount the percentage is derived and gives the amount back within a cent', () => {
    fc.assert(
      fc.property(documentArb, fc.integer({ min: 1, max: 10_000 }), ({ baseCents, iva }, fraction) => {
        const amountCents = Math.max(1, Math.floor((baseCents * fraction) / 100_000));
        const r = validateDseRequest(
          body(baseCents, iva, [{ type: 'reterenta', base_mode: 'subtotal', amount: amountCents / 100 }]),
          ctx,
        );
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const w = r.value.retenciones[0]!;
        expect(w.amount.times(100).toNumber()).toBe(amountCents);
        expect(w.base.times(w.percent).dividedBy(100).minus(w.amount).abs().lte('0.01')).toBe(true);
      }),
    );
  });

  it('9. the withholdings are refused exactly when their sum exceeds the total; totals follow the contract', () => {
    fc.assert(
      fc.property(
        documentArb,
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 1, maxLength: 3 }),
        ({ baseCents, iva }, shares) => {
          const total = baseCents + taxCents(baseCents, iva);
          const keys = ['reteiva', 'reterenta', 'reteica'];
          // amounts as a fraction (per 100000) of the total, each on base mode total
          const amounts = shares.map((s) => Math.floor((total * s) / 100_000));
          const retenciones = amounts.map((a, i) => ({ type: keys[i], base_mode: 'total', amount: a / 100 }));
          const r = validateDseRequest(body(baseCents, iva, retenciones), ctx);
          const sum = amounts.reduce((x, y) => x + y, 0);
          if (sum > total) {
            expect(r.ok).toBe(false);
            if (!r.ok) expect(r.errors.map((e) => e.field)).toContain('retenciones');
          } else {
            expect(r.ok).toBe(true);
            if (!r.ok) return;
            const t = r.value.totals;
            expect(t.total.times(100).toNumber()).toBe(total);
            expect(t.total_retenciones.times(100).toNumber()).toBe(sum);
            expect(t.neto_pagar.times(100).toNumber()).toBe(total - sum);
          }
        },
      ),
    );
  });

  it('2. disabled withholdings never change the verdict nor the totals', () => {
    const junk = fc.record({
      retention_key: fc.string(),
      percent: fc.integer({ min: -100, max: 100 }),
      base_amount: fc.integer({ min: -1, max: 10 }),
    });
    fc.assert(
      fc.property(documentArb, junk, fc.boolean(), ({ baseCents, iva }, garbage, useActiva) => {
        const active = [{ type: 'reterenta', percent: 2.5 }];
        const off = useActiva ? { ...garbage, activa: false } : { ...garbage, enabled: false };
        const a = validateDseRequest(body(baseCents, iva, active), ctx);
        const b = validateDseRequest(body(baseCents, iva, [off, ...active]), ctx);
        expect(b.ok).toBe(a.ok);
        if (a.ok && b.ok) expect(b.value.totals.neto_pagar.toFixed(2)).toBe(a.value.totals.neto_pagar.toFixed(2));
      }),
    );
  });

  it('3. the same withholding twice is refused whichever alias names it', () => {
    const names = fc.constantFrom(
      { type: 'reterenta' },
      { tipo: 'ReteRenta' },
      { dian_tax_code: '06', tax_name: 'Retención en la fuente', retention_key: 'reterenta' },
    );
    fc.assert(
      fc.property(names, names, (x, y) => {
        const f = fields(
          body(100_000_00, 19, [
            { ...x, percent: 1 },
            { ...y, percent: 2 },
          ]),
        );
        expect(f).toContain('retenciones[1].retention_key');
      }),
    );
  });
});
