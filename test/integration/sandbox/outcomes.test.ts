// Conformance, the simulated tax authority's reproducible outcomes (docs/SANDBOX.md, "Magic outcomes") and the
// DSE state machine of "DSE moves shown by the processing flow": 201, 422, 502 -> settle, lost
// answer, first-attempt 500, and a slow transmission met by a concurrent repeat (202).
import { describe, expect, it } from 'vitest';
import { dseBody, feBody, newKey } from '#test/requests/conformance';
import { useSandbox } from '#test/sandbox/fixture';
import { waitUntil } from '#test/wait';

/** How long the simulated authority takes to settle a document (and to answer a slow transmission). */
const SETTLE = 600;
const sandbox = useSandbox({ settleMs: SETTLE });
type Doc = { id: number; estado_dian: string; last_status_error?: string | null; accounting_status?: string };
type Envelope = {
  ok: boolean;
  pending?: boolean;
  idempotent?: boolean;
  documento: Doc;
  dian?: { is_valid: boolean };
  error?: string;
  request_status?: string;
  message?: string;
};
type Fe = { ok: boolean; factura_id: number; estado: string; pending?: boolean; idempotent?: boolean; error?: string };

const dse = (nit: string, key: string) =>
  sandbox.api.post<Envelope>('/dse/documentos', dseBody({}, nit), { idempotencyKey: key });
const getDse = (id: number) => sandbox.api.get<{ pending: boolean; documento: Doc }>(`/dse/documentos/${id}`);
const fe = (numero: string, key: string) => sandbox.api.post<Fe>('/fe/facturas', feBody({ draft_key: key }, numero));
const getFe = (id: number) => sandbox.api.get<{ doc: Doc }>(`/fe/docs/${id}`);
/** The DSE once the authority has settled it. */
const settledDse = (id: number) =>
  waitUntil(
    () => getDse(id),
    (reply) => reply.body.pending === false,
    { what: `DSE ${id} settled` },
  );
/** The FE once it has left en_proceso. */
const settledFe = (id: number) =>
  waitUntil(
    () => getFe(id),
    (reply) => reply.body.doc.estado_dian !== 'en_proceso',
    { what: `FE ${id} settled` },
  );

