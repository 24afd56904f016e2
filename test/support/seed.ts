// The sandbox seeds of the suites that start a sandbox (the JSON that src/sandbox/seed.ts parses), in
// one module so that the suites share the builders instead of copies of them:
//   coreSeed()        the client-core tests (test/integration/core): one company with a long FE
//                     history (for paging), a second company, and API clients covering every
//                     authentication answer of the contract.
//   conformanceSeed() the sandbox conformance suite (test/integration/sandbox): the demo seed plus
//                     clients for every authentication answer, a second client of company 101
//                     (idempotency keys are per client) and a company at the edge of its quota.
//   reliabilitySeed() the reliability suites (test/reliability): two companies with no quota (the load
//                     test issues thousands of documents), a few FE documents each, and tokens that
//                     are easy to recognise.
// Each suite asserts on its own seed's values, so the builders take every value in which they differ.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Json = Record<string, unknown>;

/** The frozen clock (the sandbox's `--now`) of the conformance and reliability suites; their request bodies are dated on it. */
export const SANDBOX_TODAY = '2026-11-20';
export const SANDBOX_NOW = `${SANDBOX_TODAY}T10:00:00-05:00`;

const ALL_SCOPES = ['fe.read', 'fe.write', 'dse.read', 'dse.write'];

const money = (n: number) => n.toFixed(2);

/** A third party (tercero) of a seeded company: the buyer of an FE document, or a customer. */
interface Party {
  id: number;
  nombre: string;
  numero_documento: string;
}

const tercero = (party: Party) => ({
  id: party.id,
  nombre: party.nombre,
  tipo_documento: '13',
  numero_documento: party.numero_documento,
  email: 'c@example.co',
});

/** An accepted FE document of one line with 19 % IVA. */
function feDocument(
  id: number,
  companyId: number,
  doc: { subtotal: number; cufeFill: string; issuedAt: string; buyer: Party; description: string },
) {
  const tax = Math.round(doc.subtotal * 0.19);
  return {
    id,
    company_id: companyId,
    tipo_dian: '01',
    prefijo: 'SETP',
    consecutivo: 990000000 + id,
    estado_dian: 'aceptado',
    cufe: id.toString(16).padStart(96, doc.cufeFill),
    es_habilitacion: false,
    subtotal: money(doc.subtotal),
    impuestos: money(tax),
    total: money(doc.subtotal + tax),
    moneda: 'COP',
    fecha_emision: doc.issuedAt,
    fecha_vencimiento: null,
    xml_path: `fe/${id}.xml`,
    track_id: null,
    tercero: tercero(doc.buyer),
    items: [
      {
        id: id * 10,
        descripcion: doc.description,
        cantidad: '1.00',
        valor_unitario: money(doc.subtotal),
        descuento: '0.00',
        base_imponible: money(doc.subtotal),
        impuesto: money(tax),
        tipo_impuesto: 'IVA',
        codigo_impuesto: '01',
      },
    ],
  };
}

/** The id of company `companyId`'s FE payment method `contado`/`10` (Efectivo) in the core and reliability seeds. */
export const cashMethodOf = (companyId: number) => 10 + companyId;

const cashMethod = (companyId: number) => ({
  id: cashMethodOf(companyId),
  payment_form: 'contado',
  label: 'Efectivo',
  payment_means_code: '10',
  payment_means_name: 'Efectivo',
  is_active: true,
  is_default: true,
});

const transferMethod = (companyId: number) => ({
  id: 20 + companyId,
  payment_form: 'credito',
  label: 'Transferencia',
  payment_means_code: '42',
  payment_means_name: 'Consignación',
  is_active: true,
  is_default: false,
});

