// A DSE answered 502 ("transport/tax-authority result uncertain") whose body still carries the
// document, already in a final state: the gateway in front of the service timed out after the tax
// authority had answered. The contract's rule for a 502 with `pending` holds whatever the state in
// it: keep the document id, never another key, and ask endpoint 8; the final state is the one the
// service confirms there. The sandbox really creates the document; the answer the client sees is
// rewritten into that 502 (the contract's 502 body: ok false, pending true, documento with id and
// estado_dian).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, dseDocumentIds, MAGIC } from '#test/requests/outcomes';
import { CORE_TOKENS as TOKENS } from '#test/seed';
import { nodeFetch } from '#core/api/node-fetch';

/** Core's own transport, as the app sends through it. */
const coreFetch = nodeFetch();

let bed: TestBed;
beforeAll(async () => {
  bed = await testBed({ settleMs: 50 });
});
afterAll(async () => {
  await bed?.close();
});

/** fetch that turns the first DSE create answer into a 502 carrying the document it created. */
function gatewayTimingOut(): { fetch: typeof globalThis.fetch; creates: () => number } {
  let creates = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const answer = await coreFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.method !== 'POST' || !/\/dse\/documentos$/.test(new URL(url).pathname)) return answer;
    creates += 1;
    if (creates > 1) return answer;
    const body = (await answer.json()) as { documento?: { id: number; estado_dian: string } };
    expect(body.documento?.id).toBeTypeOf('number');
    return new Response(
      JSON.stringify({
        ok: false,
        pending: true,
        idempotent: false,
        error: 'Tiempo de espera agotado en la pasarela',
        documento: { id: body.documento!.id, estado_dian: body.documento!.estado_dian },
      }),
      { status: 502, headers: { 'content-type': 'application/json' } },
    );
  };
  return { fetch, creates: () => creates };
}

describe('DSE 502 carrying a final document', () => {
  it.each([
    ['aceptado', MAGIC.accept, 'accepted'],
    ['rechazado', MAGIC.reject, 'rejected'],
  ] as const)('%s: the id is kept, endpoint 8 settles it, nothing is sent again', async (estado, nit, final) => {
    const gateway = gatewayTimingOut();
    const core = await bed.core({ fetch: gateway.fetch });
    const before = await dseDocumentIds(bed.sandbox.baseUrl, TOKENS.full);

    const submission = await core.parts.submissions.submitDse(dse(nit, `502 ${estado}`));
    expect(submission).toMatchObject({ state: 'pending', http_status: 502, attempts: 1 });
    expect(submission.document_id).not.toBeNull();
    expect(submission.next_check_at).not.toBeNull();

    const settled = await core.parts.submissions.check(submission.id);
    expect(settled).toMatchObject({ state: final, estado_dian: estado, document_id: submission.document_id, attempts: 1 });
    expect(settled.next_check_at).toBeNull();
    // One create request, one document on the server: the 502 was never answered with another POST.
    expect(gateway.creates()).toBe(1);
    const after = await dseDocumentIds(bed.sandbox.baseUrl, TOKENS.full);
    expect(after.filter((id) => !before.includes(id))).toEqual([submission.document_id]);
  });
});
