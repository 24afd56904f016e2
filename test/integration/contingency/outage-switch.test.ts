// The outage switches, each through its real path: the app's RPC (answered by the host that runs the
// embedded sandbox, in both the web and the Electron host), the standalone sandbox's admin port, and
// the command line. Refused means refused (ECONNREFUSED), a gateway's 503 has an HTML body, and with
// the DIAN silent a sale stays pending. Core alone answers in Spanish that it has no sandbox.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { startHost, type Host } from '#main/host';
import { memorySecrets } from '#test/core/memory-secrets';
import { realKeychain } from '#test/keychain';
import { fe, MAGIC } from '#test/requests/outcomes';
import { startSandboxProcess, type SandboxProcess } from '#test/sandbox-process';
import { tempDir } from '#test/temp';

const REPO = resolve(import.meta.dirname, '../../..');
const DEMO_TOKEN = 'sbx_101_full';
let dir: ReturnType<typeof tempDir>;

beforeAll(() => {
  dir = tempDir('factura-desk-outage-switch-');
});
afterAll(() => dir?.remove());

/** What a client sees at `baseUrl`: the status and body type, or the transport error's code. */
async function probe(baseUrl: string): Promise<{ status: number; type: string; body: string } | string> {
  try {
    const answer = await fetch(`${baseUrl}/companies/101/fe/payment-methods`, {
      headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
    });
    return { status: answer.status, type: answer.headers.get('content-type') ?? '', body: await answer.text() };
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code);
  }
}

const GATEWAY = {
  status: 503,
  type: 'text/html',
  body: expect.stringMatching(/^<html>[\s\S]*503 Service Temporarily Unavailable/),
};

describe('in the app: Ajustes › Entorno de pruebas integrado (the host answers the RPC)', () => {
  let host: Host;
  let next = 1;
  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const reply = await host.dispatcher.dispatch({ id: next++, method, input });
    if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
    return reply.output as T;
  };
  beforeAll(async () => {
    host = await startHost({
      home: join(dir.path, 'app'),
      secrets: realKeychain(),
      transport: 'web',
      logger: new FileLogger(null),
    });
  }, 60_000);
  afterAll(() => host?.close());

  it('refuses connections, answers a gateway 503 in HTML, silences the DIAN, and ends each', async () => {
    const endpoint = host.core.parts.connections.requireActive().endpoint;
    expect(await call('sandbox.outage', {})).toEqual({ mode: 'none', until: null });
    expect(await probe(endpoint)).toMatchObject({ status: 200 });

    expect(await call('sandbox.setOutage', { mode: 'refuse' })).toEqual({ mode: 'refuse', until: null });
    expect(await probe(endpoint)).toBe('ECONNREFUSED');

    const before = Date.now();
    const timed = await call<{ mode: string; until: string }>('sandbox.setOutage', { mode: 'gateway', minutes: 5 });
    expect(timed.mode).toBe('gateway');
    expect(Date.parse(timed.until) - before).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    expect(Date.parse(timed.until) - before).toBeLessThanOrEqual(5 * 60_000 + 5000);
    expect(await probe(endpoint)).toEqual(GATEWAY);

    await call('sandbox.setOutage', { mode: 'authority' });
    const request = fe(MAGIC.accept);
    const sale = await call<{ state: string; estado_dian: string | null }>('fe.submit', {
      request: { ...request, payment: { ...request.payment, method_id: 1 } },
    });
    expect(sale.state).toBe('pending');

    expect(await call('sandbox.setOutage', { mode: 'none' })).toEqual({ mode: 'none', until: null });
    expect(await probe(endpoint)).toMatchObject({ status: 200, type: expect.stringContaining('application/json') });
  });

  it('refuses a bad input with Spanish messages and changes nothing', async () => {
    const reply = await host.dispatcher.dispatch({ id: 1, method: 'sandbox.setOutage', input: { mode: 'refuse', minutes: 0 } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.stringify(reply)).toContain('al menos 1 minuto');
    expect(await call('sandbox.outage', {})).toEqual({ mode: 'none', until: null });
  });
});

