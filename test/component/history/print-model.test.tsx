// The printed representation's model: QR contents as FISCAL.md lists them, parties the right way
// round for each kind, taxes grouped, totals from the document, and the missing issuer flagged.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPrintModel, colombiaTime } from '#renderer/features/print/print-model';
import { Printout } from '#renderer/features/print/Printout';
import type { HistoryDetail } from '#shared/rpc/methods/history';

const issuer = {
  nombre: 'Comercializadora Demo S.A.S.',
  nit: '900123456',
  direccion: 'Calle 100',
  ciudad: 'Bogotá',
  email: '',
  telefono: '',
  dv: '',
  logo: '',
  resolucion: null,
  contingencia: null,
  plan: 'ilimitado' as const,
};
const cufe = 'c'.repeat(96);
const cuds = 'd'.repeat(96);

function entry(kind: 'FE' | 'DSE', over: Partial<HistoryDetail['entry']> = {}): HistoryDetail['entry'] {
  return {
    id: 1,
    kind,
    remote_id: 7,
    tipo_dian: kind === 'FE' ? '01' : '05',
    number: kind === 'FE' ? 'SETT1' : 'DSE1',
    estado_dian: 'aceptado',
    fiscal_key: kind === 'FE' ? cufe : cuds,
    issue_date: '2026-11-20',
    counterpart_name: 'X',
    counterpart_doc: '1',
    subtotal: '120000.00',
    impuestos: '20600.00',
    total: '140600.00',
    moneda: 'COP',
    submission_id: null,
    synced_at: 'now',
    submission_state: 'accepted',
    following: false,
    ...over,
  };
}

const feDetail: HistoryDetail = {
  entry: entry('FE'),
  document: {
    id: 7,
    es_habilitacion: false,
    fecha_emision: '2026-11-20T09:14:03',
    fecha_vencimiento: null,
    moneda: 'COP',
    tercero: { nombre: 'Ferretería El Tornillo S.A.S.', tipo_documento: '31', numero_documento: '900456789', email: 'c@x.co' },
    items: [
      {
        descripcion: 'Camisa',
        cantidad: '2.00',
        valor_unitario: '50000.00',
        descuento: '0.00',
        base_imponible: '100000.00',
        impuesto: '19000.00',
        tipo_impuesto: 'IVA',
        codigo_impuesto: '01',
      },
      {
        descripcion: 'Almuerzo',
        cantidad: '1.00',
        valor_unitario: '20000.00',
        descuento: '0.00',
        base_imponible: '20000.00',
        impuesto: '1600.00',
        tipo_impuesto: 'INC',
        codigo_impuesto: '04',
      },
    ],
  },
  submission: null,
  request: { receptor: { direccion: 'Cra 30' }, payment: { form: 'contado', means_code: '10' }, observaciones: 'Gracias' },
  events: [],
  support: null,
  issuer,
  company_id: 101,
};

