// Documents to print in tests: an FE paid in cash, the same paid by card, a contingency sale not yet
// transmitted, as HistoryDetail (what core hands the print model).
import type { HistoryDetail } from '#shared/rpc/methods/history';

export const CUFE = 'c'.repeat(96);

export const ISSUER = {
  nombre: 'Panadería Ñandú S.A.S.',
  nit: '900123456',
  direccion: 'Calle 100 # 15-20',
  ciudad: 'Bogotá',
  email: '',
  telefono: '601 555 0101',
  dv: '',
  logo: '',
  resolucion: null,
  contingencia: null,
  plan: 'ilimitado' as const,
};

export function feDetail(means = '10', over: Partial<HistoryDetail> = {}): HistoryDetail {
  return {
    entry: {
      id: 1,
      kind: 'FE',
      remote_id: 7,
      tipo_dian: '01',
      number: 'SETT1',
      estado_dian: 'aceptado',
      fiscal_key: CUFE,
      issue_date: '2026-11-20',
      counterpart_name: 'José Muñoz',
      counterpart_doc: '1020304050',
      subtotal: '120000.00',
      impuestos: '20600.00',
      total: '140600.00',
      moneda: 'COP',
      submission_id: null,
      synced_at: 'now',
      submission_state: 'accepted',
      following: false,
    },
    document: {
      id: 7,
      es_habilitacion: false,
      fecha_emision: '2026-11-20T09:14:03',
      moneda: 'COP',
      tercero: { nombre: 'José Muñoz', tipo_documento: '13', numero_documento: '1020304050' },
      items: [
        {
          descripcion: 'Pan de año «especial» ¿integral?',
          cantidad: '2.00',
          valor_unitario: '50000.00',
          descuento: '0.00',
          base_imponible: '100000.00',
          impuesto: '19000.00',
          tipo_impuesto: 'IVA',
          codigo_impuesto: '01',
        },
        {
          descripcion: '¡Almuerzo ejecutivo!',
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
    request: { payment: { form: 'contado', means_code: means }, observaciones: 'Gracias por su compra' },
    events: [],
    support: null,
    issuer: ISSUER,
    company_id: 101,
    ...over,
  };
}

/** A contingency sale before transmission: no CUFE, no QR, its local reference. */
export function contingencyDetail(): HistoryDetail {
  const base = feDetail('10');
  return {
    ...base,
    entry: { ...base.entry, fiscal_key: '', number: '' },
    document: { ...base.document, es_contingencia: true },
    request: { ...base.request, es_contingencia: true },
  };
}
