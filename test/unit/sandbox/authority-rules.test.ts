// The simulated tax authority's rule engine (src/sandbox/authority/rules.ts): for every rule, a signed
// document that meets it is accepted and one that breaks it is rejected with the rule's DIAN code.
// Documents are built by the sandbox's own FE and DSE builders and signed by its XAdES signer; a
// broken one is altered before signing, so that only the rule under test (and what depends on the
// altered value) fails. Plus the property: over generated documents, the CUFE/CUDS recomputed from
// the XML equals cbc:UUID and the engine finds nothing to reject.
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tercero } from '#shared/api/index';
import { validateDseRequest } from '#shared/dse/index';
import { validateFeRequest } from '#shared/fe/index';
import { computeCufe, computeCuds } from '#shared/fiscal/index';
import { checkTransmittedXml, RULES, type AuthorityInput } from '#sandbox/authority/rules';
import { readXml, textAt } from '#sandbox/authority/xml-tree';
import { buildDseDocument } from '#sandbox/dse/dse-document';
import { buildFeDocument, type FeReceiverPlace } from '#sandbox/fe/fe-document';
import { loadSeedFile } from '#sandbox/seed';
import type { Company } from '#sandbox/storage/company-store';
import { loadOrCreateCertificate } from '#sandbox/xml/certificate';
import { createUblSigner, type UblSigner } from '#sandbox/xml/signer';
import { buildUbl } from '#sandbox/xml/ubl';
import type { UblInvoice } from '#sandbox/xml/ubl-model';
import { tempDir } from '#test/temp';

const TODAY = '2026-11-20';
const company = loadSeedFile(join(import.meta.dirname, '../../../resources/demo-seed.json')).companies[0] as Company;
const dir = tempDir('authority-rules-');
let signer: UblSigner;
beforeAll(async () => {
  signer = createUblSigner(await loadOrCreateCertificate(dir.path));
}, 60_000);
afterAll(() => dir.remove());

type Json = Record<string, unknown>;
const DSE_AUTHORITY: AuthorityInput = { kind: 'DSE', key: company.software.pin, pin: company.software.pin, today: TODAY };
const FE_AUTHORITY: AuthorityInput = { kind: 'FE', key: company.fe.technical_key, pin: company.software.pin, today: TODAY };

