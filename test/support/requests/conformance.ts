// Valid request bodies for 2026-11-20 (the suite's frozen date), varied per test with overrides.
import { SANDBOX_TODAY as TODAY } from '../seed';

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
    items: [
      { desc: 'Camisa manga larga', cant: 2, unit: 50000, iva: 19, iva_incluido: false, unit_input: 50000 },
      { desc: 'Almuerzo ejecutivo', cant: 1, unit: 20000, iva: 8, iva_incluido: false, unit_input: 20000 },
    ],
    subtotal: 120000,
    impuestos: 20600,
    total: 140600,
    es_contingencia: false,
    fecha_emision: TODAY,
    payment: { form: 'contado', method_id: 1, means_code: '10', due_date: '' },
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
      direccion: 'Vereda El Salitre',
      municipio: 'Chía',
      codigo_municipio: '25175',
      departamento: 'Cundinamarca',
      codigo_departamento: '25',
    },
    items: [
      {
        codigo: '70111703',
        descripcion: 'Mantenimiento de jardines',
        cantidad: 2,
        precio_unitario: 150000,
        porcentaje_iva: 0,
        cost_center_id: 1,
      },
      {
        codigo: '90101501',
        descripcion: 'Almuerzos',
        cantidad: 10,
        precio_unitario: 15000,
        porcentaje_iva: 19,
        cost_center_id: 1,
      },
    ],
    forma_generacion: '1',
    forma_pago: '1',
    medio_pago_codigo: '10',
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