describe('core alone (no embedded sandbox running)', () => {
  it('answers in Spanish where the switch is', async () => {
    const core = createCore({
      home: join(dir.path, 'core'),
      secrets: memorySecrets(),
      transport: 'cli',
      logger: new FileLogger(null),
    });
    try {
      const reply = await core.dispatch({ id: 1, method: 'sandbox.setOutage', input: { mode: 'refuse' } });
      expect(reply).toMatchObject({ ok: false, error: { code: 'no_connection' } });
      expect(JSON.stringify(reply)).toMatch(/solo está disponible con el entorno de pruebas integrado/);
    } finally {
      await core.close();
    }
  });
});

describe('the standalone sandbox: its admin port and the command line', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSandboxProcess({ seed: 'resources/demo-seed.json', settleMs: 200 });
  }, 60_000);
  afterAll(() => sandbox?.stop());

  /** `npm run cli -- sandbox-outage --admin URL ...`, as a user types it (node + tsx, one process). */
  function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/core/cli/main.ts', 'sandbox-outage', ...args], {
        cwd: REPO,
        env: { ...process.env, FACTURA_DESK_HOME: join(dir.path, 'cli-home') },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.once('exit', (code) => done({ code, stdout, stderr }));
    });
  }

  it('the admin port answers while the API port refuses; gateway and authority; the CLI sets and reads it', async () => {
    expect(sandbox.adminUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const refuse = await cli(['--admin', sandbox.adminUrl, 'refuse']);
    expect(refuse.code).toBe(0);
    expect(JSON.parse(refuse.stdout)).toEqual({
      mode: 'refuse',
      until: null,
      description: 'El servicio no responde (conexión rechazada).',
    });
    expect(await probe(sandbox.baseUrl)).toBe('ECONNREFUSED');
    // Reading the state while the API port is closed.
    const read = await cli(['--admin', sandbox.adminUrl]);
    expect(JSON.parse(read.stdout)).toMatchObject({ mode: 'refuse' });

    const gateway = await cli(['--admin', sandbox.adminUrl, 'gateway', '--minutes', '2']);
    expect(JSON.parse(gateway.stdout)).toMatchObject({ mode: 'gateway', until: expect.any(String) });
    expect(await probe(sandbox.baseUrl)).toEqual(GATEWAY);

    // The admin port itself, as documented: POST with JSON.
    const authority = await fetch(`${sandbox.adminUrl}/outage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'authority' }),
    });
    expect(await authority.json()).toEqual({ mode: 'authority', until: null });
    const request = fe(MAGIC.accept);
    const created = await fetch(`${sandbox.baseUrl}/companies/101/fe/facturas`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...request,
        payment: { ...request.payment, method_id: 1 },
        draft_key: 'a1b2c3d4-0000-4000-8000-00000000aaaa',
      }),
    });
    // Accepted would be 201: with the DIAN silent the invoice is created and stays pending.
    expect(created.status).toBe(202);
    expect(await created.json()).toMatchObject({ ok: true, pending: true });

    const none = await cli(['--admin', sandbox.adminUrl, 'none']);
    expect(JSON.parse(none.stdout)).toMatchObject({ mode: 'none', until: null });
    expect(await probe(sandbox.baseUrl)).toMatchObject({ status: 200 });
  });

  it('refuses what it cannot do, in Spanish, changing nothing', async () => {
    const unknown = await cli(['--admin', sandbox.adminUrl, 'apagon']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Modo desconocido «apagon»');
    const remote = await cli(['--admin', 'http://192.0.2.1:9000', 'refuse']);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain('debe ser de este equipo');
    // A browser's simple POST (no JSON content type) is refused: no web page can switch it.
    const simple = await fetch(`${sandbox.adminUrl}/outage`, { method: 'POST', body: '{"mode":"refuse"}' });
    expect(simple.status).toBe(415);
    expect(await probe(sandbox.baseUrl)).toMatchObject({ status: 200 });
  });
});