/** The raw exchange, for the outcome that answers nothing. */
async function rawPost(path: string, body: unknown, headers: Record<string, string> = {}): Promise<'no answer' | number> {
  try {
    const res = await fetch(`${sandbox.baseUrl}/companies/101${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { Authorization: 'Bearer sbx_101_full', 'Content-Type': 'application/json', ...headers },
    });
    return res.status;
  } catch {
    return 'no answer';
  }
}

describe('DSE magic outcomes', () => {
  it('anything else: accepted (201)', async () => {
    const answer = await dse('1098765432', newKey());
    expect(answer.status).toBe(201);
    expect(answer.body.documento.estado_dian).toBe('aceptado');
  });

  it('222222222: rejected (422), and a replay is 422 again', async () => {
    const key = newKey('222');
    const answer = await dse('222222222', key);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      ok: false,
      pending: false,
      idempotent: false,
      documento: { estado_dian: 'rechazado' },
      dian: { is_valid: false },
    });
    const replay = await dse('222222222', key);
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({
      idempotent: true,
      documento: { id: answer.body.documento.id, estado_dian: 'rechazado' },
    });
    expect((await getDse(answer.body.documento.id)).body).toMatchObject({
      pending: false,
      documento: { accounting_status: 'not_posted' },
    });
  });

  it('333333333: 502 pending en_proceso_http, 202 on replay, then aceptado after settle-ms (200 on replay)', async () => {
    const key = newKey('333');
    const answer = await dse('333333333', key);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      ok: false,
      pending: true,
      idempotent: false,
      documento: { estado_dian: 'en_proceso_http' },
    });
    const id = answer.body.documento.id;
    expect((await getDse(id)).body).toMatchObject({ pending: true, documento: { estado_dian: 'en_proceso_http' } });
    const early = await dse('333333333', key);
    expect(early.status).toBe(202);
    expect(early.body).toMatchObject({
      ok: true,
      idempotent: true,
      pending: true,
      request_status: 'creating',
      message: expect.any(String),
    });
    expect((await settledDse(id)).body).toMatchObject({
      pending: false,
      documento: { estado_dian: 'aceptado', accounting_status: 'posted' },
    });
    const late = await dse('333333333', key);
    expect(late.status).toBe(200);
    expect(late.body.documento).toMatchObject({ id, estado_dian: 'aceptado' });
  });

  it('444444444: 502 pending, then rechazado after settle-ms (422 on replay)', async () => {
    const key = newKey('444');
    const answer = await dse('444444444', key);
    expect(answer.status).toBe(502);
    expect((await settledDse(answer.body.documento.id)).body).toMatchObject({
      pending: false,
      documento: { estado_dian: 'rechazado', last_status_error: expect.any(String) },
    });
    expect((await dse('444444444', key)).status).toBe(422);
  });

  it('555555555: the document is recorded and accepted but the connection drops without an answer', async () => {
    const key = newKey('555');
    expect(await rawPost('/dse/documentos', dseBody({}, '555555555'), { 'Idempotency-Key': key })).toBe('no answer');
    const replay = await dse('555555555', key);
    expect(replay.status).toBe(200);
    expect(replay.body.documento.estado_dian).toBe('aceptado');
  });

  it('666666666: the first attempt of each key is a 500 that creates nothing; the retry proceeds', async () => {
    const key = newKey('666');
    const first = await dse('666666666', key);
    expect(first.status).toBe(500);
    expect(first.body).toMatchObject({ ok: false, error: expect.any(String) });
    const retry = await dse('666666666', key);
    expect(retry.status).toBe(201);
    const otherKey = await dse('666666666', newKey('666b'));
    expect(otherKey.status).toBe(500);
  });

  it('777777777: a concurrent repeat of the key meets the reservation (202); the first answers 201', async () => {
    const key = newKey('777');
    // Both go out at once: whichever the sandbox reads first holds the key for SETTLE ms (a slow
    // transmission), so the other meets the reservation whatever order they arrive in.
    const [done, repeat] = (await Promise.all([dse('777777777', key), dse('777777777', key)])).sort(
      (a, b) => a.status - b.status,
    );
    expect(repeat.status).toBe(202);
    expect(repeat.body).toMatchObject({ idempotent: true, pending: true, request_status: 'creating' });
    expect(done.status).toBe(201);
    expect(repeat.body.documento?.id).toBe(done.body.documento.id);
    expect((await dse('777777777', key)).status).toBe(200);
  });
});

describe('FE magic outcomes (sandbox decisions)', () => {
  it('222222222: 422 rechazado; replay 422', async () => {
    const key = newKey('fe222');
    const answer = await fe('222222222', key);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ ok: false, estado: 'rechazado', error: expect.any(String) });
    expect((await fe('222222222', key)).status).toBe(422);
    expect((await getFe(answer.body.factura_id)).body.doc.estado_dian).toBe('rechazado');
  });

  it('333333333 / 444444444: 202 en_proceso, then aceptado / rechazado after settle-ms', async () => {
    const accepted = await fe('333333333', newKey('fe333'));
    const rejected = await fe('444444444', newKey('fe444'));
    expect([accepted.status, rejected.status]).toEqual([202, 202]);
    expect(accepted.body).toMatchObject({ ok: true, pending: true, estado: 'en_proceso' });
    expect((await settledFe(accepted.body.factura_id)).body.doc.estado_dian).toBe('aceptado');
    expect((await settledFe(rejected.body.factura_id)).body.doc.estado_dian).toBe('rechazado');
  });

  it('555555555: recorded and accepted, no answer; the same draft_key then answers 200', async () => {
    const key = newKey('fe555');
    expect(await rawPost('/fe/facturas', feBody({ draft_key: key }, '555555555'))).toBe('no answer');
    const replay = await fe('555555555', key);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ idempotent: true, estado: 'aceptado' });
  });

  it('666666666: first attempt of a draft_key 500, then created', async () => {
    const key = newKey('fe666');
    expect((await fe('666666666', key)).status).toBe(500);
    expect((await fe('666666666', key)).status).toBe(201);
  });

  it('777777777: a concurrent repeat of the draft_key meets the invoice in progress (202)', async () => {
    const key = newKey('fe777');
    // Both at once, as for the DSE: the one read first holds the draft_key, the other meets it.
    const [done, repeat] = (await Promise.all([fe('777777777', key), fe('777777777', key)])).sort((a, b) => a.status - b.status);
    expect(repeat.status).toBe(202);
    expect(repeat.body).toMatchObject({ idempotent: true, pending: true });
    expect(done.status).toBe(201);
    expect(repeat.body.factura_id).toBe(done.body.factura_id);
  });
});
