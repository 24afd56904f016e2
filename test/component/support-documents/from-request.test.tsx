// A rejected DSE's request back into the form: what the form then submits is
// the same document — supplier, mode and period, lines (decimals too), payment and withholdings —
// dated today.
import { describe, expect, it } from 'vitest';
import { formFromRequest, formNumber } from '#renderer/features/support-documents/model/from-request';
import { toRawRequest } from '#renderer/features/support-documents/model/to-request';

const TODAY = '2026-11-24';

const rejected = {
  fecha_documento: '2026-11-20',
  moneda: 'COP',
  proveedor: {
    tipo_documento: '31',
    nit: '900123456',
    dv: '8',
    nombre: 'Cosechas S.A.S.',
    regimen: 'O-49',
    dian_tax_scheme_code: 'ZZ',
    codigo_municipio: '25175',
    municipio: 'Chía',
    codigo_departamento: '25',
    departamento: 'Cundinamarca',
    pais: 'CO',
  },
  items: [
    {
      codigo: '70111703',
      descripcion: 'Jardinería',
      cantidad: 2.5,
      unidad_medida: 'EA',
      precio_unitario: 123.456,
      porcentaje_iva: 19,
      cost_center_id: 3,
    },
    { codigo: '50221100', descripcion: 'Café', cantidad: 1000, unidad_medida: 'KGM', precio_unitario: 18000, porcentaje_iva: 0 },
  ],
  forma_generacion: '2',
  fecha_inicio_periodo: '2026-11-10',
  fecha_fin_periodo: '2026-11-16',
  forma_pago: '2',
  medio_pago_codigo: '42',
  fecha_vencimiento: '2026-12-20',
  retenciones: [
    { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 2.5 },
    { retention_key: 'reteiva', dian_tax_code: '05', tax_name: 'ReteIVA', base_mode: 'impuestos', percent: 15, amount: 88.06 },
  ],
};

describe('a rejected request back into the form', () => {
  it('submits the same document again, dated today', () => {
    const { body, parseErrors } = toRawRequest(formFromRequest(rejected), TODAY);
    expect(parseErrors).toEqual({});
    expect(body).toMatchObject({
      fecha_documento: TODAY,
      proveedor: rejected.proveedor,
      items: rejected.items,
      forma_generacion: '2',
      fecha_inicio_periodo: '2026-11-10',
      fecha_fin_periodo: '2026-11-16',
      forma_pago: '2',
      medio_pago_codigo: '42',
      fecha_vencimiento: '2026-12-20',
    });
    expect(body.retenciones).toEqual([
      { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 2.5 },
      { retention_key: 'reteiva', dian_tax_code: '05', tax_name: 'ReteIVA', base_mode: 'impuestos', percent: 15, amount: 88.06 },
    ]);
  });

  it('writes numbers so that the form reads them back unchanged (never a decimal taken for thousands)', () => {
    expect(formNumber(123.456)).toBe('123,456');
    expect(formNumber(1234567)).toBe('1234567');
    expect(formNumber(undefined)).toBe('');
  });

  it('in cash, leaves the due date to the document date', () => {
    const { body } = toRawRequest(formFromRequest({ ...rejected, forma_pago: '1', forma_generacion: '1' }), TODAY);
    expect(body).toMatchObject({ forma_pago: '1', fecha_vencimiento: TODAY });
    expect(body).not.toHaveProperty('fecha_inicio_periodo');
  });
});
