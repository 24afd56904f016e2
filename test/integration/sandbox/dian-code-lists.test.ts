// DIAN's code lists and rule codes over HTTP (docs/SANDBOX.md, "Rules of the simulated tax
// authority"): units of measure from UnidadesMedida-2.1, IVA and INC tariffs, AIU as operation type
// 09, product codes (UNSPSC with its agency for a DSE, an own code for an invoice line), a supplier
// responsible for IVA refused a support document, and the support document's own resolution codes
// (DSAB07a, DSAB08a, DSAD05d/e) where the invoice has FAB07a, SBX-RES01, FAD05e.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dseBody, feBody, newKey } from '#test/requests/conformance';
import { apiClient } from '#test/sandbox/http';
import { useSandbox } from '#test/sandbox/fixture';
import { conformanceSeed } from '#test/seed';
import { tempDir } from '#test/temp';

type Errors = { regla: string; mensaje: string; campo: string | null }[];
type Dian = { is_valid: boolean; status_message: string; errores: Errors };
type Json = Record<string, unknown>;

const data = tempDir('code-lists-');
const sandbox = useSandbox({ data: data.path });
afterAll(() => data.remove());

const item = (fields: Json) => ({ codigo: '70111703', descripcion: 'Servicio', cantidad: 1, precio_unitario: 1000, ...fields });

async function postDse(body: Json) {
  return sandbox.api.post<{ dian: Dian; documento: { xml_path: string; estado_dian: string } }>('/dse/documentos', body, {
    idempotencyKey: newKey('list'),
  });
}

async function feXml(factura: number): Promise<string> {
  const doc = await sandbox.api.get<{ doc: { xml_path: string } }>(`/fe/docs/${factura}`);
  return readFileSync(join(data.path, doc.body.doc.xml_path), 'utf8');
}

const AIU = {
  enabled: true,
  administracion_percent: 10,
  imprevistos_percent: 5,
  utilidad_percent: 5,
  tax_rate: 19,
  iva_base_mode: 'AIU_TOTAL',
};
const feNoTotals = (overrides: Json) => feBody({ subtotal: undefined, impuestos: undefined, total: undefined, ...overrides });

