// Conformance, "7. Create, sign and send DSE", validation rules: each rule with a passing case (201)
// and a failing case (400 naming the field), over HTTP.
import { describe, expect, it } from 'vitest';
import { dseBody, newKey } from '../../support/requests/conformance';
import { useSandbox } from '../../support/sandbox/fixture';

const sandbox = useSandbox();
type Body = Record<string, unknown> & { items: Record<string, unknown>[]; proveedor: Record<string, unknown> };
type Rule = [rule: string, pass: (b: Body) => unknown, fail: (b: Body) => unknown, field: string];

const item = (b: Body, patch: Record<string, unknown>) => ({ ...b, items: [{ ...b.items[0], ...patch }] });
const weekly = (b: Body, start?: string, end?: string, fecha = '2026-11-20') => ({
  ...b,
  forma_generacion: '2',
  fecha_documento: fecha,
  fecha_inicio_periodo: start,
  fecha_fin_periodo: end,
});
const ret = (b: Body, ...retenciones: unknown[]) => ({ ...b, retenciones });
const renta = { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 2.5 };
// dseBody(): subtotal 450000.00, impuestos 28500.00, total 478500.00

const RULES: Rule[] = [
  ['items: at least 1 element', (b) => b, (b) => ({ ...b, items: [] }), 'items'],
  ['item codigo: 8 digits', (b) => item(b, { codigo: '43211503' }), (b) => item(b, { codigo: '432115' }), 'items[0].codigo'],
  ['item codigo: numeric', (b) => item(b, { codigo: 43211503 }), (b) => item(b, { codigo: '4321150X' }), 'items[0].codigo'],
  ['item cantidad > 0', (b) => item(b, { cantidad: 0.25 }), (b) => item(b, { cantidad: 0 }), 'items[0].cantidad'],
  [
    'item precio_unitario not negative',
    (b) => item(b, { precio_unitario: 0 }),
    (b) => item(b, { precio_unitario: -5 }),
    'items[0].precio_unitario',
  ],
  [
    'item price derived from base',
    (b) => item(b, { precio_unitario: undefined, base_imponible: 300000 }),
    (b) => item(b, { precio_unitario: undefined }),
    'items[0].precio_unitario',
  ],
  [
    'item cost center of the company',
    (b) => item(b, { cost_center_id: 3 }),
    (b) => item(b, { cost_center_id: 42 }),
    'items[0].cost_center_id',
  ],
  [
    'item cost center code of the company',
    (b) => item(b, { cost_center_id: undefined, cost_center_code: 'BOD' }),
    (b) => item(b, { cost_center_id: undefined, cost_center_code: 'PRD' }),
    'items[0].cost_center_code',
  ],
  ['mode 1: fecha_documento is today', (b) => b, (b) => ({ ...b, fecha_documento: '2026-11-19' }), 'fecha_documento'],
  [
    'mode 1: alias fecha',
    (b) => ({ ...b, fecha_documento: undefined, fecha: '2026-11-20' }),
    (b) => ({ ...b, fecha_documento: undefined, fecha: '2026-11-21' }),
    'fecha',
  ],
  [
    'mode 1: period equals the document date',
    (b) => ({ ...b, fecha_fin_periodo: '2026-11-20' }),
    (b) => ({ ...b, fecha_fin_periodo: '2026-11-21' }),
    'fecha_fin_periodo',
  ],
  [
    'mode 2: start required',
    (b) => weekly(b, '2026-11-14', '2026-11-20'),
    (b) => weekly(b, undefined, '2026-11-20'),
    'fecha_inicio_periodo',
  ],
  [
    'mode 2: end required',
    (b) => weekly(b, '2026-11-14', '2026-11-20'),
    (b) => weekly(b, '2026-11-14', undefined),
    'fecha_fin_periodo',
  ],
  [
    'mode 2: start not after end',
    (b) => weekly(b, '2026-11-17', '2026-11-17'),
    (b) => weekly(b, '2026-11-18', '2026-11-17'),
    'fecha_inicio_periodo',
  ],
  [
    'mode 2: at most 7 calendar days',
    (b) => weekly(b, '2026-11-14', '2026-11-20'),
    (b) => weekly(b, '2026-11-13', '2026-11-20'),
    'fecha_fin_periodo',
  ],
  [
    'mode 2: end not after fecha_documento',
    (b) => weekly(b, '2026-11-09', '2026-11-15', '2026-11-15'),
    (b) => weekly(b, '2026-11-09', '2026-11-15', '2026-11-14'),
    'fecha_fin_periodo',
  ],
  [
    'mode 2: aliases period_start_date / period_end_date',
    (b) => ({ ...b, forma_generacion: '2', period_start_date: '2026-11-16', period_end_date: '2026-11-20' }),
    (b) => ({ ...b, forma_generacion: '2', period_start_date: '2026-11-16' }),
    'fecha_fin_periodo',
  ],
  [
    'forma_pago 2: due date not before the document',
    (b) => ({ ...b, forma_pago: '2', fecha_vencimiento: '2026-12-20' }),
    (b) => ({ ...b, forma_pago: '2', fecha_vencimiento: '2026-11-19' }),
    'fecha_vencimiento',
  ],
  [
    'forma_pago 2: aliases payment_type / payment_due_date',
    (b) => ({ ...b, forma_pago: undefined, payment_type: '2', payment_due_date: '2026-11-20' }),
    (b) => ({ ...b, forma_pago: undefined, payment_type: '2', payment_due_date: '2026-11-01' }),
    'payment_due_date',
  ],
  [
    'fecha_vencimiento_contable not before issue',
    (b) => ({ ...b, fecha_vencimiento_contable: '2026-12-31' }),
    (b) => ({ ...b, fecha_vencimiento_contable: '2026-11-01' }),
    'fecha_vencimiento_contable',
  ],
  [
    'medio_pago_codigo: 1 to 3 digits',
    (b) => ({ ...b, medio_pago_codigo: '1' }),
    (b) => ({ ...b, medio_pago_codigo: '1234' }),
    'medio_pago_codigo',
  ],
  [
    'medio_pago_codigo: numeric (alias payment_means_code)',
    (b) => ({ ...b, medio_pago_codigo: undefined, payment_means_code: '48' }),
    (b) => ({ ...b, medio_pago_codigo: undefined, payment_means_code: 'ab' }),
    'payment_means_code',
  ],
  ['tipo_dian: if sent, 05', (b) => ({ ...b, tipo_dian: '05' }), (b) => ({ ...b, tipo_dian: '01' }), 'tipo_dian'],
  ['fields beginning with _ are rejected', (b) => ({ ...b, nota_interna: 'x' }), (b) => ({ ...b, _debug: true }), '_debug'],
  ['software_id is not sent', (b) => b, (b) => ({ ...b, software_id: 'x' }), 'software_id'],
  ['software_pin is not sent', (b) => b, (b) => ({ ...b, software_pin: '1' }), 'software_pin'],
  ['clave_tecnica is not sent', (b) => b, (b) => ({ ...b, clave_tecnica: 'x' }), 'clave_tecnica'],
  ['resolucion is not sent', (b) => b, (b) => ({ ...b, resolucion: '1876' }), 'resolucion'],
  ['a manual prefix is not sent', (b) => b, (b) => ({ ...b, prefijo: 'DSE' }), 'prefijo'],
  ['a manual consecutive is not sent', (b) => b, (b) => ({ ...b, consecutivo: 99 }), 'consecutivo'],
  ['a certificate path is not sent', (b) => b, (b) => ({ ...b, certificate_path: '/c.p12' }), 'certificate_path'],
  ['a certificate password is not sent', (b) => b, (b) => ({ ...b, certificate_password: 'x' }), 'certificate_password'],
  ['tax-authority credentials are not sent', (b) => b, (b) => ({ ...b, dian_username: 'x' }), 'dian_username'],
  ['withholdings 1: a list', (b) => ret(b), (b) => ({ ...b, retenciones: 'reterenta' }), 'retenciones'],
  [
    'withholdings 2: disabled ones are skipped',
    (b) => ret(b, { tipo: 'x', activa: false }),
    (b) => ret(b, { tipo: 'x', activa: true }),
    'retenciones[0].dian_tax_code',
  ],
  [
    'withholdings 3: no duplicate keys',
    (b) => ret(b, renta, { type: 'reteica', porcentaje: 1 }),
    (b) => ret(b, renta, { ...renta, percent: 1 }),
    'retenciones[1].retention_key',
  ],
  [
    'withholdings 4: code and name exist',
    (b) => ret(b, { tipo: 'local', codigo_dian: '07', label: 'ICA Chía', porcentaje: 1 }),
    (b) => ret(b, { tipo: 'local', porcentaje: 1 }),
    'retenciones[0].dian_tax_code',
  ],
  [
    'withholdings 5: base > 0 and <= total',
    (b) => ret(b, { ...renta, base_amount: 478500 }),
    (b) => ret(b, { ...renta, base_amount: 478501 }),
    'retenciones[0].base_amount',
  ],
  [
    'withholdings 6: percent not negative',
    (b) => ret(b, { ...renta, percent: 0 }),
    (b) => ret(b, { ...renta, percent: -2 }),
    'retenciones[0].percent',
  ],
  [
    'withholdings 7: amount = base x percent within a cent',
    (b) => ret(b, { ...renta, amount: 11250.01 }),
    (b) => ret(b, { ...renta, amount: 11251 }),
    'retenciones[0].amount',
  ],
  [
    'withholdings 8: percent derived from amount',
    (b) => ret(b, { type: 'reterenta', valor: 11250 }),
    (b) => ret(b, { type: 'reterenta' }),
    'retenciones[0].percent',
  ],
  [
    'withholdings 9: sum not above the total',
    (b) => ret(b, { type: 'reterenta', modo_base: 'bruto', percent: 60 }, { type: 'reteica', modo_base: 'bruto', percent: 40 }),
    (b) => ret(b, { type: 'reterenta', modo_base: 'bruto', percent: 60 }, { type: 'reteica', modo_base: 'bruto', percent: 41 }),
    'retenciones',
  ],
];

