// A sandbox killed while it transmits a DSE (state `sending`) settles that
// transmission at its next start, as docs/SANDBOX.md says, instead of answering 202 for ever.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process';
import { tempDir } from '../support/temp';
import { dseBody, SANDBOX_NOW } from '../support/requests/numbered';
import { reliabilitySeed, RELIABILITY_COMPANY_A as COMPANY, RELIABILITY_TOKENS as TOKENS } from '../support/seed';

const SLOW = '777777777';
const dir = tempDir('factura-desk-interrupted-');
const running: SandboxProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.stop().catch(() => undefined);
  dir.remove();
});

const headers = { Authorization: `Bearer ${TOKENS.a}`, 'Content-Type': 'application/json' };

async function estado(baseUrl: string, id: number): Promise<string> {
  const response = await fetch(`${baseUrl}/companies/${COMPANY}/dse/documentos/${id}`, { headers });
  return ((await response.json()) as { documento: { estado_dian: string } }).documento.estado_dian;
}

/** Asks until the answer is what is expected, or gives up after `tries` (each a full HTTP round trip). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 400): Promise<T> {
  let value = await read();
  for (let i = 0; i < tries && !done(value); i += 1) value = await read();
  return value;
}

describe('a sandbox killed during a transmission', () => {
  it('settles the document at its next start; a replay of the key then gets the final answer', async () => {
    const data = join(dir.path, 'sandbox');
    // A long settle time: the slow supplier's transmission is still `sending` when the process dies.
    const first = await startSandboxProcess({ seed: reliabilitySeed(), data, now: SANDBOX_NOW, settleMs: 600_000 });
    running.push(first);
    const body = JSON.stringify(dseBody(1, { nit: SLOW }));
    const post = (baseUrl: string) =>
      fetch(`${baseUrl}/companies/${COMPANY}/dse/documentos`, {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': 'interrumpida-1' },
        body,
      });
    void post(first.baseUrl).catch(() => undefined);
    const reserved = await until(
      () =>
        post(first.baseUrl).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { documento?: { id: number; estado_dian: string } },
        })),
      (answer) => answer.body.documento?.estado_dian === 'sending',
    );
    expect(reserved.status).toBe(202);
    const id = reserved.body.documento!.id;
    first.kill('SIGKILL');
    await first.exited;

    const second = await startSandboxProcess({ seed: reliabilitySeed(), data, now: SANDBOX_NOW, settleMs: 50 });
    running.push(second);
    expect(
      await until(
        () => estado(second.baseUrl, id),
        (e) => e === 'aceptado',
      ),
    ).toBe('aceptado');
    const replay = await post(second.baseUrl);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ idempotent: true, documento: { id, estado_dian: 'aceptado' } });
  });
});
