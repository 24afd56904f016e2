// Network faults between the client core and the sandbox: for each fault of the
// fault proxy, many FE and DSE submissions go out through it; the fault stays on while `resume`
// runs once more; then the network heals and `resume` runs until nothing is open. Afterwards the
// server holds exactly one document per operation, the ledger has every operation with the
// server's document id, and nothing is left uncertain. Counts per fault are printed and kept in
// test-results/reliability-faults.json for the README.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { FAULTS, startFaultProxy, type Fault, type FaultProxy } from '../support/fault-proxy';
import { tempDir } from '../support/temp';
import { memorySecrets } from '../support/core/memory-secrets';
import { dseBody, feBody, SANDBOX_NOW } from '../support/requests/numbered';
import {
  fetchWithTimeout,
  inBatches,
  reconcile,
  scopedTo,
  serverDocuments,
  startApp,
  type AppUnderTest,
  type LedgerRow,
} from '../support/reliability/harness';
import { waitUntil } from '../support/wait';
import { ENGINE_KINDS } from '../support/engines';
import { shopLedgers } from '../support/core/shop-ledgers';
import { RELIABILITY_COMPANY_A as COMPANY_A, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '../support/seed';
import { contingencyProfile } from '../support/contingency';

const PER_KIND = 10; // FE and DSE submissions per fault
const UNCERTAIN_NIT = '333333333'; // sandbox: 502 pending now, accepted after settle-ms

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let proxy: FaultProxy;
const sandboxData = () => join(dir.path, 'sandbox');
const results: Record<string, unknown>[] = [];
/** From now to the sandbox's frozen moment: the client's clock runs from there. */
const clockOffset = new Date(SANDBOX_NOW).getTime() - Date.now();

beforeAll(async () => {
  dir = tempDir('factura-desk-faults-');
  sandbox = await startSandbox({ seed: reliabilitySeed(), now: SANDBOX_NOW, settleMs: 150, dataDir: sandboxData() });
  proxy = await startFaultProxy(new URL(sandbox.baseUrl).origin);
});

/** Each engine's ledgers; on PostgreSQL the faults that reach the ledger's paths (write-ahead, doubt, queue). */
const ledgers = { sqlite: shopLedgers('sqlite'), postgres: shopLedgers('postgres') };
const ON_POSTGRES: readonly Fault[] = ['reset-before-body', 'reset-after-body', 'cut-mid-body', 'refuse'];

afterAll(async () => {
  await ledgers.sqlite.close();
  await ledgers.postgres.close();
  await proxy?.close();
  await sandbox?.close();
  mkdirSync('test-results', { recursive: true });
  writeFileSync(join('test-results', 'reliability-faults.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.table(results);
  dir?.remove();
});

interface Submitted {
  state: string;
}

async function submitAll(app: AppUnderTest, run: number): Promise<Submitted[]> {
  const operations = Array.from({ length: PER_KIND * 2 }, (_, i) => i);
  return inBatches(operations, 4, async (i) => {
    const n = run * 1000 + i;
    const reply =
      i % 2 === 0
        ? await app.call('fe.submit', { request: feBody(n) })
        : await app.call('dse.submit', { request: dseBody(n, i % 6 === 1 ? { nit: UNCERTAIN_NIT } : {}) });
    if (!reply.ok) throw new Error(`submission refused: ${JSON.stringify(reply.error)}`);
    return reply.output as Submitted;
  });
}

const isOpen = (state: string) => state === 'sending' || state === 'in_doubt' || state === 'pending';

describe('network faults through a loopback fault proxy', () => {
  const faults = FAULTS.filter((f): f is Exclude<Fault, 'none'> => f !== 'none');

  const cases = ENGINE_KINDS.flatMap((kind, k) =>
    faults
      .filter((fault) => kind === 'sqlite' || ON_POSTGRES.includes(fault))
      .map((fault, i) => [kind, fault, 100 * k + i + 1] as const),
  );
  it.each(cases)(
    '%s, %s: exactly one document per operation, none lost, every uncertain one resolved by resume',
    async (kind, fault, run) => {
      const home = join(dir.path, `home-${kind}-${fault}`);
      await proxy.setFault('none');
      const app = await startApp({
        ...(await ledgers[kind].engineOf(home)),
        home,
        secrets: memorySecrets(),
        baseUrl: proxy.url('/api/v1'),
        companyId: COMPANY_A,
        token: TOKENS.a,
        fetch: fetchWithTimeout(800),
        // The shop's clock on the sandbox's day: a sale queued while connections are refused becomes a
        // contingency invoice whose ticket carries the sale's date, which must be the invoice's.
        clock: () => new Date(Date.now() + clockOffset),
      });
      // A sale queued while connections are refused is a contingency invoice: it takes a ticket of the
      // shop's contingency numbering, without which the tax authority refuses it.
      await app.ok('history.setIssuer', contingencyProfile());
      try {
        await proxy.setFault(fault, { latencyMs: 60 });
        const submitted = await submitAll(app, run);
        const uncertain = submitted.filter((s) => s.state === 'in_doubt' || s.state === 'sending').length;
        const pendingAtServer = submitted.filter((s) => s.state === 'pending').length;

        // The network is still broken while the app tries again: nothing may get worse.
        await app.ok('submissions.resume', {});

        await proxy.setFault('none');
        let rounds = 0;
        // Uncertain DSE documents settle on the server settle-ms after they were created.
        await waitUntil(
          async () => {
            rounds += 1;
            return (await app.ok<Submitted[]>('submissions.resume', {})).filter((s) => isOpen(s.state)).length;
          },
          (left) => left === 0,
          { what: `nothing open after ${fault}` },
        );

        const all = await ledgers[kind].read<LedgerRow>(
          home,
          'SELECT id, kind, idempotency_key, state, document_id, attempts FROM submissions ORDER BY id',
        );
        const rows = all.filter((r) => r.idempotency_key);
        const server = serverDocuments(sandboxData(), COMPANY_A);
        const check = reconcile(rows, scopedTo(rows, server));
        const counts = proxy.counts[fault];
        results.push({
          engine: kind,
          fault,
          operations: rows.length,
          fe: rows.filter((r) => r.kind === 'FE').length,
          dse: rows.filter((r) => r.kind === 'DSE').length,
          faulted_connections: counts.applied,
          uncertain_after_fault: uncertain,
          pending_at_server: pendingAtServer,
          resume_rounds: rounds,
          open_after_resume: check.open,
          duplicates: check.duplicates,
          lost: check.lost,
          mismatched_ids: check.mismatched,
        });

        expect(rows).toHaveLength(PER_KIND * 2);
        expect(check).toEqual({ operations: PER_KIND * 2, duplicates: 0, lost: 0, open: 0, mismatched: 0 });
        expect(rows.filter((r) => r.state !== 'accepted')).toEqual([]);
        // The fault really happened (a fault that never fires proves nothing).
        if (fault === 'refuse') expect(uncertain).toBe(PER_KIND * 2);
        else if (fault === 'latency')
          expect(counts.applied).toBeGreaterThan(0); // per (keep-alive) connection
        else expect(counts.applied).toBeGreaterThanOrEqual(PER_KIND * 2);
        if (fault !== 'latency') expect(uncertain).toBeGreaterThan(0);
        if (fault === 'reset-after-body' || fault === 'cut-mid-body' || fault === 'stall') {
          // The server did the work and the app could not know: only resume's replay tells it.
          expect(uncertain + pendingAtServer).toBe(PER_KIND * 2);
        }
      } finally {
        await app.core.close();
      }
    },
  );
});
