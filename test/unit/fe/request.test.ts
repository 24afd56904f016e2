import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '#shared/api/index';
import { validateFeRequest, type FeRequestContext } from '#shared/fe/index';

const methods: PaymentMethod[] = [
  {
    id: 1,
    payment_form: 'contado',
    label: 'Efectivo',
    payment_means_code: '10',
    payment_means_name: 'Efectivo',
    is_active: true,
    is_default: true,
  },
  {
    id: 2,
    payment_form: 'contado',
    label: 'Transferencia',
    payment_means_code: '42',
    payment_means_name: 'Consignación',
    is_active: true,
    is_default: false,
  },
  {
    id: 3,
    payment_form: 'credito',
    label: 'Crédito 30 días',
    payment_means_code: '1',
    payment_means_name: 'Instrumento no definido',
    is_active: true,
    is_default: false,
  },
  {
    id: 4,
    payment_form: 'contado',
    label: 'Cheque',
    payment_means_code: '20',
    payment_means_name: 'Cheque',
    is_active: false,
    is_default: false,
  },
];
const ctx: FeRequestContext = {
  today: '2026-11-20',
  paymentMethods: methods,
  withholdingTypes: ['reterenta', 'reteiva', 'reteica'],
};

const valid = () => ({
  receptor: { tipo_doc: '13', numero_doc: '1020304050', nombre: 'Ana Pérez', email: 'ana@example.com', direccion: 'Cra 1 # 2-3' },
  items: [
    { desc: 'Camisa', cant: 2, unit: 50000, iva: 19, iva_incluido: false, unit_input: 50000 },
    { desc: 'Almuerzo', cant: 1, unit: 20000, iva: 8, iva_incluido: false, unit_input: 20000 },
  ],
  subtotal: 120000,
  impuestos: 20600,
  total: 140600,
  fecha_emision: '2026-11-20',
  payment: { form: 'contado', method_id: 1, means_code: '10', due_date: '' },
  withholdings: [],
  attachment_tokens: [],
  draft_key: 'pos-1',
});

function fieldsOf(body: unknown, c: FeRequestContext = ctx): string[] {
  const r = validateFeRequest(body, c);
  return r.ok ? [] : r.errors.map((e) => e.field);
}

describe('FE create request validation', () => {
  it('accepts a consistent request and computes its totals', () => {
    const r = validateFeRequest(valid(), ctx);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.totals.total.toFixed(2)).toBe('140600.00');
      expect(r.value.totals.inc.toFixed(2)).toBe('1600.00');
      expect(r.value.payment).toEqual({ form: 'contado', method_id: 1, means_code: '10', due_date: null });
    }
  });

  it.each<[string, (b: ReturnType<typeof valid>) => unknown, string]>([
    ['missing receptor', (b) => ({ ...b, receptor: undefined }), 'receptor'],
    ['unknown id type', (b) => ({ ...b, receptor: { ...b.receptor, tipo_doc: '99' } }), 'receptor.tipo_doc'],
    ['empty items', (b) => ({ ...b, items: [] }), 'items'],
    ['zero quantity', (b) => ({ ...b, items: [{ ...b.items[0], cant: 0 }] }), 'items[0].cant'],
    ['money as a string', (b) => ({ ...b, items: [{ ...b.items[0], unit: '50000' }] }), 'items[0].unit'],
    ['unknown tax code', (b) => ({ ...b, items: [{ ...b.items[0], tax_code: '99' }] }), 'items[0].tax_code'],
    ['19% totals for 8% lines', (b) => ({ ...b, impuestos: 22800, total: 142800 }), 'impuestos'],
    ['foreign payment method', (b) => ({ ...b, payment: { ...b.payment, method_id: 99 } }), 'payment.method_id'],
    [
      'inactive payment method',
      (b) => ({ ...b, payment: { ...b.payment, method_id: 4, means_code: '20' } }),
      'payment.method_id',
    ],
    ['means code of another method', (b) => ({ ...b, payment: { ...b.payment, means_code: '42' } }), 'payment.means_code'],
    [
      'credit without due date',
      (b) => ({ ...b, payment: { form: 'credito', method_id: 3, means_code: '1', due_date: '' } }),
      'payment.due_date',
    ],
    ['past date without contingency', (b) => ({ ...b, fecha_emision: '2026-11-19' }), 'fecha_emision'],
    ['future date', (b) => ({ ...b, fecha_emision: '2026-11-21', es_contingencia: true }), 'fecha_emision'],
    [
      'invented withholding',
      (b) => ({ ...b, withholdings: [{ type: 'retefoo', base_mode: 'subtotal', percent: 1 }] }),
      'withholdings[0].type',
    ],
    ['observaciones too long', (b) => ({ ...b, observaciones: 'x'.repeat(4001) }), 'observaciones'],
    ['draft_key too long', (b) => ({ ...b, draft_key: 'k'.repeat(81) }), 'draft_key'],
    ['attachment token', (b) => ({ ...b, attachment_tokens: ['abc'] }), 'attachment_tokens'],
    [
      'USD without rate',
      (b) => ({
        ...b,
        currency: { commercial_currency: 'USD', applied_rate: null, official_trm: null, rate_date: '2026-11-20' },
      }),
      'currency.applied_rate',
    ],
    ['AIU mode unknown', (b) => ({ ...b, aiu: { enabled: true, iva_base_mode: 'X' } }), 'aiu.iva_base_mode'],
  ])('rejects %s naming the field', (_name, mutate, field) => {
    expect(fieldsOf(mutate(valid()))).toContain(field);
  });

  it('accepts the limits exactly: 4000 characters, 80-character draft key, earlier date in contingency', () => {
    expect(fieldsOf({ ...valid(), observaciones: 'x'.repeat(4000), draft_key: 'k'.repeat(80) })).toEqual([]);
    expect(fieldsOf({ ...valid(), fecha_emision: '2026-11-18', es_contingencia: true })).toEqual([]);
  });

  it('uses the default method when payment is omitted and a credit method with its due date', () => {
    const r = validateFeRequest({ ...valid(), payment: undefined }, ctx);
    expect(r.ok && r.value.payment.method_id).toBe(1);
    const credit = validateFeRequest(
      { ...valid(), payment: { form: 'credito', method_id: 3, means_code: '1', due_date: '2026-12-20' } },
      ctx,
    );
    expect(credit.ok && credit.value.payment.due_date).toBe('2026-12-20');
  });

  it('accepts 1000 items and refuses 1001 (sandbox limit)', () => {
    const item = { desc: 'x', cant: 1, unit: 10, iva: 0, iva_incluido: false, unit_input: 10 };
    const body = (n: number) => ({
      ...valid(),
      items: Array.from({ length: n }, () => item),
      subtotal: undefined,
      impuestos: undefined,
      total: undefined,
    });
    expect(fieldsOf(body(1000))).toEqual([]);
    expect(fieldsOf(body(1001))).toEqual(['items']);
  });

  it('accepts a USD invoice with an applied rate', () => {
    expect(
      fieldsOf({
        ...valid(),
        currency: { commercial_currency: 'USD', applied_rate: 4100.5, official_trm: 4098, rate_date: '2026-11-20' },
      }),
    ).toEqual([]);
  });
});
