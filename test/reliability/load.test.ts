// Load: 32 concurrent clients submit FE and DSE to the sandbox (a child process, on
// loopback) for 60 s (LOAD_SECONDS to change it). Each operation is sent, then replayed with the
// same key and payload, and now and then the key is reused with another payload. Afterwards: no
// 5xx, no transport failure, no duplicate, and every replay answered the same document.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process';
import { tempDir } from '../support/temp';
import { dseBody, feBody, SANDBOX_NOW } from '../support/requests/numbered';
import { serverDocuments } from '../support/reliability/harness';
import { RELIABILITY_COMPANY_A as COMPANY_A, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '../support/seed';

const CLIENTS = 32;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const dir = tempDir('factura-desk-load-');
let sandbox: SandboxProcess | undefined;
afterAll(async () => {
  await sandbox?.stop();
  dir.remove();
});

interface Tally {
  requests: number;
  operations: number;
  status: Record<string, number>;
  transportFailures: number;
  inconsistentReplays: string[];
  keys: { fe: string[]; dse: string[] };
}

describe('32 concurrent clients for 60 s', () => {
  it('no 5xx, no duplicate, every replay consistent', async () => {
    const data = join(dir.path, 'sandbox');
    sandbox = await startSandboxProcess({ seed: reliabilitySeed(), data, now: SANDBOX_NOW, settleMs: 100 });
    const base = `${sandbox.baseUrl}/companies/${COMPANY_A}`;
    const tally: Tally = {
      requests: 0,
      operations: 0,
      status: {},
      transportFailures: 0,
      inconsistentReplays: [],
      keys: { fe: [], dse: [] },
    };
    const post = async (
      path: string,
      body: unknown,
      key?: string,
    ): Promise<{ status: number; json: Record<string, unknown> } | null> => {
      tally.requests += 1;
      try {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${TOKENS.a}`,
            'Content-Type': 'application/json',
            ...(key ? { 'Idempotency-Key': key } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        tally.status[response.status] = (tally.status[response.status] ?? 0) + 1;
        return { status: response.status, json: (await response.json()) as Record<string, unknown> };
      } catch {
        tally.transportFailures += 1;
        return null;
      }
    };
    const idOf = (json: Record<string, unknown>) =>
      (json.factura_id as number | undefined) ?? (json.documento as { id?: number } | undefined)?.id;
    const deadline = Date.now() + SECONDS * 1000;
    const client = async (c: number) => {
      for (let n = 0; Date.now() < deadline; n += 1) {
        const seq = c * 100_000 + n;
        const fe = n % 2 === 0;
        const key = `load-${c}-${n}`;
        const body = fe ? { ...feBody(seq), draft_key: key } : dseBody(seq);
        const path = fe ? '/fe/facturas' : '/dse/documentos';
        const first = await post(path, body, fe ? undefined : key);
        if (!first) continue;
        tally.operations += 1;
        tally.keys[fe ? 'fe' : 'dse'].push(key);
        const replay = await post(path, body, fe ? undefined : key);
        if (replay && (replay.status !== 200 || replay.json.idempotent !== true || idOf(replay.json) !== idOf(first.json))) {
          tally.inconsistentReplays.push(`${key}: ${first.status}/${replay.status}`);
        }
        if (n % 10 === 5) {
          const other = fe ? { ...feBody(seq + 1), draft_key: key } : dseBody(seq + 1);
          const conflict = await post(path, other, fe ? undefined : key);
          if (conflict && conflict.status !== 409) tally.inconsistentReplays.push(`${key}: other payload got ${conflict.status}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));

    const server = serverDocuments(data, COMPANY_A);
    const duplicates =
      [...server.feByKey.values(), ...server.dseByKey.values()].filter((ids) => ids.length > 1).length +
      Math.max(0, server.dseCreated - server.dseByKey.size);
    const missing = [
      ...tally.keys.fe.filter((k) => !server.feByKey.has(k)),
      ...tally.keys.dse.filter((k) => !server.dseByKey.has(k)),
    ];
    const fivexx = Object.entries(tally.status)
      .filter(([s]) => Number(s) >= 500)
      .reduce((a, [, n]) => a + n, 0);
    console.log(
      `load: ${JSON.stringify({ clients: CLIENTS, seconds: SECONDS, requests: tally.requests, operations: tally.operations, status: tally.status, transport_failures: tally.transportFailures, fivexx, duplicates, missing: missing.length, inconsistent_replays: tally.inconsistentReplays.length })}`,
    );
    expect(tally.operations).toBeGreaterThan(CLIENTS);
    expect(fivexx).toBe(0);
    expect(tally.transportFailures).toBe(0);
    expect(duplicates).toBe(0);
    expect(missing).toEqual([]);
    expect(tally.inconsistentReplays).toEqual([]);
    expect(server.feCreated + server.dseCreated).toBe(tally.operations);
  });
});
