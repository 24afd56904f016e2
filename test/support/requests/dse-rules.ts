// A valid DSE request for 2026-11-20 and helpers shared by the DSE rule tests.
import { validateDseRequest, type DseRequestContext } from '#shared/dse/index';
import { DSE_TERMS, GARDENING, IN_CHIA, LUNCHES } from './lines';

export const ctx: DseRequestContext = {
  today: '2026-11-20',
  nowTime: '10:00:00',
  costCenters: [
    { id: 1, code: 'ADM' },
    { id: 2, code: 'VEN' },
  ],
};

export type Body = Record<string, unknown> & { items: Record<string, unknown>[]; proveedor: Record<string, unknown> };

export function validDse(): Body {
  return {
    fecha_documento: '2026-11-20',
    proveedor: {
      tipo_documento: '13',
      nit: '1020304050',
      nombre: 'Pedro Gómez',
      ...IN_CHIA,
    },
    items: [{ ...GARDENING }, { ...LUNCHES, cost_center_id: 1 }],
    ...DSE_TERMS,
    retenciones: [],
  };
}

export function errorFields(body: unknown): string[] {
  const r = validateDseRequest(body, ctx);
  return r.ok ? [] : r.errors.map((e) => e.field);
}

export function accepted(body: unknown) {
  const r = validateDseRequest(body, ctx);
  if (!r.ok) throw new Error(`expected valid, got ${JSON.stringify(r.errors)}`);
  return r.value;
}
