// Every DSE validation rule of "7. Create, sign and send DSE" with a passing and a failing case.
import { describe, expect, it } from 'vitest';
import { accepted, errorFields, validDse, type Body } from '#test/requests/dse-rules';

type Case = [rule: string, pass: (b: Body) => unknown, fail: (b: Body) => unknown, field: string];

const withItem = (b: Body, patch: Record<string, unknown>) => ({ ...b, items: [{ ...b.items[0], ...patch }] });

const cases: Case[] = [
  ['items has at least 1 element', (b) => b, (b) => ({ ...b, items: [] }), 'items'],
  [
    'codigo is 8 digits',
    (b) => withItem(b, { codigo: '43211503' }),
    (b) => withItem(b, { codigo: '4321150' }),
    'items[0].codigo',
  ],
  [
    'codigo is numeric',
    (b) => withItem(b, { codigo: '43211503' }),
    (b) => withItem(b, { codigo: '4321150A' }),
    'items[0].codigo',
  ],
  ['cantidad greater than 0', (b) => withItem(b, { cantidad: 0.5 }), (b) => withItem(b, { cantidad: 0 }), 'items[0].cantidad'],
  [
    'precio_unitario not negative',
    (b) => withItem(b, { precio_unitario: 0 }),
    (b) => withItem(b, { precio_unitario: -1 }),
    'items[0].precio_unitario',
  ],
  [
    'price or base present',
    (b) => withItem(b, { precio_unitario: undefined, base_imponible: 300000 }),
    (b) => withItem(b, { precio_unitario: undefined }),
    'items[0].precio_unitario',
  ],
  [
    'cost center of the company',
    (b) => withItem(b, { cost_center_id: 2 }),
    (b) => withItem(b, { cost_center_id: 99 }),
    'items[0].cost_center_id',
  ],
  [
    'cost center code of the company',
    (b) => withItem(b, { centro_costo_codigo: 'VEN' }),
    (b) => withItem(b, { centro_costo_codigo: 'XXX' }),
    'items[0].centro_costo_codigo',
  ],
  ['mode 1: fecha_documento is today', (b) => b, (b) => ({ ...b, fecha_documento: '2026-11-19' }), 'fecha_documento'],
  [
    'mode 1: alias fecha is today',
    (b) => ({ ...b, fecha_documento: undefined, fecha: '2026-11-20' }),
    (b) => ({ ...b, fecha_documento: undefined, fecha: '2026-11-21' }),
    'fecha',
  ],
  [
    'mode 1: period equals the document date',
    (b) => ({ ...b, fecha_inicio_periodo: '2026-11-20' }),
    (b) => ({ ...b, fecha_inicio_periodo: '2026-11-19' }),
    'fecha_inicio_periodo',
  ],
  [
    'mode 1: period end equals the document date',
    (b) => ({ ...b, fecha_fin_periodo: '2026-11-20' }),
    (b) => ({ ...b, fecha_fin_periodo: '2026-11-21' }),
    'fecha_fin_periodo',
  ],
  [
    'codigo may be a JSON number of 8 digits',
    (b) => withItem(b, { codigo: 43211503 }),
    (b) => withItem(b, { codigo: 432115 }),
    'items[0].codigo',
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
    (b) => weekly(b, '2026-11-18', '2026-11-18'),
    (b) => weekly(b, '2026-11-19', '2026-11-18'),
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
    (b) => ({ ...weekly(b, '2026-11-10', '2026-11-16'), fecha_documento: '2026-11-16' }),
    (b) => ({ ...weekly(b, '2026-11-10', '2026-11-16'), fecha_documento: '2026-11-15' }),
    'fecha_fin_periodo',
  ],
  [
    'mode 2: aliases period_start_date/period_end_date',
    (b) => ({ ...b, forma_generacion: '2', period_start_date: '2026-11-14', period_end_date: '2026-11-20' }),
    (b) => ({ ...b, forma_generacion: '2', period_start_date: '2026-11-21', period_end_date: '2026-11-20' }),
    'period_start_date',
  ],
  [
    'forma_generacion is 1 or 2',
    (b) => ({ ...b, forma_generacion: 1 }),
    (b) => ({ ...b, forma_generacion: '3' }),
    'forma_generacion',
  ],
  ['forma_pago is 1 or 2', (b) => ({ ...b, payment_type: '1' }), (b) => ({ ...b, forma_pago: '9' }), 'forma_pago'],
  [
    'credit: due date not before the document date',
    (b) => credit(b, '2026-11-20'),
    (b) => credit(b, '2026-11-19'),
    'fecha_vencimiento',
  ],
  ['credit: due date required', (b) => credit(b, '2026-12-20'), (b) => credit(b, undefined), 'fecha_vencimiento'],
  [
    'credit: alias payment_due_date',
    (b) => ({ ...b, forma_pago: '2', payment_due_date: '2026-12-01' }),
    (b) => ({ ...b, forma_pago: '2', payment_due_date: '2026-11-01' }),
    'payment_due_date',
  ],
  [
    'fecha_vencimiento_contable not before issue',
    (b) => ({ ...b, fecha_vencimiento_contable: '2026-11-20' }),
    (b) => ({ ...b, fecha_vencimiento_contable: '2026-11-19' }),
    'fecha_vencimiento_contable',
  ],
  [
    'medio_pago_codigo 1 to 3 digits',
    (b) => ({ ...b, medio_pago_codigo: '999' }),
    (b) => ({ ...b, medio_pago_codigo: '1000' }),
    'medio_pago_codigo',
  ],
  [
    'medio_pago_codigo numeric (alias)',
    (b) => ({ ...b, medio_pago_codigo: undefined, payment_means_code: '42' }),
    (b) => ({ ...b, medio_pago_codigo: undefined, payment_means_code: '4a' }),
    'payment_means_code',
  ],
  ['tipo_dian, if sent, is 05', (b) => ({ ...b, tipo_dian: '05' }), (b) => ({ ...b, tipo_dian: '01' }), 'tipo_dian'],
  ['fields beginning with _ are rejected', (b) => ({ ...b, notas: 'x' }), (b) => ({ ...b, _debug: true }), '_debug'],
  [
    'nested fields beginning with _ are rejected',
    (b) => b,
    (b) => ({ ...b, proveedor: { ...b.proveedor, _x: 1 } }),
    'proveedor._x',
  ],
  ['software_id is never sent', (b) => b, (b) => ({ ...b, software_id: 'abc' }), 'software_id'],
  ['software_pin is never sent', (b) => b, (b) => ({ ...b, software_pin: '12345' }), 'software_pin'],
  ['clave_tecnica is never sent', (b) => b, (b) => ({ ...b, clave_tecnica: 'fc8e' }), 'clave_tecnica'],
  ['resolucion is never sent', (b) => b, (b) => ({ ...b, resolucion: '18760000001' }), 'resolucion'],
  ['a manual prefix is never sent', (b) => b, (b) => ({ ...b, prefijo: 'DSE' }), 'prefijo'],
  ['a manual consecutive is never sent', (b) => b, (b) => ({ ...b, consecutivo: 7 }), 'consecutivo'],
  ['a certificate path is never sent', (b) => b, (b) => ({ ...b, certificate_path: '/x.p12' }), 'certificate_path'],
  ['a certificate password is never sent', (b) => b, (b) => ({ ...b, certificate_password: 'x' }), 'certificate_password'],
  ['tax-authority credentials are never sent', (b) => b, (b) => ({ ...b, dian_password: 'x' }), 'dian_password'],
  ['proveedor required', (b) => b, (b) => ({ ...b, proveedor: undefined }), 'proveedor'],
  [
    'proveedor nit required (alias numero_documento)',
    (b) => ({ ...b, proveedor: { ...b.proveedor, nit: undefined, numero_documento: '1020304050' } }),
    (b) => ({ ...b, proveedor: { ...b.proveedor, nit: undefined } }),
    'proveedor.nit',
  ],
  [
    'proveedor dv matches a NIT',
    (b) => ({ ...b, proveedor: { ...b.proveedor, tipo_documento: '31', nit: '900123456', dv: '8' } }),
    (b) => ({ ...b, proveedor: { ...b.proveedor, tipo_documento: '31', nit: '900123456', dv: '3' } }),
    'proveedor.dv',
  ],
  [
    'money is a JSON number',
    (b) => withItem(b, { precio_unitario: 1000 }),
    (b) => withItem(b, { precio_unitario: '1000' }),
    'items[0].precio_unitario',
  ],
  [
    'percent and absolute tax agree',
    (b) => withItem(b, { porcentaje_iva: 19, impuesto: 57000 }),
    (b) => withItem(b, { porcentaje_iva: 19, impuesto: 50000 }),
    'items[0].impuesto',
  ],
];

