// Documents to print in tests: an FE paid in cash, the same paid by card, a contingency sale not yet
// transmitted, as HistoryDetail (what core hands the print model); and a day of shifts for the Cierre de caja.
import type { HistoryDetail } from '#shared/rpc/methods/history';
import type { Shift, ShiftsOfDay } from '#shared/rpc/methods/shifts';

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

function shiftOf(fields: Partial<Shift> & Pick<Shift, 'id' | 'register_name' | 'cashier' | 'opened_at'>): Shift {
  return {
    opening_float: '100000.00',
    closed_at: null,
    closed_by: null,
    movements: [],
    sales: { documents: 0, total: '0.00', cash_documents: 0, rejected: 0 },
    cash_received: '0.00',
    change_given: '0.00',
    cash_in: '0.00',
    cash_out: '0.00',
    expected_cash: '100000.00',
    counted_cash: null,
    difference: null,
    counts: null,
    difference_accepted_by: null,
    ...fields,
  };
}

/**
 * A day of three shifts: one closed short by $ 500, one closed after midnight over by more than a
 * million (a cashier's long name, amounts in the hundred millions), one still open.
 */
export const DAY_SHIFTS: ShiftsOfDay = {
  date: '2026-11-20',
  shifts: [
    shiftOf({
      id: 1,
      register_name: 'Caja 1',
      cashier: { id: 1, name: 'Marta Núñez' },
      opened_at: '2026-11-20T12:05:00.000Z',
      closed_at: '2026-11-20T21:10:00.000Z',
      closed_by: 'Marta Núñez',
      sales: { documents: 12, total: '1234500.00', cash_documents: 9, rejected: 0 },
      cash_received: '1234500.00',
      expected_cash: '1334500.00',
      counted_cash: '1334000.00',
      difference: '-500.00',
      difference_accepted_by: 'Marta Núñez',
    }),
    shiftOf({
      id: 2,
      register_name: 'Caja 2',
      cashier: { id: 2, name: 'José Muñoz Ñáñez de Ávila' },
      opened_at: '2026-11-20T23:00:00.000Z',
      closed_at: '2026-11-21T06:30:00.000Z',
      closed_by: 'José Muñoz Ñáñez de Ávila',
      sales: { documents: 1234, total: '98765432.10', cash_documents: 1000, rejected: 2 },
      cash_received: '99899999.99',
      expected_cash: '99999999.99',
      counted_cash: '101234567.89',
      difference: '1234567.90',
      difference_accepted_by: 'Marta Núñez',
    }),
    shiftOf({
      id: 3,
      register_name: 'Caja 1',
      cashier: { id: 3, name: 'Ana Ríos' },
      opened_at: '2026-11-20T21:30:00.000Z',
      opening_float: '80000.00',
      expected_cash: '80000.00',
    }),
  ],
  opening_float: '280000.00',
  cash_received: '101134499.99',
  change_given: '0.00',
  cash_in: '0.00',
  cash_out: '0.00',
  expected_cash: '101414499.99',
  counted_cash: '102568567.89',
  difference: '1234067.90',
  open_shifts: 1,
};