function dseBody(overrides: Json = {}, supplier: Json = {}): Json {
  return {
    fecha_documento: TODAY,
    hora: '10:00:00',
    proveedor: {
      tipo_documento: '13',
      nit: '1098765432',
      nombre: 'Pedro Gómez',
      direccion: 'Vereda El Salitre',
      municipio: 'Chía',
      codigo_municipio: '25175',
      departamento: 'Cundinamarca',
      codigo_departamento: '25',
      ...supplier,
    },
    items: [
      { codigo: '70111703', descripcion: 'Jardinería', cantidad: 2, precio_unitario: 150000, porcentaje_iva: 0 },
      { codigo: '90101501', descripcion: 'Almuerzos', cantidad: 3.333, precio_unitario: 15000, porcentaje_iva: 19 },
    ],
    retenciones: [
      { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', amount: 3000 },
    ],
    ...overrides,
  };
}

function dseModel(body: Json, exchangeRate: string | null = null): UblInvoice {
  const result = validateDseRequest(body, { today: TODAY, nowTime: '10:00:00', costCenters: company.cost_centers });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return buildDseDocument(
    company,
    result.value,
    { id: 1, number: 7, thirdPartyId: 1, stamp: `${TODAY} 10:00:00`, xmlPath: () => 'x.xml' },
    exchangeRate,
  ).model;
}

function feBody(overrides: Json = {}): Json {
  return {
    receptor: {
      tipo_doc: '13',
      numero_doc: '1020304050',
      nombre: 'Carlos Gómez',
      email: 'carlos@example.com',
      direccion: 'Transversal 5 # 70-12',
    },
    items: [
      { desc: 'Camisa', cant: 2, unit: 50000, iva: 19, iva_incluido: false, unit_input: 50000 },
      { desc: 'Almuerzo', cant: 1, unit: 20000, iva: 8, iva_incluido: false, unit_input: 20000 },
      { desc: 'Libro', cant: 1, unit: 30000, iva: 0, iva_incluido: false, unit_input: 30000 },
    ],
    es_contingencia: false,
    fecha_emision: TODAY,
    payment: { form: 'contado', method_id: 1, means_code: '10', due_date: '' },
    aiu: { enabled: false },
    withholdings: [],
    attachment_tokens: [],
    ...overrides,
  };
}

function feModel(body: Json, place: FeReceiverPlace | null = null): UblInvoice {
  const result = validateFeRequest(body, {
    today: TODAY,
    paymentMethods: company.payment_methods,
    withholdingTypes: company.fe.withholding_types,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  let model: UblInvoice | undefined;
  const tercero = {
    id: 1,
    nombre: 'Carlos Gómez',
    tipo_documento: '13',
    numero_documento: '1020304050',
    email: '',
    direccion: '',
  } as Tercero;
  buildFeDocument(company, result.value, tercero, {
    id: 1,
    number: 7,
    date: TODAY,
    time: '10:00:00',
    place,
    xmlPath: (m) => ((model = m), 'x.xml'),
  });
  return model!;
}

/** The model's XML, altered by `tamper` before it is signed. */
function signed(model: UblInvoice, tamper: (xml: string) => string = (x) => x): string {
  return signer(tamper(buildUbl(model)), model.signingTime!);
}

/** An invoice with AIU (tax on A+I+U): operation type 09. */
function aiuBody(): Json {
  return feBody({
    items: [{ desc: 'Obra', cant: 1, unit: 10000000, iva: 0, iva_incluido: false, unit_input: 10000000 }],
    subtotal: undefined,
    impuestos: undefined,
    total: undefined,
    aiu: {
      enabled: true,
      administracion_percent: 10,
      imprevistos_percent: 5,
      utilidad_percent: 5,
      tax_rate: 19,
      iva_base_mode: 'AIU_TOTAL',
    },
  });
}

const codes = (xml: string, authority: AuthorityInput) => checkTransmittedXml(xml, authority).map((v) => v.code);
const swap = (from: string | RegExp, to: string) => (xml: string) => {
  const out = xml.replace(from, to);
  if (out === xml) throw new Error(`nothing to replace: ${String(from)}`);
  return out;
};

describe('documents that meet every rule', () => {
  it('a DSE and an FE from the sandbox builders are accepted', () => {
    expect(checkTransmittedXml(signed(dseModel(dseBody())), DSE_AUTHORITY)).toEqual([]);
    expect(checkTransmittedXml(signed(feModel(feBody())), FE_AUTHORITY)).toEqual([]);
  });
});

// [rule id, document kind, how to break it (returns the transmitted XML), expected code, expected field or undefined]
type Case = [id: string, kind: 'FE' | 'DSE', broken: () => string, code: string, field?: string | null];

const CASES: Case[] = [
  ['xml', 'DSE', () => '<Invoice><cbc:ID>1</Invoice>', 'ZB01'],
  ['xml', 'DSE', () => signed(dseModel(dseBody()), swap('<cbc:Description>Jardinería', '<cbc:Description>&#x110000;')), 'ZB01'],
  ['xml', 'FE', () => '<?xml version="1.0"?><!DOCTYPE x><Invoice></Invoice>', 'ZB01'],
  ['signature', 'DSE', () => buildUbl(dseModel(dseBody())), 'ZE02'],
  [
    'signature',
    'FE',
    () => signed(feModel(feBody())).replace(/<xades:SigPolicyHash>[\s\S]*?<\/xades:SigPolicyHash>/, ''),
    'ZE02',
  ],
  [
    'customization',
    'DSE',
    () => signed(dseModel(dseBody()), swap('<cbc:CustomizationID>10<', '<cbc:CustomizationID>11<')),
    'SBX-OP01',
    'proveedor.pais',
  ],
  [
    'customization',
    'FE',
    () => signed(feModel(feBody()), swap('<cbc:CustomizationID>10<', '<cbc:CustomizationID>09<')),
    'SBX-OP01',
  ],
  ['resolution-prefix', 'DSE', () => signed(dseModel(dseBody()), swap('<sts:Prefix>DSE<', '<sts:Prefix>DSX<')), 'DSAB10b'],
  ['resolution-range', 'DSE', () => signed(dseModel(dseBody()), swap('<sts:From>1<', '<sts:From>100<')), 'DSAD05d'],
  ['resolution-range', 'DSE', () => signed(dseModel(dseBody()), swap('<sts:From>1<', '<sts:From>100<')), 'DSAD05e'],
  ['resolution-range', 'FE', () => signed(feModel(feBody()), swap(/<sts:To>\d+</, '<sts:To>5<')), 'FAD05e'],
  [
    'resolution-start',
    'FE',
    () => signed(feModel(feBody()), swap('<cbc:StartDate>2019-01-19<', '<cbc:StartDate>2026-12-01<')),
    'FAB07a',
  ],
  [
    'resolution-start',
    'DSE',
    () => signed(dseModel(dseBody()), swap('<cbc:StartDate>2019-01-19<', '<cbc:StartDate>2026-12-01<')),
    'DSAB07a',
  ],
  [
    'resolution-end',
    'DSE',
    () => signed(dseModel(dseBody()), swap('<cbc:EndDate>2030-01-19<', '<cbc:EndDate>2026-11-19<')),
    'DSAB08a',
  ],
  [
    'resolution-end',
    'FE',
    () => signed(feModel(feBody()), swap('<cbc:EndDate>2030-01-19<', '<cbc:EndDate>2026-11-19<')),
    'SBX-RES01',
  ],
  ['issue-date', 'FE', () => signed(feModel(feBody())), 'SBX-FEC01', 'fecha_emision'],
  [
    'issue-date',
    'DSE',
    () => signed(dseModel(dseBody()), swap('<cbc:IssueTime>10:00:00-05:00<', '<cbc:IssueTime>10:00:00Z<')),
    'SBX-FEC01',
    'hora',
  ],
  [
    'software',
    'DSE',
    () => signed(dseModel(dseBody()), swap(/(<sts:SoftwareSecurityCode[^>]*>)[0-9a-f]{4}/, '$1ffff')),
    'DSAB27b',
  ],
  [
    'issuer-dv',
    'FE',
    () => signed(feModel(feBody()), swap(/schemeID="8" schemeName="31">900123456</g, 'schemeID="7" schemeName="31">900123456<')),
    'FAJ24',
    null,
  ],
  [
    'counterpart-dv',
    'DSE',
    () =>
      signed(
        dseModel(dseBody({}, { tipo_documento: '31', nit: '800197268' })),
        swap(/schemeID="4" schemeName="31">800197268</g, 'schemeID="5" schemeName="31">800197268<'),
      ),
    'DSAJ24b',
    'proveedor.dv',
  ],
  [
    'divipola',
    'DSE',
    () => signed(dseModel(dseBody({}, { codigo_municipio: '99999' }))),
    'SBX-DIR01',
    'proveedor.codigo_municipio',
  ],
  [
    'divipola',
    'DSE',
    () => signed(dseModel(dseBody({}, { codigo_municipio: '05001', codigo_departamento: '25' }))),
    'SBX-DIR01',
    'proveedor.codigo_departamento',
  ],
  ['divipola', 'DSE', () => signed(dseModel(dseBody({}, { direccion: 'N/A' }))), 'SBX-DIR01', 'proveedor.direccion'],
  [
    'divipola',
    'FE',
    () => signed(feModel(feBody(), { cityCode: '11001', city: 'Bogotá', departmentCode: '25', department: 'Cundinamarca' })),
    'SBX-DIR01',
    'receptor.codigo_departamento',
  ],
  ['currency', 'DSE', () => signed(dseModel(dseBody({ moneda: 'XYZ' }))), 'DSAD15a', 'moneda'],
  ['currency', 'DSE', () => signed(dseModel(dseBody({ moneda: 'USD' }))), 'DSAD15a', 'tasa_cambio'],
  [
    'currency',
    'FE',
    () => signed(feModel(feBody()), swap('<cbc:DocumentCurrencyCode>COP<', '<cbc:DocumentCurrencyCode>XYZ<')),
    'FAD15a',
  ],
  [
    'unit',
    'DSE',
    () =>
      signed(
        dseModel(
          dseBody({ items: [{ codigo: '70111703', cantidad: 1, precio_unitario: 1000, unidad_medida: 'QQQ' }], retenciones: [] }),
        ),
      ),
    'DSAV05',
    'items[0].unidad_medida',
  ],
  ['unit', 'FE', () => signed(feModel(feBody()), swap('unitCode="94">2.00<', 'unitCode="H87">2.00<')), 'FAV05', null],
  [
    'customization',
    'FE',
    () => signed(feModel(aiuBody()), swap('<cbc:CustomizationID>09<', '<cbc:CustomizationID>10<')),
    'SBX-OP01',
    'aiu',
  ],
  [
    'tax-rate',
    'DSE',
    () =>
      signed(
        dseModel(
          dseBody({ items: [{ codigo: '90101501', cantidad: 1, precio_unitario: 1000, porcentaje_iva: 12 }], retenciones: [] }),
        ),
      ),
    'SBX-TAR01',
    'items[0].porcentaje_iva',
  ],
  [
    'tax-rate',
    'FE',
    () =>
      signed(
        feModel(
          feBody({
            items: [
              { desc: 'Almuerzo', cant: 1, unit: 1000, iva: 3, iva_incluido: false, unit_input: 1000, codigo_impuesto: '04' },
            ],
            subtotal: 1000,
            impuestos: 30,
            total: 1030,
          }),
        ),
      ),
    'SBX-TAR01',
    'items[0].iva',
  ],
  [
    'item-code',
    'DSE',
    () => signed(dseModel(dseBody({ items: [{ codigo: '99999999', cantidad: 1, precio_unitario: 1000 }], retenciones: [] }))),
    'SBX-ITM01',
    'items[0].codigo',
  ],
  ['item-code', 'DSE', () => signed(dseModel(dseBody()), swap('schemeAgencyID="10" ', '')), 'SBX-ITM01', 'items[0].codigo'],
  [
    'item-code',
    'FE',
    () => signed(feModel(feBody()), swap(/<cac:StandardItemIdentification>[\s\S]*?<\/cac:StandardItemIdentification>/, '')),
    'SBX-ITM01',
    null,
  ],
  [
    'supplier-not-obliged',
    'DSE',
    () => signed(dseModel(dseBody({}, { dian_tax_scheme_code: '01' }))),
    'SBX-PRV01',
    'proveedor.dian_tax_scheme_code',
  ],
  ['supplier-not-obliged', 'DSE', () => signed(dseModel(dseBody({}, { regimen: 'O-48' }))), 'SBX-PRV01', 'proveedor.regimen'],
  [
    'line-amount',
    'DSE',
    () =>
      signed(
        dseModel(dseBody()),
        swap('<cbc:PriceAmount currencyID="COP">150000.00<', '<cbc:PriceAmount currencyID="COP">160000.00<'),
      ),
    'DSAV07',
    'items[0].cantidad',
  ],
  [
    'line-extension',
    'FE',
    () =>
      signed(
        feModel(feBody()),
        swap(
          '<cbc:LineExtensionAmount currencyID="COP">150000.00</cbc:LineExtensionAmount><cbc:TaxExclusive',
          '<cbc:LineExtensionAmount currencyID="COP">150001.00</cbc:LineExtensionAmount><cbc:TaxExclusive',
        ),
      ),
    'FAU02',
  ],
  [
    'tax-exclusive',
    'DSE',
    () =>
      signed(
        dseModel(dseBody()),
        swap(/<cbc:TaxExclusiveAmount currencyID="COP">[\d.]+</, '<cbc:TaxExclusiveAmount currencyID="COP">349995.00<'),
      ),
    'DSAU04',
  ],
  [
    'tax-product',
    'DSE',
    () => signed(dseModel(dseBody()), swap('<cbc:Percent>19.00</cbc:Percent>', '<cbc:Percent>16.00</cbc:Percent>')),
    'DSAS07',
  ],
  [
    'tax-groups',
    'FE',
    () =>
      signed(
        feModel(feBody()),
        swap(
          /<cac:InvoiceLine><cbc:ID>2<\/cbc:ID>([\s\S]*?)<cac:TaxTotal>[\s\S]*?<\/cac:TaxTotal>/,
          '<cac:InvoiceLine><cbc:ID>2</cbc:ID>$1',
        ),
      ),
    'FAS01b',
  ],
  [
    'tax-inclusive',
    'FE',
    () =>
      signed(
        feModel(feBody()),
        swap(/<cbc:TaxInclusiveAmount currencyID="COP">[\d.]+</, '<cbc:TaxInclusiveAmount currencyID="COP">1.00<'),
      ),
    'FAU06',
  ],
  [
    'payable',
    'DSE',
    () =>
      signed(
        dseModel(dseBody()),
        swap(/<cbc:PayableAmount currencyID="COP">[\d.]+</, '<cbc:PayableAmount currencyID="COP">1.00<'),
      ),
    'DSAU14',
  ],
  ['uuid', 'DSE', () => signed(dseModel(dseBody()), swap(/(<cbc:UUID[^>]*>)[0-9a-f]{4}/, '$1aaaa')), 'DSAD06'],
  ['uuid', 'FE', () => signed(feModel(feBody()), swap(/(<cbc:UUID[^>]*>)[0-9a-f]{4}/, '$1aaaa')), 'FAD06'],
];

describe('documents that break a rule are rejected with its DIAN code', () => {
  it.each(CASES)('%s (%s): %#', (_id, kind, broken, code, field) => {
    const authority =
      kind === 'FE' ? { ...FE_AUTHORITY, ...(code === 'SBX-FEC01' ? { today: '2026-11-21' } : {}) } : DSE_AUTHORITY;
    const violations = checkTransmittedXml(broken(), authority);
    const found = violations.find((v) => v.code === code);
    expect(found, JSON.stringify(violations)).toBeDefined();
    if (field !== undefined) expect(found!.field).toBe(field);
    expect(found!.message).toMatch(/\S/);
  });

  it('every rule of the table has a breaking case here', () => {
    const tested = new Set(CASES.map(([id]) => id));
    expect(RULES.map((r) => r.id).filter((id) => !tested.has(id))).toEqual([]);
  });

  it('a contingency FE may carry an earlier date; a DSE may be dated earlier (weekly) but never later', () => {
    const fe = signed(feModel(feBody()));
    expect(codes(fe, { ...FE_AUTHORITY, today: '2026-11-21', contingency: true })).toEqual([]);
    expect(codes(signed(dseModel(dseBody())), { ...DSE_AUTHORITY, today: '2026-11-25' })).toEqual([]);
    expect(codes(signed(dseModel(dseBody())), { ...DSE_AUTHORITY, today: '2026-11-19' })).toContain('SBX-FEC01');
  });
});

describe("the XML defects once found in the sandbox's documents, fixed", () => {
  it('withholding percents and quantities keep every decimal (0.966, 3.333), so base x percent = amount', () => {
    const xml = signed(
      dseModel(
        dseBody({
          retenciones: [
            { retention_key: 'reteica', dian_tax_code: '07', tax_name: 'ReteICA', base_mode: 'subtotal', percent: 0.966 },
          ],
        }),
      ),
    );
    expect(xml).toContain('<cbc:Percent>0.966</cbc:Percent>');
    expect(xml).toContain('<cbc:InvoicedQuantity unitCode="EA">3.333</cbc:InvoicedQuantity>');
    expect(codes(xml, DSE_AUTHORITY)).toEqual([]);
  });

  it('DSE lines carry InvoicePeriod with the generation mode: 1 per operation, 2 weekly accumulated', () => {
    expect(signed(dseModel(dseBody()))).toContain(
      '<cac:InvoicePeriod><cbc:StartDate>2026-11-20</cbc:StartDate><cbc:EndDate>2026-11-20</cbc:EndDate><cbc:DescriptionCode>1</cbc:DescriptionCode><cbc:Description>Por operación</cbc:Description></cac:InvoicePeriod>',
    );
    const weekly = signed(
      dseModel(dseBody({ forma_generacion: '2', fecha_inicio_periodo: '2026-11-14', fecha_fin_periodo: '2026-11-20' })),
    );
    expect(weekly).toContain(
      '<cac:InvoicePeriod><cbc:StartDate>2026-11-14</cbc:StartDate><cbc:EndDate>2026-11-20</cbc:EndDate><cbc:DescriptionCode>2</cbc:DescriptionCode><cbc:Description>Acumulado semanal</cbc:Description></cac:InvoicePeriod>',
    );
  });

  it('CustomizationID is 11 for a supplier abroad and 10 at home', () => {
    const abroad = signed(
      dseModel(
        dseBody(
          {},
          { tipo_documento: '42', nit: 'P123456', pais: 'US', codigo_municipio: '', codigo_departamento: '', municipio: 'Miami' },
        ),
      ),
    );
    expect(abroad).toContain('<cbc:CustomizationID>11</cbc:CustomizationID>');
    expect(codes(abroad, DSE_AUTHORITY)).toEqual([]);
    expect(signed(dseModel(dseBody()))).toContain('<cbc:CustomizationID>10</cbc:CustomizationID>');
  });

  it('a USD DSE carries PaymentExchangeRate from tasa_cambio and is accepted; XYZ is not a currency', () => {
    const usd = signed(dseModel(dseBody({ moneda: 'USD' }), '4012.5'));
    expect(usd).toContain(
      '<cac:PaymentExchangeRate><cbc:SourceCurrencyCode>USD</cbc:SourceCurrencyCode><cbc:TargetCurrencyCode>COP</cbc:TargetCurrencyCode><cbc:CalculationRate>4012.5</cbc:CalculationRate>',
    );
    expect(codes(usd, DSE_AUTHORITY)).toEqual([]);
  });

  it('a municipality without its department gets the department from DIVIPOLA (the server fills defaults)', () => {
    const xml = signed(dseModel(dseBody({}, { codigo_departamento: '', departamento: '' })));
    const supplier = xml.split('<cac:AccountingSupplierParty>')[1]!.split('</cac:AccountingSupplierParty>')[0]!;
    expect(supplier).toContain(
      '<cbc:ID>25175</cbc:ID><cbc:CityName>Chía</cbc:CityName><cbc:CountrySubentity>Cundinamarca</cbc:CountrySubentity><cbc:CountrySubentityCode>25</cbc:CountrySubentityCode>',
    );
    expect(codes(xml, DSE_AUTHORITY)).toEqual([]);
  });

  it('an FE customer address carries its municipality code when the request gives it', () => {
    const xml = signed(feModel(feBody(), { cityCode: '05001', city: 'Medellín', departmentCode: '05', department: 'Antioquia' }));
    const customer = xml.split('<cac:AccountingCustomerParty>')[1]!.split('</cac:AccountingCustomerParty>')[0]!;
    expect(customer).toContain(
      '<cac:Address><cbc:ID>05001</cbc:ID><cbc:CityName>Medellín</cbc:CityName><cbc:CountrySubentity>Antioquia</cbc:CountrySubentity><cbc:CountrySubentityCode>05</cbc:CountrySubentityCode>',
    );
    expect(codes(xml, FE_AUTHORITY)).toEqual([]);
  });

  it('AIU: the lines sum to LineExtensionAmount and the AIU IVA is carried by a line (tax on A+I+U, and on U alone)', () => {
    for (const mode of ['AIU_TOTAL', 'UTILIDAD']) {
      const body = feBody({
        items: [{ desc: 'Obra', cant: 1, unit: 10_000_000, iva: 0, iva_incluido: false, unit_input: 10_000_000 }],
        aiu: {
          enabled: true,
          administracion_percent: 10,
          imprevistos_percent: 5,
          utilidad_percent: 5,
          tax_rate: 19,
          iva_base_mode: mode,
        },
      });
      const xml = signed(feModel(body));
      const root = readXml(xml);
      expect(textAt(root, 'cac:LegalMonetaryTotal', 'cbc:LineExtensionAmount')).toBe('12000000.00');
      expect(codes(xml, FE_AUTHORITY)).toEqual([]);
    }
  });
});

describe('CUFE and CUDS', () => {
  // positive documents (an FE must total more than zero): prices from 1.00, FE quantities from 1
  const amount = fc.integer({ min: 100, max: 50_000_000 }).map((c) => c / 100);
  const dseLine = fc.record({
    codigo: fc.constant('70111703'),
    cantidad: fc.integer({ min: 1, max: 99_999 }).map((q) => q / 1000),
    precio_unitario: amount,
    porcentaje_iva: fc.constantFrom(0, 5, 19),
    unidad_medida: fc.constantFrom('EA', 'KGM', 'HUR', '94'),
  });
  const feLine = fc
    .record({
      desc: fc.constant('Producto'),
      cant: fc.integer({ min: 100, max: 9_999 }).map((q) => q / 100),
      unit: amount,
      iva: fc.constantFrom(0, 5, 8, 19),
      iva_incluido: fc.boolean(),
    })
    .map((l) => ({ ...l, unit_input: l.unit }));

  it('over generated documents, the CUFE/CUDS recomputed from the XML equals cbc:UUID and nothing is rejected', () => {
    fc.assert(
      fc.property(
        fc.array(dseLine, { minLength: 1, maxLength: 6 }),
        fc.array(feLine, { minLength: 1, maxLength: 6 }),
        (dseLines, feLines) => {
          const dse = signed(dseModel(dseBody({ items: dseLines, retenciones: [] })));
          const fe = signed(feModel(feBody({ items: feLines })));
          for (const [xml, authority] of [
            [dse, DSE_AUTHORITY],
            [fe, FE_AUTHORITY],
          ] as const) {
            const root = readXml(xml);
            const totals = (name: string) => textAt(root, 'cac:LegalMonetaryTotal', name);
            const tax = (code: string) => {
              const m = new RegExp(
                `<cac:TaxTotal><cbc:TaxAmount currencyID="COP">([\\d.]+)</cbc:TaxAmount><cac:TaxSubtotal>(?:(?!</cac:TaxTotal>)[\\s\\S])*?<cbc:ID>${code}</cbc:ID>`,
              ).exec(xml.split('<cac:LegalMonetaryTotal>')[0]!.split('</ext:UBLExtensions>')[1]!);
              return m?.[1] ?? '0.00';
            };
            const id = textAt(root, 'cbc:ID');
            const party = (wrapper: string) => textAt(root, wrapper, 'cac:Party', 'cac:PartyTaxScheme', 'cbc:CompanyID');
            const ambiente = textAt(root, 'cbc:ProfileExecutionID') as '1' | '2';
            const expected =
              authority.kind === 'FE'
                ? computeCufe({
                    numFac: id,
                    fecFac: textAt(root, 'cbc:IssueDate'),
                    horFac: textAt(root, 'cbc:IssueTime'),
                    valFac: totals('cbc:LineExtensionAmount'),
                    valImpIva: tax('01'),
                    valImpInc: tax('04'),
                    valImpIca: tax('03'),
                    valTot: totals('cbc:PayableAmount'),
                    nitOfe: party('cac:AccountingSupplierParty'),
                    numAdq: party('cac:AccountingCustomerParty'),
                    claveTecnica: company.fe.technical_key,
                    tipoAmbiente: ambiente,
                  })
                : computeCuds({
                    numDs: id,
                    fecDs: textAt(root, 'cbc:IssueDate'),
                    horDs: textAt(root, 'cbc:IssueTime'),
                    valDs: totals('cbc:LineExtensionAmount'),
                    valImp: tax('01'),
                    valTol: totals('cbc:PayableAmount'),
                    numSno: party('cac:AccountingSupplierParty'),
                    nitAbs: party('cac:AccountingCustomerParty'),
                    softwarePin: company.software.pin,
                    tipoAmbiente: ambiente,
                  });
            expect(textAt(root, 'cbc:UUID')).toBe(expected);
            expect(checkTransmittedXml(xml, authority)).toEqual([]);
          }
        },
      ),
      { numRuns: Number(process.env.RULES_RUNS ?? 60) },
    );
  }, 300_000);
});
