// Correcting a rejected DSE against the real sandbox: the correction starts from
// the exact request the rejected one was sent with, goes out as a new document under a new key, and
// both are linked; the rejected submission is not touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '#core/core';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, MAGIC } from '#test/requests/outcomes';
import { waitUntil } from '#test/wait';

let bed: TestBed;
beforeAll(async () => {
  bed = await testBed({ settleMs: 50 });
});
afterAll(async () => {
  await bed?.close();
});

async function call<T = Record<string, unknown>>(core: Core, method: string, input: unknown): Promise<T> {
  const reply = await core.dispatch({ id: 1, method, input });
  if (!reply.ok) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
  return reply.output as T;
}

describe('DSE corrections', () => {
  it('starts from the exact rejected request, sends the correction under a new key and links both ways', async () => {
    const core = await bed.core();
    const rejected = await call<{ id: number; state: string; idempotency_key: string; payload_hash: string }>(
      core,
      'dse.submit',
      {
        request: {
          ...dse(MAGIC.reject),
          retenciones: [
            { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 2.5 },
          ],
        },
      },
    );
    expect(rejected.state).toBe('rejected');

    const start = await call<{
      request: Record<string, unknown>;
      rejected: { submission_id: number; state: string };
      reason: string | null;
    }>(core, 'dseCorrections.start', { submission_id: rejected.id });
    const row = core.parts
      .store!.db.prepare<[number], { request_body: Buffer }>('SELECT request_body FROM submissions WHERE id = ?')
      .get(rejected.id)!;
    expect(start.request).toEqual(JSON.parse(row.request_body.toString('utf8')));
    expect(start.rejected).toMatchObject({ submission_id: rejected.id, state: 'rejected' });
    expect(start.reason).toBeTruthy();

    // The same key as the rejected document is refused: it names a document the server already has.
    await expect(
      call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key: rejected.idempotency_key }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    });
    const key = 'dse-correction-0001';
    expect(await call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key })).toEqual({ linked: true });
    expect(await call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key })).toEqual({ linked: false });
    const corrected = {
      ...(start.request as ReturnType<typeof dse>),
      proveedor: { ...(start.request.proveedor as object), nit: MAGIC.accept },
    };
    const correction = await call<{ id: number; state: string; document_number: string }>(core, 'dse.submit', {
      request: corrected,
      key,
    });
    expect(correction.state).toBe('accepted');

    const ofRejected = await call<{
      corrects: unknown;
      corrected_by: { submission_id: number; number: string; state: string }[];
    }>(core, 'dseCorrections.of', {
      submission_id: rejected.id,
    });
    expect(ofRejected.corrects).toBeNull();
    expect(ofRejected.corrected_by).toEqual([
      expect.objectContaining({ submission_id: correction.id, number: correction.document_number, state: 'accepted' }),
    ]);
    const ofCorrection = await call<{ corrects: { submission_id: number; state: string } | null; corrected_by: unknown[] }>(
      core,
      'dseCorrections.of',
      {
        submission_id: correction.id,
      },
    );
    expect(ofCorrection.corrects).toMatchObject({ submission_id: rejected.id, state: 'rejected' });
    expect(ofCorrection.corrected_by).toEqual([]);

    // The rejected submission is as it was: same state, key and bytes.
    expect(await call(core, 'submissions.get', { id: rejected.id })).toMatchObject({
      state: 'rejected',
      idempotency_key: rejected.idempotency_key,
      payload_hash: rejected.payload_hash,
    });
  });

  it('hides a correction the service refused before creating anything, and shows the one sent after it', async () => {
    const core = await bed.core();
    const rejected = await call<{ id: number }>(core, 'dse.submit', { request: dse(MAGIC.reject, 'segundo') });
    await call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key: 'dse-correction-refused' });
    // A correction the service refuses (400: the code is not 8 digits) is 'failed': nothing was created.
    const bad = dse(MAGIC.accept);
    const refused = await call<{ state: string }>(core, 'dse.submit', {
      request: { ...bad, items: [{ ...bad.items[0]!, codigo: '123' }] },
      key: 'dse-correction-refused',
    }).catch((error: { code?: string }) => ({ state: error.code ?? 'error' }));
    expect(['failed', 'invalid_input']).toContain(refused.state);
    await call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key: 'dse-correction-second' });
    const sent = await call<{ id: number }>(core, 'dse.submit', {
      request: dse(MAGIC.accept, 'corregido'),
      key: 'dse-correction-second',
    });
    const links = await call<{ corrected_by: { submission_id: number }[] }>(core, 'dseCorrections.of', {
      submission_id: rejected.id,
    });
    expect(links.corrected_by.map((side) => side.submission_id)).toEqual([sent.id]);
  });

  it('refuses to correct a document that was accepted or is unknown, saying why', async () => {
    const core = await bed.core();
    const accepted = await call<{ id: number }>(core, 'dse.submit', { request: dse(MAGIC.accept, 'bien') });
    await expect(call(core, 'dseCorrections.start', { submission_id: accepted.id })).rejects.toThrow(/fue aceptado/);
    await expect(call(core, 'dseCorrections.start', { submission_id: 999_999 })).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      call(core, 'dseCorrections.link', { rejected_submission_id: accepted.id, key: 'dse-correction-x1' }),
    ).rejects.toThrow(/no es un documento soporte rechazado/);
  });
  it('corrects a rejected DSE once: a second correction is refused in core while the first is on its way or accepted', async () => {
    const core = await bed.core();
    const rejected = await call<{ id: number }>(core, 'dse.submit', { request: dse(MAGIC.reject, 'una-vez') });
    // The first correction is on its way (the DIAN has not answered yet).
    await call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key: 'dse-correction-once-1' });
    const first = await call<{ id: number; state: string }>(core, 'dse.submit', {
      request: dse(MAGIC.uncertainAccept, 'una-vez-corregido'),
      key: 'dse-correction-once-1',
    });
    expect(first.state).toBe('pending');
    await expect(call(core, 'dseCorrections.start', { submission_id: rejected.id })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/ya tiene una corrección en camino/),
    });
    await expect(
      call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key: 'dse-correction-once-2' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    // Linking the same correction again (a retry of the same form) is not a second one.
    expect(
      await call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key: 'dse-correction-once-1' }),
    ).toEqual({ linked: false });

    // Accepted: still refused, naming the document that corrects it.
    const accepted = await waitUntil(
      () => core.parts.submissions.check(first.id),
      (submission) => submission.state === 'accepted',
      { what: 'the correction accepted' },
    );
    await expect(call(core, 'dseCorrections.start', { submission_id: rejected.id })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining(`ya fue corregido por ${accepted.document_number}, que la DIAN aceptó`),
    });
    await expect(
      call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key: 'dse-correction-once-3' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const links = await call<{ corrected_by: { submission_id: number }[] }>(core, 'dseCorrections.of', {
      submission_id: rejected.id,
    });
    expect(links.corrected_by.map((each) => each.submission_id)).toEqual([first.id]);
  });

  it('leaves room for another correction when the correction itself was rejected', async () => {
    const core = await bed.core();
    const rejected = await call<{ id: number }>(core, 'dse.submit', { request: dse(MAGIC.reject, 'otra-vez') });
    await call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key: 'dse-correction-again-1' });
    const first = await call<{ state: string }>(core, 'dse.submit', {
      request: dse(MAGIC.reject, 'otra-vez-corregido'),
      key: 'dse-correction-again-1',
    });
    expect(first.state).toBe('rejected');
    const start = await call<{ rejected: { submission_id: number } }>(core, 'dseCorrections.start', {
      submission_id: rejected.id,
    });
    expect(start.rejected.submission_id).toBe(rejected.id);
    expect(
      await call(core, 'dseCorrections.link', { rejected_submission_id: rejected.id, key: 'dse-correction-again-2' }),
    ).toEqual({ linked: true });
  });
});