describe('DSE validation rules over HTTP', () => {
  it.each(RULES)('%s: passes (201)', async (_rule, pass) => {
    const answer = await sandbox.api.post('/dse/documentos', pass(dseBody() as Body), { idempotencyKey: newKey('pass') });
    expect(answer.body.error ?? null).toBeNull();
    expect(answer.status).toBe(201);
  });

  it.each(RULES)('%s: fails (400 naming the field)', async (_rule, _pass, fail, field) => {
    const answer = await sandbox.api.post('/dse/documentos', fail(dseBody() as Body), { idempotencyKey: newKey('fail') });
    expect(answer.status).toBe(400);
    const fields = (answer.body.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toContain(field);
    expect(answer.body.error).toContain(field);
  });

  it('400 names every violated field at once', async () => {
    const answer = await sandbox.api.post(
      '/dse/documentos',
      { ...dseBody(), tipo_dian: '01', medio_pago_codigo: 'x', items: [{ codigo: '1', cantidad: 0 }] },
      { idempotencyKey: newKey('many') },
    );
    expect((answer.body.errors as { field: string }[]).map((e) => e.field)).toEqual(
      expect.arrayContaining(['tipo_dian', 'medio_pago_codigo', 'items[0].codigo', 'items[0].cantidad']),
    );
  });

  it('a rejected request creates nothing and does not reserve its key', async () => {
    const key = newKey('invalid-then-valid');
    expect((await sandbox.api.post('/dse/documentos', { ...dseBody(), tipo_dian: '01' }, { idempotencyKey: key })).status).toBe(
      400,
    );
    expect((await sandbox.api.post('/dse/documentos', dseBody(), { idempotencyKey: key })).status).toBe(201);
  });
});
