// The Documentos soporte form's model: what the user types (es-CO numbers, dd/mm/aaaa dates, rows of
// withholdings, pasted lines) becomes the contract's request, judged by the very shared rules the
// sandbox runs, with each message put on the control it belongs to.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDseRequest } from '#shared/dse/index';
import {
  emptyForm,
  emptyItem,
  emptyWithholding,
  type DseFormValues,
} from '#renderer/features/support-documents/model/form-values';
import { importLines } from '#renderer/features/support-documents/model/lines-import';
import { toRawRequest } from '#renderer/features/support-documents/model/to-request';
import { validateDseForm } from '#renderer/features/support-documents/model/validate';

const TODAY = '2026-11-20';
const centers = [
  { id: 1, code: 'ADM', name: 'Administración' },
  { id: 3, code: 'BOD', name: 'Bodega' },
];
const check = (v: DseFormValues) => validateDseForm(v, { today: TODAY, nowTime: '10:00:00', costCenters: centers });

function filled(patch: Partial<DseFormValues> = {}): DseFormValues {
  const v = emptyForm();
  v.proveedor = {
    ...v.proveedor,
    tipo_documento: '31',
    nit: '900123456',
    nombre: 'Cosechas S.A.S.',
    codigo_departamento: '25',
    departamento: 'Cundinamarca',
    codigo_municipio: '25175',
    municipio: 'Chía',
  };
  v.items = [
    {
      ...emptyItem(),
      codigo: '70111703',
      descripcion: 'Jardinería',
      cantidad: '2',
      precio_unitario: '1.234,50',
      porcentaje_iva: '19',
      cost_center_id: '3',
    },
  ];
  return { ...v, ...patch };
}