describe('DSE: rejected with the rule of the DIAN list it breaks (422, the code in dian.errores)', () => {
  const cases: [what: string, body: Json, code: string, field: string][] = [
    [
      'a unit that is not in UnidadesMedida-2.1 (H87)',
      dseBody({ items: [item({ unidad_medida: 'H87' })] }),
      'DSAV05',
      'items[0].unidad_medida',
    ],
    [
      'IVA at 12 % (not a DIAN tariff)',
      dseBody({ items: [item({ porcentaje_iva: 12 })] }),
      'SBX-TAR01',
      'items[0].porcentaje_iva',
    ],
    ['the placeholder UNSPSC 99999999', dseBody({ items: [item({ codigo: '99999999' })] }), 'SBX-ITM01', 'items[0].codigo'],
    ['the placeholder UNSPSC 00000000', dseBody({ items: [item({ codigo: '00000000' })] }), 'SBX-ITM01', 'items[0].codigo'],
    [
      'a supplier responsible for IVA (tax scheme 01)',
      { ...dseBody(), proveedor: { ...dseBody().proveedor, dian_tax_scheme_code: '01' } },
      'SBX-PRV01',
      'proveedor.dian_tax_scheme_code',
    ],
    [
      'a supplier responsible for IVA (regime O-48)',
      { ...dseBody(), proveedor: { ...dseBody().proveedor, regimen: 'O-48' } },
      'SBX-PRV01',
      'proveedor.regimen',
    ],
    ['a currency that is not ISO 4217', dseBody({ moneda: 'XYZ' }), 'DSAD15a', 'moneda'],
  ];

  it.each(cases.map(([what, body, code, field]) => [what, code, field, body] as const))(
    '%s: %s on %s',
    async (_what, code, field, body) => {
      const answer = await postDse(body);
      expect(answer.status, answer.text).toBe(422);
      expect(answer.body.documento.estado_dian).toBe('rechazado');
      expect(answer.body.dian.errores).toContainEqual(expect.objectContaining({ regla: code, campo: field }));
      expect(answer.body.dian.status_message).toContain(`Regla: ${code}, Rechazo: `);
    },
  );

  it('DIAN units that the old subset lacked (KT, LO, ST, GRO) and the usual ones are accepted, and every tariff of IVA', async () => {
    for (const unidad_medida of ['KT', 'LO', 'ST', 'GRO', 'KGM', '94']) {
      const answer = await postDse(dseBody({ items: [item({ unidad_medida })] }));
      expect(answer.status, `${unidad_medida}: ${answer.text}`).toBe(201);
    }
    const tariffs = await postDse(dseBody({ items: [0, 5, 16, 19].map((porcentaje_iva) => item({ porcentaje_iva })) }));
    expect(tariffs.status, tariffs.text).toBe(201);
  });

  it('a tax given as an amount is written at the DIAN tariff that gives it (2.00 on 10.50 is 19 %), or refused when none does', async () => {
    const small = await postDse(dseBody({ items: [item({ cantidad: 1, precio_unitario: 10.5, impuesto: 2 })] }));
    expect(small.status, small.text).toBe(201);
    const xml = readFileSync(join(data.path, small.body.documento.xml_path), 'utf8');
    expect(xml.split('<cac:InvoiceLine>')[1]).toContain('<cbc:Percent>19.00</cbc:Percent>');
    const ten = await postDse(dseBody({ items: [item({ cantidad: 1, precio_unitario: 1000, impuesto: 100 })] }));
    expect(ten.status, ten.text).toBe(422);
    expect(ten.body.dian.errores).toContainEqual(expect.objectContaining({ regla: 'SBX-TAR01' }));
  });

  it('a UNSPSC code is written with its agency (schemeAgencyID 10)', async () => {
    const answer = await postDse(dseBody());
    expect(answer.status).toBe(201);
    const xml = readFileSync(join(data.path, answer.body.documento.xml_path), 'utf8');
    const ids = [...xml.matchAll(/<cac:StandardItemIdentification><cbc:ID ([^>]*)>(\d+)</g)];
    expect(ids.map((m) => m[2])).toEqual(['70111703', '90101501']);
    for (const [, attrs] of ids) expect(attrs).toBe('schemeAgencyID="10" schemeID="001" schemeName="UNSPSC"');
  });
});

