// Valid request bodies for the reliability suites, dated on the frozen sandbox date of the seeds
// (test/support/seed.ts). The magic numbers of the simulated tax authority (src/sandbox/authority/outcomes.ts) pick the outcome.
import type { DseCreateRequest } from '#shared/api/index';
import { cashMethodOf, SANDBOX_TODAY as TODAY } from '../seed';

export { SANDBOX_NOW } from '../seed';

export function feBody(n: number, options: { companyId?: number; receptor?: string } = {}) {
  const unit = 10_000 + n;
  const tax = Math.round(unit * 0.19 * 100) / 100;
  return {
    receptor: {
      tipo_doc: '13',
      numero_doc: options.receptor ?? `10${String(n).padStart(8, '0')}`,
      nombre: `Cliente ${n}`,
      email: `c${n}@example.co`,
      direccion: 'Calle 1 # 2-3',
    },
    items: [{ desc: `Artículo ${n}`, cant: 1, unit, iva: 19, iva_incluido: false, unit_input: unit }],
    subtotal: unit,
    impuestos: tax,
    total: unit + tax,
    fecha_emision: TODAY,
    payment: { form: 'contado' as const, method_id: cashMethodOf(options.companyId ?? 1), means_code: '10', due_date: '' },
    withholdings: [],
    attachment_tokens: [],
  };
}

export function dseBody(n: number, options: { nit?: string } = {}): DseCreateRequest {
  return {
    fecha_documento: TODAY,
    proveedor: { tipo_documento: '13', nit: options.nit ?? `20${String(n).padStart(8, '0')}`, nombre: `Proveedor ${n}` },
    items: [
      { codigo: '11111501', descripcion: `Insumo ${n}`, cantidad: 1 + (n % 3), precio_unitario: 50_000 + n, porcentaje_iva: 0 },
    ],
    forma_generacion: '1',
    forma_pago: '1',
    medio_pago_codigo: '10',
    retenciones: [],
  } as DseCreateRequest;
}
