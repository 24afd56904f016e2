// Valid request bodies for 2026-11-20 (the suite's frozen date), varied per test with overrides.
import { SANDBOX_TODAY as TODAY } from '../seed';
import { cashPayment, DSE_TERMS, feLines, FE_SUMS, GARDENING, IN_CHIA, LUNCHES } from './lines';

type Json = Record<string, unknown>;
export type DseBody = Json & { items: Json[]; proveedor: Json };

export function feBody(overrides: Json = {}, receptorNumber = '1020304050'): Json {
  return {
    receptor: {
      tipo_doc: '13',
      numero_doc: receptorNumber,
      nombre: 'Carlos Andrés Gómez',
      email: 'carlos@example.com',
      direccion: 'Transversal 5 # 70-12',
    },
    items: feLines('Camisa manga larga'),
    ...FE_SUMS,
    es_contingencia: false,
    fecha_emision: TODAY,
    payment: cashPayment(),
    aiu: { enabled: false },
    withholdings: [],
    attachment_tokens: [],
    ...overrides,
  };
}

export function dseBody(overrides: Json = {}, supplierNit = '1098765432'): DseBody {
  return {
    fecha_documento: TODAY,
    proveedor: {
      tipo_documento: '13',
      nit: supplierNit,
      nombre: 'Pedro Gómez',
      ...IN_CHIA,
      departamento: 'Cundinamarca',
      codigo_departamento: '25',
    },
    items: [
      { ...GARDENING, cost_center_id: 1 },
      { ...LUNCHES, cost_center_id: 1 },
    ],
    ...DSE_TERMS,
    retenciones: [],
    ...overrides,
  } as DseBody;
}

let counter = 0;
/** A fresh idempotency key per call, readable in failures. */
export function newKey(label = 'k'): string {
  counter += 1;
  return `${label}-${process.pid}-${counter}-${Date.now()}`;
}
