// The contract scopes an Idempotency-Key to the company AND the API client. A DSE
// left unresolved under one client's token must never be resent under another client's token (of
// the same company): that is a second document. It is queried by id when known, else held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, dseDocumentIds, MAGIC } from '#test/requests/outcomes';
import { CORE_TOKENS as TOKENS } from '#test/seed';
import { parseArgs } from '#core/cli/args';
import { release } from '#core/cli/commands';

let bed: TestBed;
beforeAll(async () => {
  bed = await testBed();
});
afterAll(async () => {
  await bed?.close();
});

/** A fetch that lets the first POST reach the server and then loses its answer (the app never hears back). */
function losingFirstAnswer(): typeof globalThis.fetch {
  let lost = false;
  return async (input, init) => {
    const response = await fetch(input, init);
    if (init?.method === 'POST' && !lost) {
      lost = true;
      await response.text();
      throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
    }
    return response;
  };
}

async function documents(): Promise<number> {
  return (await dseDocumentIds(bed.sandbox.baseUrl, TOKENS.full)).length;
}

describe('a token replaced while a DSE is unresolved', () => {
  it('the DSE is held, not resent under the other API client; the old token brings it back; no duplicate', async () => {
    const before = await documents();
    const core = await bed.core({ fetch: losingFirstAnswer() });
    const connection = core.parts.connections.requireActive();
    const sent = await core.parts.submissions.submitDse(dse(MAGIC.accept, 'cambio de token'), 'dse-token-change-1');
    expect(sent).toMatchObject({ state: 'in_doubt', document_id: null });
    expect(await documents()).toBe(before + 1);

    // Through the RPC (what Ajustes and `connect` use): the replacement is refused until confirmed.
    const refused = await core.dispatch({
      id: 1,
      method: 'connections.setToken',
      input: { id: connection.id, token: TOKENS.noFeRead },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'credentials_changed', details: { unresolved: 1 } } });
    const replaced = await core.dispatch({
      id: 2,
      method: 'connections.setToken',
      input: { id: connection.id, token: TOKENS.noFeRead, replace_unresolved: true },
    });
    expect(replaced).toMatchObject({ ok: true });

    const held = await core.parts.submissions.check(sent.id);
    expect(held).toMatchObject({ state: 'in_doubt', error: { code: 'credentials_changed' } });
    expect(held.attempts).toBe(1);
    expect(await core.parts.submissions.resumeAll()).toEqual([expect.objectContaining({ id: sent.id, state: 'in_doubt' })]);
    expect(await documents()).toBe(before + 1);

    // The token that sent it comes back: the same key replays the one document.
    await core.dispatch({ id: 3, method: 'connections.setToken', input: { id: connection.id, token: TOKENS.full } });
    expect(await core.parts.submissions.check(sent.id)).toMatchObject({ state: 'accepted', error: null });
    expect(await documents()).toBe(before + 1);
  });

  it('a DSE whose document id is known is queried by id under the new token, never resent', async () => {
    const before = await documents();
    const core = await bed.core();
    const connection = core.parts.connections.requireActive();
    const sent = await core.parts.submissions.submitDse(dse(MAGIC.uncertainAccept, 'pendiente'), 'dse-token-change-2');
    expect(sent.state).toBe('pending');
    expect(sent.document_id).not.toBeNull();
    await core.dispatch({
      id: 1,
      method: 'connections.setToken',
      input: { id: connection.id, token: TOKENS.noFeRead, replace_unresolved: true },
    });
    const checked = await core.parts.submissions.check(sent.id);
    expect(checked.attempts).toBe(1);
    expect(checked.document_id).toBe(sent.document_id);
    expect(await documents()).toBe(before + 1);
  });

  it('the same token set again is not a replacement (no warning)', async () => {
    const core = await bed.core({ fetch: losingFirstAnswer() });
    const connection = core.parts.connections.requireActive();
    await core.parts.submissions.submitDse(dse(MAGIC.accept, 'mismo token'), 'dse-token-change-3');
    const again = await core.dispatch({
      id: 1,
      method: 'connections.setToken',
      input: { id: connection.id, token: TOKENS.full },
    });
    expect(again).toMatchObject({ ok: true });
  });

  it('release: a held DSE that never reached the server is sent under the new token only on the explicit confirmation, once', async () => {
    const before = await documents();
    let dropped = false;
    // The first POST is lost before it leaves: the server never sees it, the app cannot know that.
    const droppingFirst: typeof globalThis.fetch = async (input, init) => {
      if (init?.method === 'POST' && !dropped) {
        dropped = true;
        throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      }
      return fetch(input, init);
    };
    const core = await bed.core({ fetch: droppingFirst });
    const connection = core.parts.connections.requireActive();
    const sent = await core.parts.submissions.submitDse(dse(MAGIC.accept, 'liberar'), 'dse-token-change-release');
    expect(sent).toMatchObject({ state: 'in_doubt', document_id: null });
    await core.dispatch({
      id: 1,
      method: 'connections.setToken',
      input: { id: connection.id, token: TOKENS.noFeRead, replace_unresolved: true },
    });
    expect(await core.parts.submissions.check(sent.id)).toMatchObject({
      state: 'in_doubt',
      error: { code: 'credentials_changed' },
    });
    expect(await documents()).toBe(before);

    // Without the confirmation nothing is sent (RPC, and the command line without --confirmar).
    const unconfirmed = await core.dispatch({ id: 2, method: 'submissions.release', input: { id: sent.id } });
    expect(unconfirmed).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const cli = { core, readStdin: async () => '', progress: () => undefined };
    await expect(release({ ...cli, args: parseArgs(['release', String(sent.id)]) })).rejects.toThrow(/--confirmar/);
    expect(await core.parts.submissions.check(sent.id)).toMatchObject({
      state: 'in_doubt',
      attempts: 1,
      error: { code: 'credentials_changed' },
    });
    expect(await documents()).toBe(before);

    const released = await core.dispatch({
      id: 3,
      method: 'submissions.release',
      input: { id: sent.id, confirm_not_created: true },
    });
    expect(released).toMatchObject({
      ok: true,
      output: { id: sent.id, state: 'accepted', attempts: 2, idempotency_key: 'dse-token-change-release', error: null },
    });
    expect(await documents()).toBe(before + 1);
    // It is settled: neither a check, a resume nor a second release sends it again.
    expect(await core.parts.submissions.check(sent.id)).toMatchObject({ state: 'accepted', attempts: 2 });
    await core.parts.submissions.resumeAll();
    const again = await core.dispatch({
      id: 4,
      method: 'submissions.release',
      input: { id: sent.id, confirm_not_created: true },
    });
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } });
    await expect(release({ ...cli, args: parseArgs(['release', String(sent.id), '--confirmar']) })).rejects.toThrow(
      /no está retenido/,
    );
    expect(await documents()).toBe(before + 1);
  });

  it('release is refused for a submission that is not held, and for one whose document id is known (it is queried instead)', async () => {
    const before = await documents();
    const core = await bed.core();
    const connection = core.parts.connections.requireActive();
    const pending = await core.parts.submissions.submitDse(
      dse(MAGIC.uncertainAccept, 'pendiente liberar'),
      'dse-token-change-release-2',
    );
    expect(pending.document_id).not.toBeNull();
    const notHeld = await core.dispatch({
      id: 1,
      method: 'submissions.release',
      input: { id: pending.id, confirm_not_created: true },
    });
    expect(notHeld).toMatchObject({ ok: false, error: { code: 'conflict' } });
    await core.dispatch({
      id: 2,
      method: 'connections.setToken',
      input: { id: connection.id, token: TOKENS.noFeRead, replace_unresolved: true },
    });
    const checked = await core.parts.submissions.check(pending.id);
    expect(checked.attempts).toBe(1);
    const refused = await core.dispatch({
      id: 3,
      method: 'submissions.release',
      input: { id: pending.id, confirm_not_created: true },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect((await core.parts.submissions.check(pending.id)).attempts).toBe(1);
    expect(await documents()).toBe(before + 1);
  });
});