describe('printed representation model', () => {
  it('builds the FE QR text with IVA and the other taxes apart, and the Colombian time', () => {
    const model = buildPrintModel(feDetail);
    expect(model.qrText?.split('\n')).toEqual([
      'NumFac: SETT1',
      'FecFac: 2026-11-20',
      'HorFac: 09:14:03-05:00',
      'NitFac: 900123456',
      'DocAdq: 900456789',
      'ValFac: 120000.00',
      'ValIva: 19000.00',
      'ValOtroIm: 1600.00',
      'ValTolFac: 140600.00',
      `CUFE: ${cufe}`,
      `https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${cufe}`,
    ]);
    expect(model.taxes.map((tax) => [tax.name, tax.code, tax.base, tax.amount])).toEqual([
      ['IVA 19%', '01', '100000.00', '19000.00'],
      ['INC 8%', '04', '20000.00', '1600.00'],
    ]);
    expect(model.counterpart.documento).toBe('NIT 900456789');
    expect(model.issuer.documento).toBe('NIT 900123456-8');
    expect(model.totals.at(-1)).toEqual({ label: 'Total', value: '140600.00', strong: true });
    expect(model.notes).toBe('Gracias');
    expect(model.issuerMissing).toBe(false);
  });

  it('uses the test-environment lookup and flags a missing issuer', () => {
    const model = buildPrintModel({ ...feDetail, issuer: null, document: { ...feDetail.document, es_habilitacion: true } });
    expect(model.ambiente).toBe('2');
    expect(model.qrText).toContain('https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=');
    expect(model.qrText).toContain('NitFac: \n');
    expect(model.issuerMissing).toBe(true);
  });

  it('builds the DSE with the supplier as the seller, the request lines, withholdings and the net to pay', () => {
    const model = buildPrintModel({
      ...feDetail,
      entry: entry('DSE', { subtotal: '450000.00', impuestos: '28500.00', total: '478500.00' }),
      document: {
        id: 9,
        es_habilitacion: 0,
        document_date: '2026-11-20',
        created_at: '2026-11-20 10:05:00',
        total_retenciones: '11250.00',
        moneda: 'COP',
      },
      request: {
        proveedor: { tipo_documento: '13', nit: '1020304050', nombre: 'Pedro Gómez', municipio: 'Chía' },
        items: [
          { codigo: '70111703', descripcion: 'Jardinería', cantidad: 2, precio_unitario: 150000, porcentaje_iva: 0 },
          { codigo: '90101501', descripcion: 'Almuerzos', cantidad: 10, precio_unitario: 15000, porcentaje_iva: 19 },
        ],
        forma_pago: '1',
        retenciones: [
          {
            retention_key: 'reterenta',
            dian_tax_code: '06',
            tax_name: 'ReteRenta',
            base_mode: 'subtotal',
            percent: 2.5,
            amount: 11250,
          },
        ],
      },
    });
    expect(model.qrText?.split('\n')).toEqual([
      'NumDS: DSE1',
      'FecDS: 2026-11-20',
      'HorDS: 10:05:00-05:00',
      'NumSNO: 1020304050',
      'DocABS: 900123456',
      'ValDS: 450000.00',
      'ValIva: 28500.00',
      'ValTolDS: 478500.00',
      `CUDS: ${cuds}`,
      `https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${cuds}`,
    ]);
    expect(model.counterpart.role).toMatch(/Vendedor no obligado/);
    expect(model.lines.map((line) => [line.codigo, line.base, line.impuesto])).toEqual([
      ['70111703', '300000.00', '0.00'],
      ['90101501', '150000.00', '28500.00'],
    ]);
    // The base as an amount and what it was taken from (the printout shows base, rate and amount).
    expect(model.withholdings).toEqual([
      {
        name: 'ReteRenta (06)',
        base: '450000.00 (sobre el subtotal)',
        baseAmount: '450000.00',
        baseMode: 'subtotal',
        percent: '2.5',
        amount: '11250.00',
      },
    ]);
    expect(model.totals.at(-1)).toEqual({ label: 'Neto a pagar', value: '467250.00', strong: true });
  });

  it('reads the time of either stamp form', () => {
    expect(colombiaTime('2026-11-20 07:00:01')).toBe('07:00:01-05:00');
    expect(colombiaTime('2026-11-20T23:59:59')).toBe('23:59:59-05:00');
  });

  it('prints the issue date and time in Colombia with no zone offset on every layout; only the QR carries the offset', () => {
    const fe = buildPrintModel(feDetail);
    const dse = buildPrintModel({
      ...feDetail,
      entry: entry('DSE', { subtotal: '1000.00', impuestos: '0.00', total: '1000.00' }),
      document: { id: 9, es_habilitacion: 0, created_at: '2026-11-20 10:05:00', moneda: 'COP' },
      request: { proveedor: { nit: '1020304050' }, hora: '22:05:00-05:00', items: [] },
    });
    expect([fe.issueTime, dse.issueTime]).toEqual(['09:14:03', '22:05:00']);
    expect(dse.qrText).toContain('HorDS: 22:05:00-05:00');
    for (const layout of ['a4', 'letter', 'ticket80', 'ticket58'] as const) {
      for (const [model, shown] of [
        [fe, /20\/11\/2026,? 09:14\sa\.\s?m\./],
        [dse, /20\/11\/2026,? 10:05\sp\.\s?m\./],
      ] as const) {
        const { container, unmount } = render(<Printout model={model} qr={null} layout={layout} />);
        const text = container.textContent ?? '';
        expect(text).toMatch(shown);
        expect(text).not.toMatch(/[+-]\d\d:\d\d/);
        unmount();
      }
    }
  });
});
