// The FE and the DSE the end-to-end tests issue from the app (Historial, Informes): an invoice to a
// hardware shop and a support document for gardening, on the day the test runs.
import { cashPayment, DSE_TERMS, feLines, FE_SUMS, GARDENING, LUNCHES } from './lines';

type Json = Record<string, unknown>;

/** An FE to Ferretería El Tornillo S.A.S. (NIT 900456789): a work shirt at IVA 19 % and a lunch at INC 8 %. */
export function ferreteriaFe(fecha_emision: string, direccion: string, extra: Json = {}): Json {
  return {
    receptor: {
      tipo_doc: '31',
      numero_doc: '900456789',
      nombre: 'Ferretería El Tornillo S.A.S.',
      email: 'compras@eltornillo.example.co',
      direccion,
    },
    items: feLines('Camisa de dotación'),
    ...FE_SUMS,
    fecha_emision,
    payment: cashPayment(),
    withholdings: [],
    attachment_tokens: [],
    ...extra,
  };
}

/** A DSE for gardening and lunches bought from a person (cédula) with these details. */
export function gardeningDse(fecha_documento: string, proveedor: Json, retenciones: unknown[] = []): Json {
  return {
    fecha_documento,
    proveedor: { tipo_documento: '13', ...proveedor },
    items: [{ ...GARDENING }, { ...LUNCHES }],
    ...DSE_TERMS,
    retenciones,
  };
}