function weekly(b: Body, start: string | undefined, end: string | undefined) {
  return { ...b, forma_generacion: '2', fecha_inicio_periodo: start, fecha_fin_periodo: end };
}
function credit(b: Body, due: string | undefined) {
  return { ...b, forma_pago: '2', fecha_vencimiento: due };
}

describe('DSE validation rules', () => {
  it.each(cases)('%s: passes', (_rule, pass) => {
    expect(errorFields(pass(validDse()))).toEqual([]);
  });

  it.each(cases)('%s: fails naming the field', (_rule, _pass, fail, field) => {
    expect(errorFields(fail(validDse()))).toContain(field);
  });

  it('names the field inside every error message', () => {
    const r = errorFields({ ...validDse(), tipo_dian: '01', medio_pago_codigo: 'x' });
    expect(r).toEqual(['tipo_dian', 'medio_pago_codigo']);
  });

  it('refuses a body that is not an object', () => {
    expect(errorFields([])).toEqual(['body']);
  });
});

describe('DSE normalisation', () => {
  it('fills the defaults of the contract', () => {
    const body = validDse();
    delete body.forma_generacion;
    delete body.medio_pago_codigo;
    const v = accepted(body);
    expect(v.forma_generacion).toBe('1');
    expect(v.medio_pago_codigo).toBe('10');
    expect(v.moneda).toBe('COP');
    expect(v.hora).toBe('10:00:00-05:00');
    expect(v.tipo_dian).toBe('05');
    expect(v.fecha_inicio_periodo).toBe('2026-11-20');
    expect(v.fecha_fin_periodo).toBe('2026-11-20');
    expect(v.proveedor).toMatchObject({
      regimen: 'O-49',
      dian_tax_scheme_code: 'ZZ',
      pais: 'CO',
      nombre_comercial: 'Pedro Gómez',
    });
  });

  it('forces the due date to the document date in cash', () => {
    expect(accepted({ ...validDse(), fecha_vencimiento: '2026-12-31' }).fecha_vencimiento).toBe('2026-11-20');
  });

  it('normalises NIU to EA, derives a missing price from the base, and falls back on a description', () => {
    const v = accepted(
      withItem(validDse(), { unidad_medida: 'NIU', precio_unitario: undefined, base: 300000, descripcion: undefined }),
    );
    expect(v.items[0]).toMatchObject({ unidad_medida: 'EA', descripcion: 'Bien o servicio 70111703' });
    expect(v.items[0]?.precio_unitario.toFixed(2)).toBe('150000.00');
  });

  it('reads iva as a monetary value (not a percent) and impuesto as an absolute value', () => {
    const legacy = accepted(withItem(validDse(), { porcentaje_iva: undefined, iva: 19 }));
    expect(legacy.items[0]?.impuesto.toFixed(2)).toBe('19.00');
    const absolute = accepted(withItem(validDse(), { porcentaje_iva: undefined, impuesto: 57000 }));
    expect(absolute.items[0]?.porcentaje_iva?.toFixed(2)).toBe('19.00');
  });

  it('accepts the hora with and without offset and refuses another format', () => {
    expect(accepted({ ...validDse(), hora: '08:30:00' }).hora).toBe('08:30:00-05:00');
    expect(accepted({ ...validDse(), hora: '08:30:00-05:00' }).hora).toBe('08:30:00-05:00');
    expect(errorFields({ ...validDse(), hora: '8:30' })).toContain('hora');
  });
});

describe('DSE aliases', () => {
  it('refuses an alias that contradicts its canonical field', () => {
    expect(errorFields({ ...validDse(), payment_means_code: '42' })).toContain('payment_means_code');
    expect(errorFields({ ...validDse(), payment_means_code: '10' })).toEqual([]);
  });
});

describe('DSE item count', () => {
  it('accepts 1000 items and refuses 1001 (sandbox limit)', () => {
    const line = validDse().items[1];
    expect(errorFields({ ...validDse(), items: Array.from({ length: 1000 }, () => line) })).toEqual([]);
    expect(errorFields({ ...validDse(), items: Array.from({ length: 1001 }, () => line) })).toEqual(['items']);
  });
});
