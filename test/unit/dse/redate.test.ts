// A DSE sold on 2026-11-20 (Colombia) and transmitted later: re-dated by the one shared function, it
// obeys every date rule of "7. Create, sign and send DSE" on the day it goes out, as the project's
// own validation (the very code the sandbox runs) judges it.
import { describe, expect, it } from 'vitest';
import { colombiaToday, toColombia } from '#shared/dates';
import { redateDseRequest, validateDseRequest } from '#shared/dse/index';
import { ctx, validDse, type Body } from '#test/requests/dse-rules';

const SALE_DAY = '2026-11-20';
/** 23:59:59 and 00:00:00 in Bogotá (UTC-5, no daylight saving), either side of the sale day's end. */
const LAST_SECOND = new Date('2026-11-21T04:59:59Z');
const MIDNIGHT = new Date('2026-11-21T05:00:00Z');
const NEXT_DAY = '2026-11-21';

function judgedAt(body: Record<string, unknown>, instant: Date) {
  const { date, time } = toColombia(instant);
  return validateDseRequest(body, { ...ctx, today: date, nowTime: time });
}

function dse(fields: Record<string, unknown>): Body {
  return { ...validDse(), ...fields };
}

const credit = (due: string, extra: Record<string, unknown> = {}) => dse({ forma_pago: '2', fecha_vencimiento: due, ...extra });

describe('the day a DSE goes out', () => {
  it('is Colombia’s: 23:59:59 in Bogotá is still the sale day, 00:00:00 is the next', () => {
    expect(colombiaToday(LAST_SECOND)).toBe(SALE_DAY);
    expect(colombiaToday(MIDNIGHT)).toBe(NEXT_DAY);
  });

  it('at 23:59:59 the sale day’s request is valid and re-dating to that day changes nothing', () => {
    for (const body of [dse({}), credit(SALE_DAY, { fecha_vencimiento_contable: SALE_DAY })]) {
      expect(judgedAt(body, LAST_SECOND).ok).toBe(true);
      expect(redateDseRequest(body, colombiaToday(LAST_SECOND))).toEqual(body);
    }
  });

  it('at 00:00:00 the sale day’s request is refused as it was: that is why it is re-dated', () => {
    const result = judgedAt(credit(SALE_DAY, { fecha_vencimiento_contable: SALE_DAY }), MIDNIGHT);
    expect(result.ok ? [] : result.errors.map((e) => e.field)).toEqual(['fecha_documento']);
  });
});