describe('form values -> request', () => {
  it('reads es-CO numbers, computes the NIT check digit and forces the cash due date', () => {
    const r = check(filled());
    expect(r.errors).toEqual({});
    expect(r.request?.items[0]).toMatchObject({
      precio_unitario: 1234.5,
      cantidad: 2,
      porcentaje_iva: 19,
      cost_center_id: 3,
      unidad_medida: 'EA',
    });
    expect(r.request?.proveedor.dv).toBe('8');
    expect(r.request).toMatchObject({
      fecha_documento: TODAY,
      forma_pago: '1',
      fecha_vencimiento: TODAY,
      medio_pago_codigo: '10',
    });
    expect(r.request?.fecha_inicio_periodo).toBeUndefined();
    expect(r.preview.amounts.total.toFixed(2)).toBe('2938.11');
  });

  it('says a number or a date is not one, on its own control', () => {
    const v = filled({ forma_generacion: '2', fecha_inicio_periodo: '31/02/2026', fecha_fin_periodo: TODAY });
    v.items[0]!.cantidad = 'dos';
    const r = check(v);
    expect(r.errors['items.0.cantidad']).toMatch(/no es un número/);
    expect(r.errors.fecha_inicio_periodo).toMatch(/dd\/mm\/aaaa/);
    expect(r.request).toBeNull();
  });

  it("puts the shared rules' messages on form paths, renumbering withholdings around a disabled row", () => {
    const v = filled({
      retenciones: [
        { ...emptyWithholding('06'), enabled: false, percent: '-9' },
        { ...emptyWithholding('07'), percent: '-1' },
        { ...emptyWithholding('06'), percent: '2', amount: '999' },
      ],
    });
    v.items.push({ ...emptyItem(), codigo: '1234', descripcion: 'x', precio_unitario: '10' });
    const r = check(v);
    expect(r.errors['items.1.codigo']).toMatch(/8 dígitos/);
    expect(r.errors['retenciones.1.percent']).toMatch(/negativo/);
    expect(r.errors['retenciones.2.amount']).toMatch(/no coincide/i);
    expect(r.errors['retenciones.0.percent']).toBeUndefined();
    expect([...r.brokenRules].sort()).toEqual([6, 7]);
    expect(r.preview.withholdings[0]).toMatchObject({ enabled: false, value: null });
    expect(toRawRequest(v, TODAY).withholdingRows).toEqual([1, 2]);
  });

  it('shows rules 3, 4, 5 and 9 where they are broken', () => {
    const dup = check(
      filled({
        retenciones: [
          { ...emptyWithholding('06'), percent: '1' },
          { ...emptyWithholding('06'), percent: '2' },
        ],
      }),
    );
    expect(dup.errors['retenciones.1.code']).toMatch(/ya está/);
    expect(dup.brokenRules.has(3)).toBe(true);
    const noCode = check(filled({ retenciones: [{ ...emptyWithholding(''), percent: '1' }] }));
    expect(noCode.errors['retenciones.0.code']).toMatch(/código DIAN/);
    expect(noCode.brokenRules.has(4)).toBe(true);
    const base = check(filled({ retenciones: [{ ...emptyWithholding('06'), base_amount: '999.999', percent: '1' }] }));
    expect(base.errors['retenciones.0.base_amount']).toMatch(/supera el total/);
    expect(base.brokenRules.has(5)).toBe(true);
    const sum = check(
      filled({
        retenciones: [
          { ...emptyWithholding('06'), base_mode: 'total', percent: '60' },
          { ...emptyWithholding('07'), base_mode: 'total', percent: '60' },
        ],
      }),
    );
    expect(sum.errors.retenciones).toMatch(/supera el total/);
    expect(sum.brokenRules).toEqual(new Set([9]));
  });

  it("live totals equal the shared rules' totals of the request it submits, for any lines and withholdings", () => {
    const line = fc.record({
      qty: fc.integer({ min: 1, max: 500 }),
      priceCents: fc.integer({ min: 0, max: 50_000_000 }),
      iva: fc.constantFrom('0', '5', '19'),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 1500 }),
        (lines, renta, ica) => {
          const v = filled({
            forma_generacion: '2',
            fecha_inicio_periodo: '2026-11-14',
            fecha_fin_periodo: TODAY,
            items: lines.map((l) => ({
              ...emptyItem(),
              codigo: '78101802',
              descripcion: 'Flete',
              cantidad: String(l.qty),
              precio_unitario: (l.priceCents / 100).toFixed(2).replace('.', ','),
              porcentaje_iva: l.iva,
            })),
            retenciones: [
              { ...emptyWithholding('06'), percent: String(renta / 1000).replace('.', ',') },
              { ...emptyWithholding('07'), percent: String(ica / 1000).replace('.', ',') },
            ],
          });
          const r = check(v);
          const subtotal = r.preview.amounts.subtotal;
          if (subtotal.isZero()) return; // a zero base breaks rule 5, checked elsewhere
          expect(r.request).not.toBeNull();
          const server = validateDseRequest(r.request, { today: TODAY, nowTime: '10:00:00', costCenters: centers });
          expect(server.ok).toBe(true);
          if (!server.ok) return;
          const t = server.value.totals;
          expect(
            [
              r.preview.amounts.subtotal,
              r.preview.amounts.impuestos,
              r.preview.amounts.total,
              r.preview.total_retenciones,
              r.preview.neto_pagar,
            ].map((d) => d.toFixed(2)),
          ).toEqual([t.subtotal, t.impuestos, t.total, t.total_retenciones, t.neto_pagar].map((d) => d.toFixed(2)));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('pasted and imported lines', () => {
  it('reads a spreadsheet paste by position and marks each bad row with its reasons', () => {
    const text = '70111703\tJardinería\t2\tEA\t150.000\t0\tADM\n4321\tSin código\t0\tEA\t10\t19\tXYZ\n';
    const { rows, error } = importLines(text, centers);
    expect(error).toBeNull();
    expect(rows[0]).toMatchObject({ line: 1, problems: [] });
    expect(rows[0]!.item).toMatchObject({ codigo: '70111703', precio_unitario: '150.000', cost_center_id: '1' });
    expect(rows[1]!.problems.join(' | ')).toMatch(/Código: .*8 dígitos.*Centro de costo: «XYZ».*Cantidad: debe ser mayor que 0/);
  });

  it('reads a CSV with a header row and a BOM, by column name', () => {
    const csv = '\ufeffDescripción;Código;Cantidad;Precio unitario;IVA %\r\n"Arroz; bulto";50221100;3;"42.000,50";0\r\n';
    const { rows } = importLines(csv, centers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      line: 2,
      problems: [],
      item: { descripcion: 'Arroz; bulto', codigo: '50221100', precio_unitario: '42.000,50' },
    });
  });

  it('explains text that cannot be read as rows', () => {
    expect(importLines('a\t"b', centers).error).toMatch(/comilla sin cerrar/);
  });
});
