// A 400 that names fields: core reads the list from the whole answer when it settles the submission
// and hands it out as data (Submission.field_errors: path, code, message), for FE and DSE alike, even
// when the list lies past the 4,000 characters of the body the ledger keeps for support.
// Nothing is read back from the support text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Submission } from '#shared/rpc/methods/submissions';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, fe, MAGIC } from '#test/requests/outcomes';

let bed: TestBed;
beforeAll(async () => {
  bed = await testBed();
});
afterAll(async () => {
  await bed?.close();
});

/** A 400 whose field list starts after 5,000 characters of a server's technical detail. */
function refusing(errors: unknown[]): typeof globalThis.fetch {
  return async (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() !== 'POST') return fetch(input, init);
    const body = JSON.stringify({ ok: false, error: 'Datos inválidos', traza: 'x'.repeat(5000), errors });
    return new Response(body, { status: 400, headers: { 'content-type': 'application/json' } });
  };
}

async function viaRpc(core: Awaited<ReturnType<TestBed['core']>>, id: number): Promise<Submission> {
  const reply = await core.dispatch({ id: 1, method: 'submissions.get', input: { id } });
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.output as Submission;
}

describe('field errors of a refused submission, as data', () => {
  it('FE: the fields past the stored body are recorded with path, code and message', async () => {
    const core = await bed.core({
      fetch: refusing([
        { field: 'receptor.numero_doc', message: 'NIT: 900123456 no existe' },
        { field: 'items[0].cant', code: 'positive', message: 'debe ser mayor que cero' },
      ]),
    });
    const submission = await core.parts.submissions.submitFe(fe(MAGIC.accept));
    expect(submission).toMatchObject({ state: 'failed', http_status: 400 });
    const row = (await core.parts.submissions.ledger.get(submission.id))!;
    expect(row.response_body!.length).toBeLessThanOrEqual(4000);
    expect(row.response_body).not.toContain('receptor.numero_doc');
    // The server's message is kept whole, a leading «NIT:» included: field and message travel apart.
    const expected = [
      { path: 'receptor.numero_doc', code: 'invalid', message: 'NIT: 900123456 no existe' },
      { path: 'items[0].cant', code: 'positive', message: 'debe ser mayor que cero' },
    ];
    expect(submission.field_errors).toEqual(expected);
    expect((await viaRpc(core, submission.id)).field_errors).toEqual(expected);
  });

  it('DSE: the same, through dse.submit', async () => {
    const core = await bed.core({
      fetch: refusing([{ campo: 'proveedor.numero_documento', mensaje: 'el NIT no existe en el RUT' }]),
    });
    const reply = await core.dispatch({ id: 1, method: 'dse.submit', input: { request: dse(MAGIC.accept) } });
    expect(reply.ok).toBe(true);
    const submission = (reply as { output: Submission }).output;
    expect(submission).toMatchObject({ state: 'failed', http_status: 400 });
    expect(submission.field_errors).toEqual([
      { path: 'proveedor.numero_documento', code: 'invalid', message: 'el NIT no existe en el RUT' },
    ]);
  });

  it("the real sandbox's 400: each field apart from its message, which does not repeat the field", async () => {
    const core = await bed.core();
    const request = { ...dse(MAGIC.accept, 'crédito'), forma_pago: '2' as const };
    const reply = await core.dispatch({ id: 1, method: 'dse.submit', input: { request } });
    expect(reply.ok).toBe(true);
    const submission = (reply as { output: Submission }).output;
    expect(submission).toMatchObject({ state: 'failed', http_status: 400 });
    expect(submission.field_errors).toContainEqual(expect.objectContaining({ path: 'fecha_vencimiento' }));
    for (const error of submission.field_errors!) expect(error.message.startsWith(`${error.path}:`), error.message).toBe(false);
  });

  it('an answer without a field list names none', async () => {
    const core = await bed.core({ fetch: refusing([]) });
    const submission = await core.parts.submissions.submitFe(fe(MAGIC.accept));
    expect(submission.state).toBe('failed');
    expect(submission.field_errors).toBeUndefined();
  });
});
