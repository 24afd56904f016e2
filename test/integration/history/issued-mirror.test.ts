// An issued invoice is in the local history at once (no "Sincronizar"), and one
// that was uncertain there in its first state and updated when it settles; each write is followed by
// a 'history.changed' event so that Historial refreshes after the row exists.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { realKeychain } from '#test/keychain';
import { CORE_COMPANY as COMPANY, CORE_TOKENS as TOKENS } from '#test/seed';
import { FakeClock } from '#test/core/fake-clock';
import { fe, MAGIC } from '#test/requests/outcomes';
import { testBed, type TestBed } from '#test/core/sandbox';
import { searchHistory } from '#test/history-search';
import { waitFor, waitUntil } from '#test/wait';

let bed: TestBed;
beforeAll(async () => {
  bed = await testBed({ feDocuments: 0, settleMs: 100 });
});
afterAll(async () => {
  await bed?.close();
});

async function coreWithClock(clock: FakeClock, name: string): Promise<Core> {
  const core = createCore({
    home: join(bed.dir.path, name),
    secrets: realKeychain(),
    transport: 'cli',
    logger: new FileLogger(null),
    clock: () => new Date(clock.now()),
    timers: clock,
  });
  const connection = await core.parts.connections.create({
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: bed.sandbox.baseUrl,
    company_id: COMPANY,
  });
  await core.parts.connections.setToken(connection.id, TOKENS.full);
  return core;
}

function historyEvents(core: Core): { kind: string; document_id: number }[] {
  const seen: { kind: string; document_id: number }[] = [];
  core.events.subscribe((event, payload) => {
    if (event === 'history.changed') seen.push(payload as { kind: string; document_id: number });
  });
  return seen;
}

/** Until the sandbox has settled the invoice (in real time, settle-ms after creating it). */
async function settledOnServer(documentId: number): Promise<void> {
  await waitFor(
    async () => {
      const response = await fetch(`${bed.sandbox.baseUrl}/companies/${COMPANY}/fe/docs/${documentId}`, {
        headers: { Authorization: `Bearer ${TOKENS.full}` },
      });
      return ((await response.json()) as { doc: { estado_dian: string } }).doc.estado_dian !== 'en_proceso';
    },
    { what: `the sandbox settled FE ${documentId}` },
  );
}

describe('issued documents in the history at once', () => {
  it('writes an accepted FE to the mirror with its submission, then says so', async () => {
    const core = await coreWithClock(new FakeClock(Date.now()), 'accepted');
    const seen = historyEvents(core);
    await core.startBackground();
    const sent = await core.parts.submissions.submitFe(fe(MAGIC.accept, 'inmediata'));
    expect(sent.state).toBe('accepted');
    await waitFor(() => seen.length > 0, { what: 'a history.changed event' });
    const connectionId = core.parts.connections.requireActive().id;
    const found = await searchHistory(core.parts.store!.db, connectionId, { q: 'inmediata', kind: 'FE' });
    expect(found.items).toMatchObject([
      { kind: 'FE', remote_id: sent.document_id, number: sent.document_number, estado_dian: 'aceptado', submission_id: sent.id },
    ]);
    expect(seen).toEqual([{ kind: 'FE', document_id: sent.document_id }]);
    await core.close();
  });

  it('mirrors an FE still in process and updates the same row when the poller sees it accepted', async () => {
    const clock = new FakeClock(Date.now());
    const core = await coreWithClock(clock, 'pending');
    const seen = historyEvents(core);
    await core.startBackground();
    const sent = await core.parts.submissions.submitFe(fe(MAGIC.uncertainAccept, 'en-proceso'));
    expect(sent.state).toBe('pending');
    await waitFor(() => seen.length === 1, { what: 'one history.changed event' });
    const connectionId = core.parts.connections.requireActive().id;
    // Written at the pending outcome, before any check of the poller (under load the sandbox may
    // already have settled it when the mirror reads it, so its state there is not asserted).
    const first = await searchHistory(core.parts.store!.db, connectionId, { q: 'en-proceso', kind: 'FE' });
    expect(first.items).toMatchObject([{ remote_id: sent.document_id, submission_id: sent.id }]);

    // The sandbox settles after its settle-ms of real time; the poller reads it at its due times, on
    // the test's clock. Once the sandbox has settled, the fake clock is stepped until the poller's
    // next check has seen it.
    await settledOnServer(sent.document_id!);
    await waitUntil(
      async () => {
        await clock.run(60_000, () => core.parts.poller.whenIdle());
        return (await core.parts.submissions.get(sent.id)).state;
      },
      (state) => state === 'accepted',
      { what: 'the poller saw the invoice accepted' },
    );
    const row = () => searchHistory(core.parts.store!.db, connectionId, { q: 'en-proceso', kind: 'FE' });
    await waitFor(async () => (await row()).items[0]?.estado_dian === 'aceptado', { what: 'the mirrored row accepted' });
    const accepted = await row();
    expect(accepted.total).toBe(1);
    expect(accepted.items[0]).toMatchObject({ remote_id: sent.document_id, submission_id: sent.id });
    await core.close();
  });

  it('writes nothing for an FE refused before anything was created', async () => {
    const core = await coreWithClock(new FakeClock(Date.now()), 'refused');
    const seen = historyEvents(core);
    await core.startBackground();
    const bad = { ...fe(MAGIC.accept, 'sin-items'), items: [] };
    await core.parts.submissions.submitFe(bad).catch(() => undefined);
    await core.close();
    expect(seen).toEqual([]);
  });
});
