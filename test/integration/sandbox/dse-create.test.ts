// Conformance, "7. Create, sign and send DSE" and "8. Get DSE by id": the created document, server
// totals and numbering, CUDS, Idempotency-Key rules, replays, concurrency, quota.
import { describe, expect, it } from 'vitest';
import { computeCuds } from '#shared/fiscal/index';
import { dseBody, newKey } from '#test/requests/conformance';
import { useSandbox } from '#test/sandbox/fixture';
import { CONFORMANCE_TOKENS as TOKENS } from '#test/seed';

const sandbox = useSandbox();
type Doc = Record<string, unknown> & { id: number; consecutivo: number; estado_dian: string; cuds: string };
type Envelope = {
  ok: boolean;
  pending?: boolean;
  idempotent?: boolean;
  documento: Doc;
  dian?: Record<string, unknown>;
  error?: string;
};

const create = (body: unknown, key = newKey('dse'), token?: string) =>
  sandbox.api.post<Envelope>('/dse/documentos', body, { idempotencyKey: key, ...(token ? { token } : {}) });

describe('7. create DSE (201) and 8. get it (200)', () => {
  it("creates, numbers, signs and transmits; totals are the server's", async () => {
    const answer = await create({
      ...dseBody(),
      subtotal: 1,
      impuestos: 1,
      total: 1,
      retenciones: [{ type: 'reterenta', percent: 2.5 }],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ ok: true, pending: false, idempotent: false, dian: { is_valid: true } });
    expect(answer.body.documento).toMatchObject({
      company_id: 101,
      prefijo: 'DSE',
      document_date: '2026-11-20',
      moneda: 'COP',
      estado_dian: 'aceptado',
      subtotal: '450000.00',
      impuestos: '28500.00',
      total: '478500.00',
      total_retenciones: '11250.00',
      neto_pagar: '467250.00',
      cost_center_id: 1,
      accounting_status: 'posted',
    });
    const next = await create(dseBody());
    expect(next.body.documento.consecutivo).toBe(answer.body.documento.consecutivo + 1);
  });

  it('computes the CUDS as DIAN defines it (supplier as NumSNO, company as NitABS, software PIN)', async () => {
    const answer = await create({ ...dseBody(), hora: '09:15:00' });
    const d = answer.body.documento;
    expect(d.cuds).toBe(
      computeCuds({
        numDs: `DSE${d.consecutivo}`,
        fecDs: '2026-11-20',
        horDs: '09:15:00-05:00',
        valDs: '450000',
        valImp: '28500',
        valTol: '478500',
        numSno: '1098765432',
        nitAbs: '900123456',
        softwarePin: '12345',
        tipoAmbiente: '1',
      }),
    );
  });

  it('returns the full document with pending on GET, 404 outside the company, 400 for a bad id', async () => {
    const created = await create(dseBody());
    const got = await sandbox.api.get<{ ok: boolean; pending: boolean; documento: Doc }>(
      `/dse/documentos/${created.body.documento.id}`,
    );
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      ok: true,
      pending: false,
      documento: { id: created.body.documento.id, es_habilitacion: 0, last_status_error: null },
    });
    expect(got.body.documento.xml_path).toMatch(/^xml\/dse\/101\/DSE\d+\.xml$/);
    expect(got.body.documento.created_at).toBe('2026-11-20 10:00:00');
    expect(
      (await sandbox.api.get(`/companies/202/dse/documentos/${created.body.documento.id}`, { token: TOKENS.other })).status,
    ).toBe(404);
    expect((await sandbox.api.get('/dse/documentos/999999')).status).toBe(404);
    expect((await sandbox.api.get('/dse/documentos/1.5')).status).toBe(400);
  });

  it('accepts aliases and fills the supplier defaults', async () => {
    const body = dseBody();
    const { nit, ...proveedor } = body.proveedor as Record<string, unknown>;
    const { retenciones: _r, ...rest } = body;
    const answer = await create({
      ...rest,
      proveedor: { ...proveedor, numero_documento: nit },
      withholdings: [{ nombre: 'ReteICA', codigo_dian: '07', modo_base: 'base', porcentaje: 1 }],
      items: [{ ...body.items[0], unidad_medida: 'NIU', cost_center_id: undefined, centro_costo_codigo: 'VEN' }],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.documento).toMatchObject({ total_retenciones: '3000.00', cost_center_id: 2, proveedor: { nit } });
  });
});

