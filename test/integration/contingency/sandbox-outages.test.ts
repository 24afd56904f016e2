// The sandbox's outages on demand, and what the client core makes of each: refused
// connections become contingency sales; a 503 may come from a server that read the request, so the
// sale stays "in doubt" and is confirmed with its own key; the tax authority unavailable leaves the
// document pending at the server until it settles.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '#core/core';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { RELIABILITY_COMPANY_A as COMPANY_A, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '#test/seed';
import { tempDir } from '#test/temp';
import { waitUntil } from '#test/wait';
import { connectionsClosedTo, portOf } from '#test/closed-connections';
import { memorySecrets } from '#test/core/memory-secrets';
import { dseBody, feBody, SANDBOX_NOW } from '#test/requests/numbered';
import { ledgerRows, reconcile, scopedTo, serverDocuments } from '#test/reliability/harness';
import { contingencyProfile } from '#test/contingency';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
const sandboxData = () => join(dir.path, 'sandbox');
/** A timed outage short enough to end during the test. */
const TIMED_OUTAGE_MS = 150;

beforeAll(async () => {
  dir = tempDir('factura-desk-outages-');
  sandbox = await startSandbox({ seed: reliabilitySeed(), now: SANDBOX_NOW, settleMs: 100, dataDir: sandboxData() });
});
afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

const headers = { Authorization: `Bearer ${TOKENS.a}` };
const probe = () =>
  fetch(`${sandbox.baseUrl}/companies/${COMPANY_A}/fe/payment-methods`, { headers }).then(
    (r) => r.status,
    (e: unknown) => String((e as { cause?: { code?: string } }).cause?.code),
  );

describe('sandbox outages on demand', () => {
  it('refuses connections, answers 503, then serves again; a timed outage ends by itself', async () => {
    expect(await probe()).toBe(200);
    await sandbox.outage('refuse');
    expect(await probe()).toBe('ECONNREFUSED');
    await sandbox.outage('unavailable');
    expect(await probe()).toBe(503);
    await sandbox.outage('none');
    expect(await probe()).toBe(200);
    await sandbox.outage('refuse', { forMs: TIMED_OUTAGE_MS });
    expect(await probe()).toBe('ECONNREFUSED');
    // It ends by itself: the port serves again without anyone asking.
    expect(await waitUntil(probe, (status) => status === 200, { what: 'the timed outage over' })).toBe(200);
  });

  it('through the core: refused → contingency; 503 → in doubt, never queued; authority down → pending, then accepted; each once', async () => {
    const home = join(dir.path, 'home');
    const core = createCore({ home, secrets: memorySecrets(), transport: 'cli', clock: () => new Date(SANDBOX_NOW) });
    let next = 1;
    const ok = async <T>(method: string, input: unknown): Promise<T> => {
      const reply = await core.dispatch({ id: next++, method, input });
      if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
      return reply.output as T;
    };
    type Sub = { id: number; state: string; contingency?: { local_ref: string } | null };
    try {
      const connection = await ok<{ id: number }>('connections.create', {
        label: 'A',
        kind: 'sandbox',
        base_url: sandbox.baseUrl,
        company_id: COMPANY_A,
      });
      await ok('connections.setToken', { id: connection.id, token: TOKENS.a });
      await ok('connections.activate', { id: connection.id });
      await ok('history.setIssuer', contingencyProfile());

      await sandbox.outage('unavailable');
      const during503 = await ok<Sub>('fe.submit', { request: feBody(700) });
      expect(during503.state).toBe('in_doubt');
      expect(during503.contingency).toBeNull();

      await sandbox.outage('refuse');
      // Until the client's pool has let its kept-alive connection go: a request on a connection the
      // server was closing may have been read, and would rightly stay in doubt instead.
      await connectionsClosedTo(portOf(sandbox.baseUrl));
      const refused = await ok<Sub>('dse.submit', { request: dseBody(701) });
      expect(refused.state, JSON.stringify(refused)).toBe('in_doubt');
      expect(refused.contingency, JSON.stringify(refused)).toBeTruthy();
      expect(refused.contingency?.local_ref).toMatch(/^CONT-/);

      await sandbox.outage('authority');
      // The outbox is not empty: this sale waits behind the refused one, in order.
      const behind = await ok<Sub>('fe.submit', { request: feBody(702) });
      expect(behind.contingency).toBeTruthy();
      const pass = await ok<{ transmitted: number; queued: number }>('outbox.transmit', {});
      expect(pass).toMatchObject({ transmitted: 2, queued: 0 });
      expect((await ok<Sub>('submissions.get', { id: behind.id })).state).toBe('pending');

      await sandbox.outage('none');
      const direct = await ok<Sub>('fe.submit', { request: feBody(703) });
      expect(direct.state).toBe('accepted');
      expect(direct.contingency).toBeNull();
      await waitUntil(
        async () =>
          (await ok<Sub[]>('submissions.resume', {})).filter((s) => ['sending', 'in_doubt', 'pending'].includes(s.state)).length,
        (open) => open === 0,
        { what: 'nothing open after the outages' },
      );
    } finally {
      await core.close();
      await sandbox.outage('none');
    }
    const rows = ledgerRows(home);
    expect(rows).toHaveLength(4);
    expect(reconcile(rows, scopedTo(rows, serverDocuments(sandboxData(), COMPANY_A)))).toEqual({
      operations: 4,
      duplicates: 0,
      lost: 0,
      open: 0,
      mismatched: 0,
    });
    expect(rows.every((r) => r.state === 'accepted')).toBe(true);
  }, 60_000);
});
