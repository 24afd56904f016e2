// Conformance, "6. Create FE": tax classification, totals, numbering, CUFE, draft_key idempotency,
// contingency, AIU, currency, withholdings, limits, validation answers and the yearly quota.
import { describe, expect, it } from 'vitest';
import { formatContingencyReference } from '#shared/fe/index';
import { computeCufe } from '#shared/fiscal/index';
import { feBody, newKey } from '#test/requests/conformance';
import { useSandbox } from '#test/sandbox/fixture';
import { CONFORMANCE_TOKENS as TOKENS } from '#test/seed';

const sandbox = useSandbox();
type Created = {
  ok: boolean;
  factura_id: number;
  cufe: string;
  estado: string;
  enviado: boolean;
  idempotent: boolean;
  numero: string;
  consecutivo: number;
};
type Doc = Record<string, unknown> & {
  items: Record<string, string>[];
  fecha_emision: string;
  tercero: { id: number; numero_documento: string };
};

async function detail(id: number): Promise<Doc> {
  return (await sandbox.api.get<{ doc: Doc }>(`/fe/docs/${id}`)).body.doc;
}

describe('6. create FE', () => {
  it('creates, numbers, signs and accepts an invoice (201)', async () => {
    const first = await sandbox.api.post<Created>('/fe/facturas', feBody({ draft_key: newKey('fe') }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ok: true, estado: 'aceptado', enviado: true, idempotent: false });
    expect(first.body.cufe).toMatch(/^[0-9a-f]{96}$/);
    const second = await sandbox.api.post<Created>('/fe/facturas', feBody({ draft_key: newKey('fe') }));
    expect(second.body.consecutivo).toBe(first.body.consecutivo + 1);
    expect(second.body.numero).toBe(`SETT${second.body.consecutivo}`);
  });

  it('classifies taxes: 8 -> INC 04, other positive -> IVA 01, 0 -> none, explicit code wins', async () => {
    const body = feBody({
      draft_key: newKey('fe-tax'),
      items: [
        { desc: 'Gravado 19', cant: 1, unit: 1000, iva: 19, iva_incluido: false, unit_input: 1000 },
        { desc: 'Consumo 8', cant: 1, unit: 1000, iva: 8, iva_incluido: false, unit_input: 1000 },
        { desc: 'Excluido', cant: 1, unit: 1000, iva: 0, iva_incluido: false, unit_input: 1000 },
        // IVA at 8 % would be refused by the tax authority (not a DIAN tariff): INC at 16 % shows the explicit code winning.
        {
          desc: 'INC al 16 explícito',
          cant: 1,
          unit: 1000,
          iva: 16,
          iva_incluido: false,
          unit_input: 1000,
          codigo_impuesto: '04',
        },
        { desc: 'IVA 5', cant: 1, unit: 1000, iva: 5, iva_incluido: false, unit_input: 1000 },
      ],
      subtotal: 5000,
      impuestos: 480,
      total: 5480,
    });
    const created = await sandbox.api.post<Created>('/fe/facturas', body);
    expect(created.status).toBe(201);
    const doc = await detail(created.body.factura_id);
    expect(doc.items.map((i) => [i.tipo_impuesto, i.codigo_impuesto, i.impuesto])).toEqual([
      ['IVA', '01', '190.00'],
      ['INC', '04', '80.00'],
      ['No aplica', 'ZZ', '0.00'],
      ['INC', '04', '160.00'],
      ['IVA', '01', '50.00'],
    ]);
    expect(doc).toMatchObject({
      subtotal: '5000.00',
      impuestos: '480.00',
      total: '5480.00',
      moneda: 'COP',
      tipo_dian: '01',
      es_habilitacion: false,
    });
  });

  it('computes the CUFE as DIAN defines it, from the stored document', async () => {
    const created = await sandbox.api.post<Created>('/fe/facturas', feBody({ draft_key: newKey('fe-cufe') }));
    const doc = await detail(created.body.factura_id);
    const [date, time] = doc.fecha_emision.split('T') as [string, string];
    expect(created.body.cufe).toBe(
      computeCufe({
        numFac: `SETT${doc.consecutivo as number}`,
        fecFac: date,
        horFac: `${time}-05:00`,
        valFac: '120000',
        valImpIva: '19000',
        valImpInc: '1600',
        valImpIca: '0',
        valTot: '140600',
        nitOfe: '900123456',
        numAdq: '1020304050',
        claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
        tipoAmbiente: '1',
      }),
    );
    expect(doc.fecha_emision).toBe('2026-11-20T10:00:00');
  });

  it('creates the receiver as a third party of the company', async () => {
    const created = await sandbox.api.post<Created>('/fe/facturas', feBody({ draft_key: newKey('fe-new-party') }, '71234567'));
    const doc = await detail(created.body.factura_id);
    expect(doc.tercero.numero_documento).toBe('71234567');
    const terceros = await sandbox.api.get<{ terceros: { id: number }[] }>('/fe/terceros');
    expect(terceros.body.terceros.map((t) => t.id)).toContain(doc.tercero.id);
  });

  it('keeps the typed price with iva_incluido', async () => {
    const created = await sandbox.api.post<Created>(
      '/fe/facturas',
      feBody({
        draft_key: newKey('fe-incl'),
        items: [{ desc: 'Precio con IVA', cant: 1, unit: 8403.36, iva: 19, iva_incluido: true, unit_input: 10000 }],
        subtotal: 8403.36,
        impuestos: 1596.64,
        total: 10000,
      }),
    );
    expect(created.status).toBe(201);
    expect(await detail(created.body.factura_id)).toMatchObject({ subtotal: '8403.36', impuestos: '1596.64', total: '10000.00' });
  });

  it('adds AIU, keeps a USD invoice, and accepts an earlier date in contingency', async () => {
    const aiu = await sandbox.api.post<Created>(
      '/fe/facturas',
      feBody({
        draft_key: newKey('fe-aiu'),
        items: [{ desc: 'Obra civil', cant: 1, unit: 10000000, iva: 0, iva_incluido: false, unit_input: 10000000 }],
        aiu: {
          enabled: true,
          contract_base: 10000000,
          administracion_percent: 10,
          imprevistos_percent: 5,
          utilidad_percent: 5,
          tax_rate: 19,
          iva_base_mode: 'UTILIDAD',
        },
        subtotal: 12000000,
        impuestos: 95000,
        total: 12095000,
      }),
    );
    expect(aiu.status).toBe(201);
    expect(await detail(aiu.body.factura_id)).toMatchObject({
      subtotal: '12000000.00',
      impuestos: '95000.00',
      total: '12095000.00',
    });
    const usd = await sandbox.api.post<Created>(
      '/fe/facturas',
      feBody({
        draft_key: newKey('fe-usd'),
        currency: { commercial_currency: 'USD', applied_rate: 4100.5, official_trm: 4098.25, rate_date: '2026-11-20' },
      }),
    );
    expect(usd.status).toBe(201);
    expect((await detail(usd.body.factura_id)).moneda).toBe('USD');
    // A contingency sale keeps its earlier date when it refers to its ticket (contingency.test.ts);
    // without the reference the authority rejects it (SBX-CTG01).
    const reference = formatContingencyReference({
      type: '3',
      number: 1,
      date: '2026-11-18',
      time: '16:00:00',
      numbering: { resolution: '18764000001', prefix: 'CT', from: 1, to: 100, validFrom: '2026-01-01', validTo: '2026-12-31' },
    });
    const late = await sandbox.api.post<Created>(
      '/fe/facturas',
      feBody({ draft_key: newKey('fe-cont'), fecha_emision: '2026-11-18', es_contingencia: true, observaciones: reference }),
    );
    expect(late.status).toBe(201);
    const bare = await sandbox.api.post<Created>(
      '/fe/facturas',
      feBody({ draft_key: newKey('fe-cont'), fecha_emision: '2026-11-18', es_contingencia: true }),
    );
    expect(bare.status).toBe(422);
  });

  it('computes configured withholdings without changing the total', async () => {
    const created = await sandbox.api.post<Created>(
      '/fe/facturas',
      feBody({
        draft_key: newKey('fe-ret'),
        withholdings: [{ type: 'reterenta', base_mode: 'subtotal', percent: 2.5 }],
      }),
    );
    expect(created.status).toBe(201);
    expect(await detail(created.body.factura_id)).toMatchObject({
      total: '140600.00',
      total_retenciones: '3000.00',
      neto_pagar: '137600.00',
    });
  });
});

