// Request bodies for the sandbox's magic outcomes (by proveedor.nit / receptor.numero_doc), dated
// with Colombia's current date as the contract requires for per-operation DSE.
import { colombiaToday } from '#shared/dates';
import type { DseCreateRequest, FeCreateRequest } from '#shared/api/index';
import { CORE_COMPANY as COMPANY } from '../seed';
import { waitFor } from '../wait';

export const MAGIC = {
  accept: '900111222',
  reject: '222222222',
  uncertainAccept: '333333333',
  uncertainReject: '444444444',
  drop: '555555555',
  failFirst: '666666666',
  slow: '777777777',
} as const;

export function dse(nit: string, note = ''): DseCreateRequest {
  return {
    fecha_documento: colombiaToday(new Date()),
    proveedor: { tipo_documento: '13', nit, nombre: `Proveedor ${nit}` },
    items: [
      { codigo: '11111501', descripcion: `Arena lavada ${note}`.trim(), cantidad: 2, precio_unitario: 50000, porcentaje_iva: 0 },
    ],
    forma_generacion: '1',
    forma_pago: '1',
    medio_pago_codigo: '10',
    retenciones: [],
  };
}

export function fe(numeroDoc: string, note = ''): Omit<FeCreateRequest, 'draft_key'> {
  return {
    receptor: {
      tipo_doc: '13',
      numero_doc: numeroDoc,
      nombre: `Cliente ${numeroDoc}`,
      email: 'cliente@example.co',
      direccion: 'Calle 1 # 2-3',
    },
    items: [{ desc: `Pan tajado ${note}`.trim(), cant: 1, unit: 10000, iva: 19, iva_incluido: false, unit_input: 10000 }],
    subtotal: 10000,
    impuestos: 1900,
    total: 11900,
    fecha_emision: colombiaToday(new Date()),
    payment: { form: 'contado', method_id: 10 + COMPANY, means_code: '10', due_date: '' },
    withholdings: [],
    attachment_tokens: [],
  };
}

/** Every DSE of the company on the sandbox, found through endpoint 8 only (ids are consecutive). */
export async function dseDocumentIds(baseUrl: string, token: string, company = COMPANY): Promise<number[]> {
  const found: number[] = [];
  let misses = 0;
  for (let id = 1; misses < 5; id += 1) {
    const response = await fetch(`${baseUrl}/companies/${company}/dse/documentos/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (response.status === 200) {
      found.push(id);
      misses = 0;
    } else {
      misses += 1;
    }
  }
  return found;
}

/** How many FE documents the company has on the sandbox (the list's total). */
export async function feTotal(baseUrl: string, token: string, company = COMPANY): Promise<number> {
  const response = await fetch(`${baseUrl}/companies/${company}/fe/docs?per_page=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { total: number }).total;
}

/** Until the sandbox has settled a DSE (settle-ms after creating it): its answer is no longer pending. */
export async function dseSettled(baseUrl: string, token: string, documentId: number, company = COMPANY): Promise<void> {
  await waitFor(
    async () => {
      const response = await fetch(`${baseUrl}/companies/${company}/dse/documentos/${documentId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { pending: boolean }).pending === false;
    },
    { what: `the sandbox settled DSE ${documentId}` },
  );
}
