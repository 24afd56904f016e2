// The request the Facturas form builds always carries the totals the shared calculation computes
// from its lines, whatever is typed (es-CO numbers, tax-included prices, any rate).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFeTotals } from '#shared/fe/index';
import { buildRequest, computeFormTotals } from '#renderer/features/invoices/calc';
import { defaultValues, type FeFormValues } from '#renderer/features/invoices/model';

const arbLine = fc.record({
  cant: fc.integer({ min: 1, max: 1000 }).map((n) => (n / 10).toString()),
  unit: fc.integer({ min: 0, max: 10_000_000 }).map((c) => (c / 100).toFixed(2)),
  iva: fc.constantFrom('0', '5', '8', '19'),
  iva_incluido: fc.boolean(),
});

describe('the Facturas request', () => {
  it('the request the form builds carries exactly the computed totals, whatever is typed', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { minLength: 1, maxLength: 20 }), (lines) => {
        const values: FeFormValues = {
          ...defaultValues('2026-11-20'),
          items: lines.map((l, i) => ({
            key: String(i),
            desc: `Línea ${i}`,
            cant: l.cant.replace('.', ','),
            unit: l.unit.replace('.', ','),
            iva: l.iva,
            iva_incluido: l.iva_incluido,
          })),
        };
        const totals = computeFormTotals(values, []);
        const request = buildRequest(values, totals, { draftKey: 'fe-1', withholdingTypes: [], paymentMethods: [] });
        expect(request.subtotal).toBe(Number(totals.subtotal.toFixed(2)));
        expect(request.impuestos).toBe(Number(totals.impuestos.toFixed(2)));
        expect(request.total).toBe(Number(totals.total.toFixed(2)));
        // The server recomputes from the items it receives and gets the same totals.
        const again = computeFeTotals(request.items);
        expect(again.total.toFixed(2)).toBe(totals.total.toFixed(2));
      }),
    );
  });
});