/** A company with no quota, one customer, one cost centre and the given FE history. */
function company(c: {
  id: number;
  nit: string;
  name: string;
  feNextNumber: number;
  paymentMethods: Json[];
  customer: Party;
  costCenterId: number;
  feDocuments: Json[];
}) {
  return {
    id: c.id,
    nit: c.nit,
    name: c.name,
    fe: { prefix: 'SETP', next_number: c.feNextNumber, quota: null },
    dse: { prefix: 'DS', next_number: 1, quota: null },
    payment_methods: c.paymentMethods,
    terceros: [{ ...tercero(c.customer), direccion: 'Calle 1' }],
    cost_centers: [{ id: c.costCenterId, code: 'CC1', name: 'General' }],
    fe_documents: c.feDocuments,
  };
}

const token = (value: string, extra: { revoked?: boolean; expires_at?: string | null } = {}) => ({
  token: value,
  expires_at: extra.expires_at ?? null,
  revoked: extra.revoked ?? false,
});

const client = (id: string, companyId: number, scopes: readonly string[], ...tokens: ReturnType<typeof token>[]) => ({
  id,
  company_id: companyId,
  scopes: [...scopes],
  tokens,
});

// The client-core tests (test/integration/core).

export const CORE_COMPANY = 1;
export const CORE_OTHER_COMPANY = 2;
export const CORE_TOKENS = {
  full: 'tok-core-full-0123456789',
  readOnly: 'tok-core-read-0123456789',
  noFeRead: 'tok-core-dse-only-0123456789',
  otherCompany: 'tok-core-other-0123456789',
  revoked: 'tok-core-revoked-0123456789',
  expired: 'tok-core-expired-0123456789',
} as const;

function coreFeDocument(id: number, companyId: number) {
  const even = id % 2 === 0;
  return feDocument(id, companyId, {
    subtotal: 10_000 + id * 100,
    cufeFill: 'a',
    issuedAt: `2026-10-${String((id % 28) + 1).padStart(2, '0')} 10:00:00`,
    buyer: { id: 1, nombre: even ? 'Panadería La Espiga' : 'Ferretería Central', numero_documento: `1000${id}` },
    description: even ? 'Pan tajado' : 'Tornillos de acero',
  });
}

function coreCompany(id: number, nit: string, feDocuments: number) {
  return company({
    id,
    nit,
    name: `Empresa de pruebas ${id}`,
    feNextNumber: 990000000 + feDocuments + 1,
    paymentMethods: [cashMethod(id), transferMethod(id)],
    customer: { id: id * 100 + 1, nombre: 'Cliente Uno', numero_documento: '10001' },
    costCenterId: 1,
    feDocuments: Array.from({ length: feDocuments }, (_, i) => coreFeDocument(i + 1, id)),
  });
}

export function coreSeed(feDocuments = 230) {
  return {
    companies: [coreCompany(CORE_COMPANY, '900123456', feDocuments), coreCompany(CORE_OTHER_COMPANY, '900654321', 0)],
    clients: [
      client(
        'full',
        CORE_COMPANY,
        ALL_SCOPES,
        token(CORE_TOKENS.full),
        token(CORE_TOKENS.revoked, { revoked: true }),
        token(CORE_TOKENS.expired, { expires_at: '2020-01-01T00:00:00Z' }),
      ),
      client('read-only', CORE_COMPANY, ['fe.read', 'dse.read'], token(CORE_TOKENS.readOnly)),
      client('dse-only', CORE_COMPANY, ['dse.read', 'dse.write'], token(CORE_TOKENS.noFeRead)),
      client('other', CORE_OTHER_COMPANY, ALL_SCOPES, token(CORE_TOKENS.otherCompany)),
    ],
  };
}

// The sandbox conformance suite (test/integration/sandbox).

export const CONFORMANCE_TOKENS = {
  full: 'sbx_101_full',
  readOnly: 'sbx_101_readonly',
  other: 'sbx_202_full',
  feOnly: 'sbx_101_fe_only',
  dseOnly: 'sbx_101_dse_only',
  secondClient: 'sbx_101_second_client',
  expired: 'sbx_101_expired',
  revoked: 'sbx_101_revoked',
  edge: 'sbx_303_full',
} as const;