describe('FE: tariffs, AIU as operation type 09, a product code on every line', () => {
  it.each([
    ['IVA at 12 %', { desc: 'Camisa', cant: 1, unit: 1000, unit_input: 1000, iva: 12, iva_incluido: false }],
    [
      'INC at 3 %',
      { desc: 'Almuerzo', cant: 1, unit: 1000, unit_input: 1000, iva: 3, iva_incluido: false, codigo_impuesto: '04' },
    ],
  ])('%s is rejected (422, SBX-TAR01 on the line)', async (_what, line) => {
    const answer = await sandbox.api.post<{ estado: string; dian: Dian }>('/fe/facturas', feNoTotals({ items: [line] }));
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.estado).toBe('rechazado');
    expect(answer.body.dian.errores).toContainEqual(expect.objectContaining({ regla: 'SBX-TAR01', campo: 'items[0].iva' }));
  });

  it('every INC tariff (2, 4, 8, 16) and IVA 5 and 16 are accepted', async () => {
    const lines = [
      { iva: 2, codigo_impuesto: '04' },
      { iva: 4, codigo_impuesto: '04' },
      { iva: 8 },
      { iva: 16, codigo_impuesto: '04' },
      { iva: 5 },
      { iva: 16 },
    ].map((tax, i) => ({ desc: `Línea ${i + 1}`, cant: 1, unit: 1000, unit_input: 1000, iva_incluido: false, ...tax }));
    const answer = await sandbox.api.post('/fe/facturas', feNoTotals({ items: lines }));
    expect(answer.status, answer.text).toBe(201);
  });

  it('an invoice with AIU is accepted with CustomizationID 09; one without, 10; every line has a product code', async () => {
    const aiu = await sandbox.api.post<{ factura_id: number }>(
      '/fe/facturas',
      feNoTotals({
        items: [{ desc: 'Obra', cant: 1, unit: 10000000, iva: 0, iva_incluido: false, unit_input: 10000000 }],
        aiu: AIU,
      }),
    );
    expect(aiu.status, aiu.text).toBe(201);
    const aiuXml = await feXml(aiu.body.factura_id);
    expect(aiuXml).toContain('<cbc:CustomizationID>09</cbc:CustomizationID>');
    const plain = await sandbox.api.post<{ factura_id: number }>('/fe/facturas', feBody());
    expect(plain.status).toBe(201);
    const plainXml = await feXml(plain.body.factura_id);
    expect(plainXml).toContain('<cbc:CustomizationID>10</cbc:CustomizationID>');
    for (const xml of [aiuXml, plainXml]) {
      const lines = xml.split('<cac:InvoiceLine>').slice(1);
      for (const line of lines) expect(line).toMatch(/<cac:StandardItemIdentification><cbc:ID schemeID="999" [^>]*>[^<]+</);
    }
  });
});

/** Company 101 cloned with another id, numbering and resolution: one per way of breaking the resolution. */
function resolutionSeed() {
  const seed = conformanceSeed();
  const base = seed.companies[0] as Json;
  const clone = (id: number, resolution: Json, nextNumber = 1): Json => ({
    ...structuredClone(base),
    id,
    terceros: [],
    fe_documents: [],
    fe: { prefix: 'FR', next_number: nextNumber, quota: null, resolution },
    dse: { prefix: 'DR', next_number: nextNumber, quota: null, resolution },
  });
  seed.companies.push(
    clone(501, { valid_to: '2026-11-19' }),
    clone(502, { valid_from: '2026-12-01' }),
    clone(503, { range_from: 1000, range_to: 2000 }),
  );
  for (const id of [501, 502, 503]) {
    seed.clients.push({
      id: `resolucion-${id}`,
      company_id: id,
      scopes: ['fe.read', 'fe.write', 'dse.read', 'dse.write'],
      tokens: [{ token: `sbx_${id}_full`, expires_at: null, revoked: false }],
    });
  }
  return seed;
}

describe("the company's resolution: DIAN's support-document codes, the invoice's own", () => {
  const edge = useSandbox({ seed: resolutionSeed() });

  it.each([
    [501, 'expired', ['DSAB08a'], ['SBX-RES01']],
    [502, 'not yet in force', ['DSAB07a'], ['FAB07a']],
    [503, 'a number outside the range', ['DSAD05d', 'DSAD05e'], ['FAD05e']],
  ])('company %i, %s: DSE %j, FE %j (campo null: the configuration)', async (company, _what, dseCodes, feCodes) => {
    const api = apiClient(edge.baseUrl, company);
    const token = `sbx_${company}_full`;
    const dse = await api.post<{ dian: Dian }>('/dse/documentos', dseBody(), { token, idempotencyKey: newKey('res') });
    expect(dse.status, dse.text).toBe(422);
    expect(dse.body.dian.errores.map((e) => [e.regla, e.campo])).toEqual(dseCodes.map((c) => [c, null]));
    const fe = await api.post<{ dian: Dian }>('/fe/facturas', feBody(), { token });
    expect(fe.status, fe.text).toBe(422);
    expect(fe.body.dian.errores.map((e) => [e.regla, e.campo])).toEqual(feCodes.map((c) => [c, null]));
  });
});