describe('re-dating a DSE to the next day', () => {
  const today = colombiaToday(MIDNIGHT);

  const cases: {
    name: string;
    body: Body;
    expected: Record<string, unknown>;
  }[] = [
    {
      name: 'cash: the due date sent becomes the new date',
      body: dse({ fecha_vencimiento: SALE_DAY }),
      expected: { fecha_documento: NEXT_DAY, forma_pago: '1', fecha_vencimiento: NEXT_DAY },
    },
    {
      name: 'cash by default (no forma_pago): the due date becomes the new date',
      body: dse({ forma_pago: undefined, fecha_vencimiento: SALE_DAY }),
      expected: { fecha_documento: NEXT_DAY, fecha_vencimiento: NEXT_DAY },
    },
    {
      name: 'cash without a due date: none is added (the server forces it to the document date)',
      body: dse({}),
      expected: { fecha_documento: NEXT_DAY, fecha_vencimiento: undefined },
    },
    {
      name: 'credit due on the sale day: due on the new date',
      body: credit(SALE_DAY),
      expected: { fecha_documento: NEXT_DAY, fecha_vencimiento: NEXT_DAY },
    },
    {
      name: 'credit due later: the agreed term stays',
      body: credit('2026-12-20'),
      expected: { fecha_documento: NEXT_DAY, fecha_vencimiento: '2026-12-20' },
    },
    {
      name: 'credit due on the new date itself: it stays',
      body: credit(NEXT_DAY),
      expected: { fecha_vencimiento: NEXT_DAY },
    },
    {
      name: 'credit sent as the number 2: still credit',
      body: credit(SALE_DAY, { forma_pago: 2 }),
      expected: { fecha_vencimiento: NEXT_DAY },
    },
    {
      name: 'accounting due on the sale day: on the new date',
      body: credit('2026-12-20', { fecha_vencimiento_contable: SALE_DAY }),
      expected: { fecha_vencimiento: '2026-12-20', fecha_vencimiento_contable: NEXT_DAY },
    },
    {
      name: 'accounting due later: it stays',
      body: credit(SALE_DAY, { fecha_vencimiento_contable: '2027-01-15' }),
      expected: { fecha_vencimiento: NEXT_DAY, fecha_vencimiento_contable: '2027-01-15' },
    },
    {
      name: 'accounting due date absent: still absent',
      body: credit(SALE_DAY),
      expected: { fecha_vencimiento_contable: undefined },
    },
    {
      name: 'accounting due on the sale day of a cash purchase: on the new date',
      body: dse({ fecha_vencimiento_contable: SALE_DAY }),
      expected: { fecha_vencimiento_contable: NEXT_DAY },
    },
    {
      name: 'per operation with its period sent: the period is the new day',
      body: dse({ fecha_inicio_periodo: SALE_DAY, fecha_fin_periodo: SALE_DAY }),
      expected: { fecha_documento: NEXT_DAY, fecha_inicio_periodo: NEXT_DAY, fecha_fin_periodo: NEXT_DAY },
    },
    {
      name: 'per operation by default (no forma_generacion): the period is the new day',
      body: dse({ forma_generacion: undefined, fecha_inicio_periodo: SALE_DAY, fecha_fin_periodo: SALE_DAY }),
      expected: { fecha_inicio_periodo: NEXT_DAY, fecha_fin_periodo: NEXT_DAY },
    },
    {
      name: 'weekly: the week bought in stays, the document carries the new date',
      body: dse({
        forma_generacion: '2',
        fecha_inicio_periodo: '2026-11-14',
        fecha_fin_periodo: SALE_DAY,
        forma_pago: '2',
        fecha_vencimiento: SALE_DAY,
        fecha_vencimiento_contable: SALE_DAY,
      }),
      expected: {
        fecha_documento: NEXT_DAY,
        fecha_inicio_periodo: '2026-11-14',
        fecha_fin_periodo: SALE_DAY,
        fecha_vencimiento: NEXT_DAY,
        fecha_vencimiento_contable: NEXT_DAY,
      },
    },
    {
      name: 'aliases: fecha, period_start_date, period_end_date, payment_type, payment_due_date keep their names',
      body: (() => {
        const body = credit(SALE_DAY, {
          fecha: SALE_DAY,
          period_start_date: SALE_DAY,
          period_end_date: SALE_DAY,
          payment_type: '2',
          payment_due_date: SALE_DAY,
          fecha_vencimiento_contable: SALE_DAY,
        });
        delete body.fecha_documento;
        delete body.forma_pago;
        delete body.fecha_vencimiento;
        return body;
      })(),
      expected: {
        fecha: NEXT_DAY,
        fecha_documento: undefined,
        period_start_date: NEXT_DAY,
        period_end_date: NEXT_DAY,
        payment_type: '2',
        payment_due_date: NEXT_DAY,
        forma_pago: undefined,
        fecha_vencimiento: undefined,
        fecha_vencimiento_contable: NEXT_DAY,
      },
    },
    {
      name: 'a field and its alias both sent: both move together (they must agree)',
      body: credit(SALE_DAY, { fecha: SALE_DAY, payment_due_date: SALE_DAY, payment_type: '2' }),
      expected: { fecha_documento: NEXT_DAY, fecha: NEXT_DAY, fecha_vencimiento: NEXT_DAY, payment_due_date: NEXT_DAY },
    },
    {
      name: 'aliases of a credit due later: the agreed term stays',
      body: (() => {
        const body = credit(SALE_DAY, { payment_type: '2', payment_due_date: '2026-12-01' });
        delete body.forma_pago;
        delete body.fecha_vencimiento;
        return body;
      })(),
      expected: { payment_due_date: '2026-12-01' },
    },
    {
      name: 'the hour of the sale on the old day is dropped: the server stamps the hour it goes out',
      body: dse({ hora: '23:50:00-05:00' }),
      expected: { fecha_documento: NEXT_DAY, hora: undefined },
    },
  ];

  it.each(cases)('$name, and the result passes the validation at 00:00:00', ({ body, expected }) => {
    const before = structuredClone(body);
    const dated = redateDseRequest(body, today);
    expect(body).toEqual(before);
    expect(dated).toMatchObject(Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined)));
    for (const [field, value] of Object.entries(expected)) if (value === undefined) expect(dated).not.toHaveProperty(field);
    const result = judgedAt(dated, MIDNIGHT);
    expect(result.ok ? [] : result.errors).toEqual([]);
    // Nothing else in the request changes: supplier, lines, withholdings, codes.
    const untouched = (o: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(o).filter(([k]) => !/fecha|period|payment_due|hora/.test(k)));
    expect(untouched(dated)).toEqual(untouched(body));
  });

  it('each rule was needed: the sale day’s credit and accounting due dates alone are refused on the next day', () => {
    const body = credit(SALE_DAY, { fecha_vencimiento_contable: SALE_DAY });
    const onlyDocumentDate = { ...body, fecha_documento: NEXT_DAY };
    const result = judgedAt(onlyDocumentDate, MIDNIGHT);
    expect(result.ok ? [] : result.errors.map((e) => e.field).sort()).toEqual([
      'fecha_vencimiento',
      'fecha_vencimiento_contable',
    ]);
  });
});
