// The sandbox killed (SIGKILL) and restarted with the same --data while submissions are in flight:
// afterwards nothing is duplicated and nothing is lost, on either side.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process';
import { tempDir } from '../support/temp';
import { memorySecrets } from '../support/core/memory-secrets';
import { dseBody, feBody, SANDBOX_NOW } from '../support/requests/numbered';
import {
  fetchWithTimeout,
  inBatches,
  ledgerRows,
  reconcile,
  scopedTo,
  serverDocuments,
  startApp,
} from '../support/reliability/harness';
import { waitUntil } from '../support/wait';
import { RELIABILITY_COMPANY_A as COMPANY_A, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '../support/seed';

const dir = tempDir('factura-desk-restart-');
const running: SandboxProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.stop().catch(() => undefined);
  dir.remove();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const ROUNDS = 3;
const PER_ROUND = 12;

describe('sandbox killed and restarted with --data while submissions are in flight', () => {
  it(`${ROUNDS} kills during ${PER_ROUND} submissions each: no duplicate, nothing lost`, async () => {
    const data = join(dir.path, 'sandbox');
    const port = await freePort();
    const start = async () => {
      const p = await startSandboxProcess({ seed: reliabilitySeed(), data, now: SANDBOX_NOW, settleMs: 100, port });
      running.push(p);
      return p;
    };
    let sandbox = await start();
    let posts = 0;
    let killAt = -1;
    const killing: typeof globalThis.fetch = (input, init) => {
      if (init?.method === 'POST' && ++posts === killAt) sandbox.kill('SIGKILL');
      return fetchWithTimeout(5_000)(input, init);
    };
    const home = join(dir.path, 'home');
    const app = await startApp({
      home,
      secrets: memorySecrets(),
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      companyId: COMPANY_A,
      token: TOKENS.a,
      fetch: killing,
    });
    const counts: Record<string, number>[] = [];
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        posts = 0;
        killAt = 3 + round * 2;
        const outcomes = await inBatches(
          Array.from({ length: PER_ROUND }, (_, i) => i),
          4,
          async (i) => {
            const n = 5000 + round * 100 + i;
            const reply =
              i % 2 === 0
                ? await app.call('fe.submit', { request: feBody(n) })
                : await app.call('dse.submit', { request: dseBody(n) });
            return reply.ok ? (reply.output as { state: string }).state : reply.error.code;
          },
        );
        await sandbox.exited;
        sandbox = await start();
        await waitUntil(
          async () =>
            (await app.ok<{ state: string }[]>('submissions.resume', {})).filter((s) =>
              ['sending', 'in_doubt', 'pending'].includes(s.state),
            ).length,
          (open) => open === 0,
          { what: 'nothing open after the restart' },
        );
        counts.push({ round, uncertain_after_kill: outcomes.filter((s) => s !== 'accepted').length });
      }
      const rows = ledgerRows(home);
      const check = reconcile(rows, scopedTo(rows, serverDocuments(data, COMPANY_A)));
      console.log(`sandbox restart: ${JSON.stringify({ counts, ...check })}`);
      expect(rows).toHaveLength(ROUNDS * PER_ROUND);
      expect(check).toEqual({ operations: ROUNDS * PER_ROUND, duplicates: 0, lost: 0, open: 0, mismatched: 0 });
      expect(counts.every((c) => (c.uncertain_after_kill ?? 0) > 0)).toBe(true);
    } finally {
      await app.core.close();
    }
  });
});