describe('6. create FE: draft_key idempotency', () => {
  it('answers the same invoice for the same draft_key (200), whatever the key order', async () => {
    const key = newKey('fe-replay');
    const body = feBody({ draft_key: key });
    const first = await sandbox.api.post<Created>('/fe/facturas', body);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await sandbox.api.call<Created>('POST', '/fe/facturas', { raw: JSON.stringify(reordered, null, 4) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ok: true, idempotent: true, factura_id: first.body.factura_id, cufe: first.body.cufe });
  });

  it('409 when the draft_key comes back with another payload', async () => {
    const key = newKey('fe-conflict');
    await sandbox.api.post('/fe/facturas', feBody({ draft_key: key }));
    const conflict = await sandbox.api.post('/fe/facturas', feBody({ draft_key: key, observaciones: 'otra venta' }));
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ ok: false, error: expect.stringContaining('draft_key') });
  });

  it('scopes draft_key to the company, across API clients', async () => {
    const key = newKey('fe-scope');
    const first = await sandbox.api.post<Created>('/fe/facturas', feBody({ draft_key: key }));
    const otherClient = await sandbox.api.post<Created>('/fe/facturas', feBody({ draft_key: key }), {
      token: TOKENS.secondClient,
    });
    expect(otherClient.body.factura_id).toBe(first.body.factura_id);
    const otherCompany = await sandbox.api.post<Created>(
      '/companies/202/fe/facturas',
      feBody({ draft_key: key, payment: { form: 'contado', method_id: 11, means_code: '10', due_date: '' } }),
      { token: TOKENS.other },
    );
    expect(otherCompany.status).toBe(201);
    expect(otherCompany.body.factura_id).not.toBe(first.body.factura_id);
  });

  it('creates one invoice per request without draft_key', async () => {
    const a = await sandbox.api.post<Created>('/fe/facturas', feBody());
    const b = await sandbox.api.post<Created>('/fe/facturas', feBody());
    expect(a.status).toBe(201);
    expect(b.body.factura_id).not.toBe(a.body.factura_id);
  });

  it('creates one invoice for parallel requests with one draft_key', async () => {
    const body = feBody({ draft_key: newKey('fe-parallel') });
    const answers = await Promise.all(Array.from({ length: 6 }, () => sandbox.api.post<Created>('/fe/facturas', body)));
    expect(new Set(answers.map((a) => a.body.factura_id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
  });
});

describe('6. create FE: validation and limits (400 naming the field)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a past date without contingency', { fecha_emision: '2026-11-19' }, 'fecha_emision'],
    ['19% totals for 8% lines', { impuestos: 22800, total: 142800 }, 'impuestos'],
    [
      'a payment method of another company',
      { payment: { form: 'contado', method_id: 11, means_code: '10', due_date: '' } },
      'payment.method_id',
    ],
    [
      'an invented withholding',
      { withholdings: [{ type: 'retecree', base_mode: 'subtotal', percent: 1 }] },
      'withholdings[0].type',
    ],
    ['an attachment token', { attachment_tokens: ['tok-1'] }, 'attachment_tokens'],
    ['observaciones over 4000 characters', { observaciones: 'x'.repeat(4001) }, 'observaciones'],
    ['a draft_key over 80 characters', { draft_key: 'k'.repeat(81) }, 'draft_key'],
    ['no items', { items: [] }, 'items'],
    ['no receptor', { receptor: null }, 'receptor'],
  ])('refuses %s', async (_what, overrides, field) => {
    const answer = await sandbox.api.post('/fe/facturas', feBody(overrides));
    expect(answer.status).toBe(400);
    expect((answer.body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
    expect(answer.body.error).toContain(field);
  });

  it('accepts the limits exactly: 4000-character observaciones and an 80-character draft_key', async () => {
    const answer = await sandbox.api.post(
      '/fe/facturas',
      feBody({ observaciones: 'x'.repeat(4000), draft_key: `${newKey('l')}-`.padEnd(80, 'k') }),
    );
    expect(answer.status).toBe(201);
  });
});

describe('yearly quota (FE)', () => {
  it('allows the last document of the plan, then answers 400 quota_exhausted', async () => {
    const body = feBody({ payment: { form: 'contado', method_id: 11, means_code: '10', due_date: '' } });
    const last = await sandbox.api.post('/companies/303/fe/facturas', body, { token: TOKENS.edge });
    expect(last.status).toBe(201);
    const over = await sandbox.api.post('/companies/303/fe/facturas', body, { token: TOKENS.edge });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ ok: false, code: 'quota_exhausted' });
  });
});
