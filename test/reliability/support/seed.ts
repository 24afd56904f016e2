// The sandbox seed of the reliability suites: two companies with no quota (the load test issues
// thousands of documents), a few FE documents each, and tokens that are easy to recognise.
import { cashMethodOf } from './bodies';

export const COMPANY_A = 1;
export const COMPANY_B = 2;
export const TOKENS = {
  a: 'tok-rel-a-full-0123456789',
  aReadOnly: 'tok-rel-a-read-0123456789',
  b: 'tok-rel-b-full-0123456789',
} as const;

function feDocument(id: number, companyId: number) {
  const money = (n: number) => n.toFixed(2);
  return {
    id,
    company_id: companyId,
    tipo_dian: '01',
    prefijo: 'SETP',
    consecutivo: 990000000 + id,
    estado_dian: 'aceptado',
    cufe: id.toString(16).padStart(96, 'b'),
    es_habilitacion: false,
    subtotal: money(10_000),
    impuestos: money(1_900),
    total: money(11_900),
    moneda: 'COP',
    fecha_emision: '2026-10-01 10:00:00',
    fecha_vencimiento: null,
    xml_path: `fe/${id}.xml`,
    track_id: null,
    tercero: { id: companyId * 100, nombre: `Secreto de la empresa ${companyId}`, tipo_documento: '13', numero_documento: `${companyId}0001`, email: 'c@example.co' },
    items: [
      { id: id * 10, descripcion: `Producto reservado ${companyId}`, cantidad: '1.00', valor_unitario: money(10_000), descuento: '0.00', base_imponible: money(10_000), impuesto: money(1_900), tipo_impuesto: 'IVA', codigo_impuesto: '01' },
    ],
  };
}

function company(id: number, nit: string, firstDocId: number) {
  return {
    id,
    nit,
    name: `Empresa de fiabilidad ${id}`,
    fe: { prefix: 'SETP', next_number: 990000100, quota: null },
    dse: { prefix: 'DS', next_number: 1, quota: null },
    payment_methods: [
      { id: cashMethodOf(id), payment_form: 'contado', label: 'Efectivo', payment_means_code: '10', payment_means_name: 'Efectivo', is_active: true, is_default: true },
    ],
    terceros: [{ id: id * 100, nombre: `Secreto de la empresa ${id}`, tipo_documento: '13', numero_documento: `${id}0001`, email: 'c@example.co', direccion: 'Calle 1' }],
    cost_centers: [{ id: id * 10, code: 'CC1', name: 'General' }],
    fe_documents: [feDocument(firstDocId, id), feDocument(firstDocId + 1, id)],
  };
}

const token = (value: string) => ({ token: value, expires_at: null, revoked: false });

export function reliabilitySeed() {
  return {
    companies: [company(COMPANY_A, '900123456', 1), company(COMPANY_B, '900654321', 11)],
    clients: [
      { id: 'a-full', company_id: COMPANY_A, scopes: ['fe.read', 'fe.write', 'dse.read', 'dse.write'], tokens: [token(TOKENS.a)] },
      { id: 'a-read', company_id: COMPANY_A, scopes: ['fe.read', 'dse.read'], tokens: [token(TOKENS.aReadOnly)] },
      { id: 'b-full', company_id: COMPANY_B, scopes: ['fe.read', 'fe.write', 'dse.read', 'dse.write'], tokens: [token(TOKENS.b)] },
    ],
  };
}