/** resources/demo-seed.json, the seed `npm run sandbox` starts with (companies 101 and 202). */
export function demoSeed(): { companies: Json[]; clients: Json[] } {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, '../../resources/demo-seed.json'), 'utf8')) as {
    companies: Json[];
    clients: Json[];
  };
}

export function conformanceSeed() {
  const seed = demoSeed();
  const edge = JSON.parse(JSON.stringify(seed.companies[1])) as Json;
  Object.assign(edge, {
    id: 303,
    nit: '901303303',
    name: 'Tienda al Límite S.A.S.',
    fe: { prefix: 'LIM', next_number: 1, quota: 50, used: 49 },
    dse: { prefix: 'LDS', next_number: 1, quota: 100, used: 99 },
    terceros: [
      { id: 90, nombre: 'Cliente del límite', tipo_documento: '13', numero_documento: '79000111', email: '', direccion: '' },
    ],
  });
  seed.companies.push(edge);
  seed.clients.push(
    client('solo-fe', 101, ['fe.read', 'fe.write'], token(CONFORMANCE_TOKENS.feOnly)),
    client('solo-dse', 101, ['dse.read', 'dse.write'], token(CONFORMANCE_TOKENS.dseOnly)),
    client('segundo-erp', 101, ALL_SCOPES, token(CONFORMANCE_TOKENS.secondClient)),
    client('vencido', 101, ALL_SCOPES, token(CONFORMANCE_TOKENS.expired, { expires_at: '2026-11-01T00:00:00-05:00' })),
    client('revocado', 101, ALL_SCOPES, token(CONFORMANCE_TOKENS.revoked, { revoked: true })),
    client('al-limite', 303, ALL_SCOPES, token(CONFORMANCE_TOKENS.edge)),
  );
  return seed;
}

// The reliability suites (test/reliability).

export const RELIABILITY_COMPANY_A = 1;
export const RELIABILITY_COMPANY_B = 2;
export const RELIABILITY_TOKENS = {
  a: 'tok-rel-a-full-0123456789',
  aReadOnly: 'tok-rel-a-read-0123456789',
  b: 'tok-rel-b-full-0123456789',
} as const;

/** The one customer of a reliability company, also the buyer of its FE documents: secret on purpose. */
const secretParty = (companyId: number): Party => ({
  id: companyId * 100,
  nombre: `Secreto de la empresa ${companyId}`,
  numero_documento: `${companyId}0001`,
});

function reliabilityCompany(id: number, nit: string, firstDocId: number) {
  const document = (docId: number) =>
    feDocument(docId, id, {
      subtotal: 10_000,
      cufeFill: 'b',
      issuedAt: '2026-10-01 10:00:00',
      buyer: secretParty(id),
      description: `Producto reservado ${id}`,
    });
  return company({
    id,
    nit,
    name: `Empresa de fiabilidad ${id}`,
    feNextNumber: 990000100,
    paymentMethods: [cashMethod(id)],
    customer: secretParty(id),
    costCenterId: id * 10,
    feDocuments: [document(firstDocId), document(firstDocId + 1)],
  });
}

export function reliabilitySeed() {
  return {
    companies: [
      reliabilityCompany(RELIABILITY_COMPANY_A, '900123456', 1),
      reliabilityCompany(RELIABILITY_COMPANY_B, '900654321', 11),
    ],
    clients: [
      client('a-full', RELIABILITY_COMPANY_A, ALL_SCOPES, token(RELIABILITY_TOKENS.a)),
      client('a-read', RELIABILITY_COMPANY_A, ['fe.read', 'dse.read'], token(RELIABILITY_TOKENS.aReadOnly)),
      client('b-full', RELIABILITY_COMPANY_B, ALL_SCOPES, token(RELIABILITY_TOKENS.b)),
    ],
  };
}
