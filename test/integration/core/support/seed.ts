// The seed the client-core tests run the sandbox with: one company with a long FE history (for
// paging), a second company, and API clients covering every authentication answer of the contract.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const COMPANY = 1;
export const OTHER_COMPANY = 2;
export const TOKENS = {
  full: 'tok-core-full-0123456789',
  readOnly: 'tok-core-read-0123456789',
  noFeRead: 'tok-core-dse-only-0123456789',
  otherCompany: 'tok-core-other-0123456789',
  revoked: 'tok-core-revoked-0123456789',
  expired: 'tok-core-expired-0123456789',
} as const;

function feDocument(id: number, companyId: number) {
  const subtotal = 10_000 + id * 100;
  const tax = Math.round(subtotal * 0.19);
  const money = (n: number) => n.toFixed(2);
  return {
    id,
    company_id: companyId,
    tipo_dian: '01',
    prefijo: 'SETP',
    consecutivo: 990000000 + id,
    estado_dian: 'aceptado',
    cufe: id.toString(16).padStart(96, 'a'),
    es_habilitacion: false,
    subtotal: money(subtotal),
    impuestos: money(tax),
    total: money(subtotal + tax),
    moneda: 'COP',
    fecha_emision: `2026-10-${String((id % 28) + 1).padStart(2, '0')} 10:00:00`,
    fecha_vencimiento: null,
    xml_path: `fe/${id}.xml`,
    track_id: null,
    tercero: { id: 1, nombre: id % 2 === 0 ? 'Panadería La Espiga' : 'Ferretería Central', tipo_documento: '13', numero_documento: `1000${id}`, email: 'c@example.co' },
    items: [
      {
        id: id * 10,
        descripcion: id % 2 === 0 ? 'Pan tajado' : 'Tornillos de acero',
        cantidad: '1.00',
        valor_unitario: money(subtotal),
        descuento: '0.00',
        base_imponible: money(subtotal),
        impuesto: money(tax),
        tipo_impuesto: 'IVA',
        codigo_impuesto: '01',
      },
    ],
  };
}

function company(id: number, nit: string, feDocuments: number) {
  return {
    id,
    nit,
    name: `Empresa de pruebas ${id}`,
    fe: { prefix: 'SETP', next_number: 990000000 + feDocuments + 1, quota: null },
    dse: { prefix: 'DS', next_number: 1, quota: null },
    payment_methods: [
      { id: 10 + id, payment_form: 'contado', label: 'Efectivo', payment_means_code: '10', payment_means_name: 'Efectivo', is_active: true, is_default: true },
      { id: 20 + id, payment_form: 'credito', label: 'Transferencia', payment_means_code: '42', payment_means_name: 'Consignación', is_active: true, is_default: false },
    ],
    terceros: [{ id: id * 100 + 1, nombre: 'Cliente Uno', tipo_documento: '13', numero_documento: '10001', email: 'c@example.co', direccion: 'Calle 1' }],
    cost_centers: [{ id: 1, code: 'CC1', name: 'General' }],
    fe_documents: Array.from({ length: feDocuments }, (_, i) => feDocument(i + 1, id)),
  };
}

const token = (value: string, extra: { revoked?: boolean; expires_at?: string | null } = {}) => ({
  token: value,
  expires_at: extra.expires_at ?? null,
  revoked: extra.revoked ?? false,
});

export function coreSeed(feDocuments = 230) {
  return {
    companies: [company(COMPANY, '900123456', feDocuments), company(OTHER_COMPANY, '900654321', 0)],
    clients: [
      { id: 'full', company_id: COMPANY, scopes: ['fe.read', 'fe.write', 'dse.read', 'dse.write'], tokens: [token(TOKENS.full), token(TOKENS.revoked, { revoked: true }), token(TOKENS.expired, { expires_at: '2020-01-01T00:00:00Z' })] },
      { id: 'read-only', company_id: COMPANY, scopes: ['fe.read', 'dse.read'], tokens: [token(TOKENS.readOnly)] },
      { id: 'dse-only', company_id: COMPANY, scopes: ['dse.read', 'dse.write'], tokens: [token(TOKENS.noFeRead)] },
      { id: 'other', company_id: OTHER_COMPANY, scopes: ['fe.read', 'fe.write', 'dse.read', 'dse.write'], tokens: [token(TOKENS.otherCompany)] },
    ],
  };
}

export function writeSeed(dir: string, feDocuments?: number): string {
  const file = join(dir, 'seed.json');
  writeFileSync(file, JSON.stringify(coreSeed(feDocuments)));
  return file;
}