describe('7. Idempotency-Key rules', () => {
  it('400 without the header, and over 120 characters; 120 is accepted', async () => {
    const none = await sandbox.api.post('/dse/documentos', dseBody());
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('Idempotency-Key');
    expect((await create(dseBody(), 'k'.repeat(121))).status).toBe(400);
    expect((await create(dseBody(), `${newKey('max')}-`.padEnd(120, 'k'))).status).toBe(201);
  });

  it('accepts request_key and draft_key in the body as aliases; a different header is 400', async () => {
    const viaRequestKey = await sandbox.api.post<Envelope>('/dse/documentos', { ...dseBody(), request_key: newKey('rk') });
    expect(viaRequestKey.status).toBe(201);
    const key = newKey('dk');
    const viaDraftKey = await sandbox.api.post<Envelope>('/dse/documentos', { ...dseBody(), draft_key: key });
    const replay = await sandbox.api.post<Envelope>('/dse/documentos', { ...dseBody(), draft_key: key });
    expect(replay.status).toBe(200);
    expect(replay.body.documento.id).toBe(viaDraftKey.body.documento.id);
    const mismatch = await sandbox.api.post('/dse/documentos', { ...dseBody(), request_key: 'a' }, { idempotencyKey: 'b' });
    expect(mismatch.status).toBe(400);
  });

  it('replays 200 with the same document; key order and whitespace do not change the payload', async () => {
    const key = newKey('replay');
    const body = dseBody();
    const first = await create(body, key);
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 3);
    const again = await sandbox.api.call<Envelope>('POST', '/dse/documentos', { raw: reordered, idempotencyKey: key });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      ok: true,
      idempotent: true,
      pending: false,
      documento: { id: first.body.documento.id, estado_dian: 'aceptado' },
    });
  });

  it('409 when the key comes back with another payload', async () => {
    const key = newKey('conflict');
    await create(dseBody(), key);
    const conflict = await create({ ...dseBody(), medio_pago_codigo: '42' }, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('evaluates the key together with the company and the API client', async () => {
    const key = newKey('scoped');
    const first = await create(dseBody(), key);
    const secondClient = await create(dseBody(), key, TOKENS.secondClient);
    expect(secondClient.status).toBe(201);
    expect(secondClient.body.documento.id).not.toBe(first.body.documento.id);
    const otherCompany = await sandbox.api.post<Envelope>(
      '/companies/202/dse/documentos',
      { ...dseBody(), items: [{ ...dseBody().items[0], cost_center_id: 1 }] },
      { idempotencyKey: key, token: TOKENS.other },
    );
    expect(otherCompany.status).toBe(201);
    expect(otherCompany.body.documento.prefijo).toBe('DS');
  });

  it('parallel requests with one key create one document', async () => {
    const key = newKey('parallel');
    const body = dseBody();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(body, key)));
    const ids = new Set(answers.map((a) => a.body.documento?.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => [200, 201, 202].includes(a.status))).toBe(true);
  });
});

describe('yearly quota (DSE)', () => {
  it('allows the last document of the plan, then answers 400 quota_exhausted', async () => {
    const body = { ...dseBody(), items: [{ ...dseBody().items[0], cost_center_id: 1 }] };
    const last = await sandbox.api.post('/companies/303/dse/documentos', body, {
      token: TOKENS.edge,
      idempotencyKey: newKey('q2'),
    });
    expect(last.status).toBe(201);
    const over = await sandbox.api.post('/companies/303/dse/documentos', body, {
      token: TOKENS.edge,
      idempotencyKey: newKey('q3'),
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ ok: false, code: 'quota_exhausted' });
  });
});
