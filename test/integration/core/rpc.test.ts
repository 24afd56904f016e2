// The client core's RPC domains through the dispatcher, as the renderer calls them: input checked by
// the contract's schemas, outputs checked too, errors typed, the token never in an output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '#core/core';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, fe, MAGIC } from '#test/requests/outcomes';
import { CORE_TOKENS as TOKENS } from '#test/seed';

let bed: TestBed;
let core: Core;
beforeAll(async () => {
  bed = await testBed({ feDocuments: 5 });
  core = await bed.core();
});
afterAll(async () => {
  await bed?.close();
});

async function call(method: string, input: unknown) {
  const reply = await core.dispatch({ id: 1, method, input });
  expect(JSON.stringify(reply)).not.toContain(TOKENS.full);
  return reply;
}

describe('RPC domains of the client core', () => {
  it('connections.test answers ok, and explains a failure as an answer', async () => {
    const id = core.parts.connections.requireActive().id;
    expect(await call('connections.test', { id })).toMatchObject({
      ok: true,
      output: { ok: true, code: null, payment_methods: 2 },
    });
    await core.parts.connections.setToken(id, TOKENS.revoked);
    expect(await call('connections.test', { id })).toMatchObject({ ok: true, output: { ok: false, code: 'api_unauthorized' } });
    await core.parts.connections.setToken(id, TOKENS.full);
  });

  it('dse.submit refuses an invalid request before anything is written', async () => {
    const reply = await call('dse.submit', { request: { ...dse(MAGIC.accept), medio_pago_codigo: '1234' } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call('submissions.list', {})).toMatchObject({ ok: true, output: [] });
  });

  it('dse.submit, submissions.get/list/check/supportInfo, dse.get', async () => {
    const submitted = await call('dse.submit', { request: dse(MAGIC.accept), key: 'rpc-clave-1' });
    expect(submitted).toMatchObject({ ok: true, output: { state: 'accepted', idempotency_key: 'rpc-clave-1' } });
    const id = (submitted as { output: { id: number; document_id: number } }).output.id;
    const documentId = (submitted as { output: { document_id: number } }).output.document_id;
    expect(await call('submissions.get', { id })).toMatchObject({ ok: true, output: { id } });
    expect(await call('submissions.check', { id })).toMatchObject({ ok: true, output: { state: 'accepted' } });
    expect(await call('submissions.list', { open: true })).toMatchObject({ ok: true, output: [] });
    expect(await call('submissions.supportInfo', { id })).toMatchObject({
      ok: true,
      output: { text: expect.stringContaining('rpc-clave-1') },
    });
    expect(await call('dse.get', { id: documentId })).toMatchObject({ ok: true, output: { documento: { id: documentId } } });
    expect(await call('submissions.get', { id: 999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('fe.submit and the FE reads', async () => {
    expect(await call('fe.submit', { request: fe(MAGIC.accept) })).toMatchObject({
      ok: true,
      output: { kind: 'FE', state: 'accepted' },
    });
    expect(await call('fe.paymentMethods', {})).toMatchObject({
      ok: true,
      output: expect.arrayContaining([expect.objectContaining({ payment_means_code: '10' })]),
    });
    expect(await call('fe.terceros', {})).toMatchObject({ ok: true });
    expect(await call('fe.get', { id: 1 })).toMatchObject({ ok: true, output: { id: 1 } });
    expect(await call('fe.lookupAcquirer', { identification_type: '13', identification_number: '10001' })).toMatchObject({
      ok: true,
    });
  });

  it('history.sync, status, list and detail', async () => {
    expect(await call('history.sync', {})).toMatchObject({ ok: true, output: { fe_documents: 6, dse_documents: 1 } });
    expect(await call('history.status', {})).toMatchObject({ ok: true, output: { documents: 7, running: false } });
    const found = (await call('history.list', { filter: { q: 'tornillos' }, offset: 0, limit: 50 })) as {
      ok: true;
      output: { total: number; items: { id: number }[] };
    };
    expect(found.output.total).toBe(3);
    expect(await call('history.detail', { id: found.output.items[0]!.id })).toMatchObject({
      ok: true,
      output: { document: { items: expect.any(Array) } },
    });
  });
});
