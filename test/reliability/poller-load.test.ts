// The app's poller with 1,000 pending DSE documents: under a controlled clock, no
// document is asked for before its back-off step (5 s, 15 s, 30 s, 60 s, then longer) and the
// number of requests stays within what the schedule allows. Counts, not durations.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '#core/core';
import { FileLogger } from '#core/log/logger';
import type { Timers } from '#core/poller/timers';
import { BACKOFF_MS } from '#core/poller/backoff';
import { tempDir } from '../support/temp';
import { dseDocument } from '../support/requests/documents';
import { memorySecrets } from '../support/core/memory-secrets';

const DOCUMENTS = 1_000;
const SIMULATED_MS = 30 * 60 * 1000;
const dir = tempDir('factura-desk-poller-');
afterAll(() => dir.remove());

describe('poller with 1,000 pending documents', () => {
  it("asks for each no sooner than its back-off step and within the schedule's count", async () => {
    let now = Date.parse('2026-11-20T15:00:00Z');
    const timers: { at: number; run: () => void; handle: number }[] = [];
    let nextHandle = 1;
    const fakeTimers: Timers = {
      now: () => now,
      setTimeout: (run, ms) => {
        const handle = nextHandle++;
        timers.push({ at: now + ms, run, handle });
        return handle;
      },
      clearTimeout: (handle) => {
        const i = timers.findIndex((t) => t.handle === handle);
        if (i >= 0) timers.splice(i, 1);
      },
    };
    const checks = new Map<number, number[]>();
    const fetchStub: typeof globalThis.fetch = async (input) => {
      const id = Number(/dse\/documentos\/(\d+)$/.exec(String(input))?.[1]);
      checks.set(id, [...(checks.get(id) ?? []), now]);
      return new Response(JSON.stringify({ ok: true, pending: true, documento: dseDocument(id, 'en_proceso') }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    const core = createCore({
      home: join(dir.path, 'home'),
      secrets: memorySecrets(),
      transport: 'cli',
      clock: () => new Date(now),
      timers: fakeTimers,
      fetch: fetchStub,
      logger: new FileLogger(null),
    });
    try {
      const connection = (await core.dispatch({
        id: 1,
        method: 'connections.create',
        input: { label: 'x', kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1', company_id: 1 },
      })) as { output: { id: number } };
      await core.dispatch({
        id: 2,
        method: 'connections.setToken',
        input: { id: connection.output.id, token: 'tok-poller-0123456789' },
      });
      const { ledger } = core.parts.submissions;
      const recordedAt = now;
      {
        for (let i = 1; i <= DOCUMENTS; i += 1) {
          const row = await ledger.insert({
            connectionId: connection.output.id,
            baseUrl: 'http://127.0.0.1:9/api/v1',
            companyId: 1,
            kind: 'DSE',
            key: `poll-${i}`,
            endpointPath: '/companies/1/dse/documentos',
            body: Buffer.from('{}'),
            payloadHash: `h${i}`,
            counterpart: null,
          });
          await ledger.record(row.id, {
            state: 'pending',
            httpStatus: 502,
            documentId: row.id,
            estadoDian: 'en_proceso_http',
            responseBody: null,
            error: null,
          });
        }
      }
      await core.parts.poller.start();
      let wakeups = 0;
      while (timers.length > 0 && wakeups < 500) {
        timers.sort((a, b) => a.at - b.at);
        const timer = timers.shift()!;
        if (timer.at > recordedAt + SIMULATED_MS) break;
        now = Math.max(now, timer.at);
        wakeups += 1;
        timer.run();
        await core.parts.poller.whenIdle();
      }
      // The schedule allows, in 30 minutes, the steps whose running sum fits.
      let allowed = 0;
      for (let sum = 0, step = 0; ; step += 1) {
        sum += BACKOFF_MS[Math.min(step, BACKOFF_MS.length - 1)]!;
        if (sum > SIMULATED_MS) break;
        allowed += 1;
      }
      let early = 0;
      let total = 0;
      for (let id = 1; id <= DOCUMENTS; id += 1) {
        const times = checks.get(id) ?? [];
        total += times.length;
        let previous = recordedAt;
        times.forEach((at, step) => {
          if (at - previous < BACKOFF_MS[Math.min(step, BACKOFF_MS.length - 1)]!) early += 1;
          previous = at;
        });
        expect(times.length, `document ${id}`).toBeLessThanOrEqual(allowed);
      }
      console.log(
        `poller: ${DOCUMENTS} pending, ${total} requests in 30 simulated minutes (at most ${allowed} each), ${wakeups} wake-ups, ${early} early`,
      );
      expect(early).toBe(0);
      expect(checks.size).toBe(DOCUMENTS); // every document was looked at
      expect(total).toBeLessThanOrEqual(DOCUMENTS * allowed);
      expect(wakeups).toBeLessThan(500);
    } finally {
      await core.close();
    }
    // Some 10,000 durable commits (one per answer): minutes on a loaded 2-core machine. A deadline
    // for a failure (a poller that never goes idle), not a speed check: the figures are the bench's.
  }, 600_000);
});
