// A tax-authority rejection as data, through the RPC, against the real sandbox: the rules of the
// answer's `dian` object (code, the DIAN's message, the request field) are kept with the submission
// and handed out by `dse.submit`, `fe.submit` and `submissions.get`, for DSE and FE alike; the
// composed sentence is never read back. A rejection whose answer carried no `dian` keeps its text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Submission } from '#shared/rpc/methods/submissions';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, fe, MAGIC } from '#test/requests/outcomes';

let bed: TestBed;
let core: Awaited<ReturnType<TestBed['core']>>;
beforeAll(async () => {
  bed = await testBed();
  core = await bed.core();
});
afterAll(async () => {
  await bed?.close();
});

async function call(method: string, input: unknown): Promise<Submission> {
  const reply = await core.dispatch({ id: 1, method, input });
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.output as Submission;
}

async function stored(id: number): Promise<Submission> {
  return call('submissions.get', { id });
}

describe('a rejection carries its rules as data', () => {
  it('DSE: a municipality that does not exist names DIAN rule SBX-DIR01 and the supplier field', async () => {
    const request = dse(MAGIC.accept, 'municipio');
    request.proveedor.codigo_municipio = '99999';
    const submission = await call('dse.submit', { request });
    expect(submission.state).toBe('rejected');
    const rule = { code: 'SBX-DIR01', field: 'proveedor.codigo_municipio', message: expect.stringContaining('99999') };
    expect(submission.rejection!.rules).toEqual([rule]);
    expect((await stored(submission.id)).rejection!.rules).toEqual([rule]);
  });

  it("DSE: the sandbox's simulated rejection names its rule and the supplier's number", async () => {
    const submission = await call('dse.submit', { request: dse(MAGIC.reject, 'simulado') });
    expect(submission.state).toBe('rejected');
    expect(submission.rejection!.rules).toEqual([
      { code: 'SBX-SIM01', field: 'proveedor.nit', message: expect.stringMatching(/^Rechazo simulado del sandbox/) },
    ]);
  });

  it('FE: a tariff the DIAN does not admit names rule SBX-TAR01 on the line', async () => {
    const request = fe(MAGIC.accept, 'tarifa');
    request.items = [{ ...request.items[0]!, iva: 12 }];
    Object.assign(request, { subtotal: 10000, impuestos: 1200, total: 11200 });
    const submission = await call('fe.submit', { request });
    expect(submission.state).toBe('rejected');
    expect(submission.rejection!.rules).toContainEqual({ code: 'SBX-TAR01', field: 'items[0].iva', message: expect.any(String) });
    expect((await stored(submission.id)).rejection).toEqual(submission.rejection);
  });

  it("FE: the sandbox's simulated rejection names its rule and the customer's number", async () => {
    const submission = await call('fe.submit', { request: fe(MAGIC.reject, 'simulado') });
    expect(submission.state).toBe('rejected');
    expect(submission.rejection!.rules).toEqual([
      { code: 'SBX-SIM01', field: 'receptor.numero_doc', message: expect.stringMatching(/^Rechazo simulado del sandbox/) },
    ]);
  });

  it('a row recorded without the data keeps its text and names no rules', async () => {
    const submission = await call('dse.submit', { request: dse(MAGIC.reject, 'antigua') });
    core.parts.store!.db.prepare('UPDATE submissions SET rejection = NULL WHERE id = ?').run(submission.id);
    const old = await stored(submission.id);
    expect(old.rejection).toBeUndefined();
    expect(old.error).toMatchObject({ code: 'api_rejected', message: expect.stringContaining('SBX-SIM01') });
  });
});
