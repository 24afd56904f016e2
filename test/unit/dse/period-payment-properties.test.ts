// Properties of the period rules (forma_generacion 1 and 2) and the payment rules (forma_pago,
// fecha_vencimiento, medio_pago_codigo) of "7. Create, sign and send DSE", against an oracle written
// from the contract's sentences with calendar-day arithmetic of its own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDseRequest } from '#shared/dse/index';
import { ctx, validDse } from '#test/requests/dse-rules';

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 20); // ctx.today, 2026-11-20
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const offsetArb = fc.integer({ min: -40, max: 10 });

function fieldsOf(body: unknown): string[] {
  const r = validateDseRequest(body, ctx);
  return r.ok ? [] : r.errors.map((e) => e.field);
}

describe('DSE period rules, properties', () => {
  it('weekly: valid exactly when start <= end, at most 7 days both included, and end <= fecha_documento <= today', () => {
    fc.assert(
      fc.property(offsetArb, offsetArb, fc.integer({ min: -10, max: 2 }), (s, e, d) => {
        const start = TODAY + s * DAY;
        const end = TODAY + e * DAY;
        const fecha = TODAY + d * DAY;
        const body = {
          ...validDse(),
          fecha_documento: iso(fecha),
          forma_generacion: '2',
          fecha_inicio_periodo: iso(start),
          fecha_fin_periodo: iso(end),
        };
        const days = (end - start) / DAY + 1;
        const valid = start <= end && days <= 7 && end <= fecha && fecha <= TODAY;
        expect(fieldsOf(body).length === 0).toBe(valid);
      }),
    );
  });

  it('weekly: each broken rule names its field', () => {
    fc.assert(
      fc.property(offsetArb, offsetArb, (s, e) => {
        const body = {
          ...validDse(),
          forma_generacion: '2',
          fecha_inicio_periodo: iso(TODAY + s * DAY),
          fecha_fin_periodo: iso(TODAY + e * DAY),
        };
        const f = fieldsOf(body);
        if (s > e) expect(f).toContain('fecha_inicio_periodo');
        else if (e - s + 1 > 7) expect(f).toContain('fecha_fin_periodo');
        if (e > 0) expect(f).toContain('fecha_fin_periodo');
      }),
    );
  });

  it('per operation: only today is a valid document date, and the period collapses to it', () => {
    fc.assert(
      fc.property(offsetArb, (d) => {
        const r = validateDseRequest({ ...validDse(), fecha_documento: iso(TODAY + d * DAY), forma_generacion: '1' }, ctx);
        expect(r.ok).toBe(d === 0);
        if (r.ok) expect([r.value.fecha_inicio_periodo, r.value.fecha_fin_periodo]).toEqual([ctx.today, ctx.today]);
      }),
    );
  });
});

describe('DSE payment rules, properties', () => {
  it('cash: the due date is forced to the document date whatever was sent', () => {
    fc.assert(
      fc.property(offsetArb, (d) => {
        const r = validateDseRequest({ ...validDse(), forma_pago: '1', fecha_vencimiento: iso(TODAY + d * DAY) }, ctx);
        expect(r.ok).toBe(true);
        if (r.ok) expect(r.value.fecha_vencimiento).toBe(ctx.today);
      }),
    );
  });

  it('credit: the due date is accepted exactly when it is not before the document date, and kept', () => {
    fc.assert(
      fc.property(offsetArb, (d) => {
        const due = iso(TODAY + d * DAY);
        const r = validateDseRequest({ ...validDse(), forma_pago: '2', fecha_vencimiento: due }, ctx);
        expect(r.ok).toBe(d >= 0);
        if (r.ok) expect(r.value.fecha_vencimiento).toBe(due);
        else expect(r.errors.map((e) => e.field)).toContain('fecha_vencimiento');
      }),
    );
  });

  it('the accounting due date may not precede the issue date', () => {
    fc.assert(
      fc.property(offsetArb, (d) => {
        const f = fieldsOf({ ...validDse(), fecha_vencimiento_contable: iso(TODAY + d * DAY) });
        expect(f.includes('fecha_vencimiento_contable')).toBe(d < 0);
      }),
    );
  });

  it('medio_pago_codigo is accepted exactly when it is 1 to 3 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-z ]{0,5}$/), (code) => {
        const f = fieldsOf({ ...validDse(), medio_pago_codigo: code });
        // Surrounding spaces are trimmed; an empty code is a code, and not a valid one (only an absent one defaults to 10).
        const valid = /^\d{1,3}$/.test(code.trim());
        expect(f.includes('medio_pago_codigo')).toBe(!valid);
      }),
    );
  });
});
