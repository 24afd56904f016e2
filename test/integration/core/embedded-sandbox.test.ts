// First run with no connection: the host starts the embedded sandbox with the demo seed and makes it
// the default connection, labelled as tests; its port changes every run and the connection follows.
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileLogger } from '#core/log/logger';
import { EMBEDDED_SANDBOX_IDENTITY } from '#core/connections/connections';
import { EMBEDDED_LABEL } from '#main/embedded-sandbox';
import { startHost, type Host } from '#main/host';
import { realKeychain } from '#test/keychain';
import { tempDir } from '#test/temp';
import { dse } from '#test/requests/outcomes';

let dir: ReturnType<typeof tempDir>;
const hosts: Host[] = [];
beforeEach(() => {
  dir = tempDir('factura-desk-host-');
});
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  dir.remove();
});

async function start(): Promise<Host> {
  const host = await startHost({ home: dir.path, secrets: realKeychain(), transport: 'web', logger: new FileLogger(null) });
  hosts.push(host);
  return host;
}

async function call(host: Host, method: string, input: unknown) {
  const reply = await host.core.dispatch({ id: 1, method, input });
  if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
  return reply.output as Record<string, unknown>;
}

describe('embedded sandbox on first run', () => {
  it('creates the default test connection with the demo token, kept out of the keychain, and it works', async () => {
    const host = await start();
    const list = (await call(host, 'connections.list', {})) as unknown as Record<string, unknown>[];
    expect(list).toEqual([
      expect.objectContaining({ label: EMBEDDED_LABEL, kind: 'sandbox', embedded: true, active: true, has_token: true }),
    ]);
    const check = await call(host, 'connections.test', { id: list[0]!.id });
    expect(check).toMatchObject({ ok: true });
    const submitted = await call(host, 'dse.submit', { request: dse('900111222') });
    expect(submitted).toMatchObject({ state: 'accepted' });
    expect(existsSync(join(dir.path, 'sandbox'))).toBe(true);
    // The demo token is the seed's, re-read each start: nothing is written to the keychain for it.
    const { vault } = host.core.parts;
    vault.forgetCached(EMBEDDED_SANDBOX_IDENTITY, 101);
    expect(await vault.getToken(EMBEDDED_SANDBOX_IDENTITY, 101)).toBeNull();
    const refused = await host.core.dispatch({
      id: 2,
      method: 'connections.setToken',
      input: { id: list[0]!.id, token: 'otro-token-123' },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(JSON.stringify(refused)).toContain('datos de demostración');
  });

  it("starts with the sandbox company's cost centers, and keeps the ones the user saved instead", async () => {
    const first = await start();
    const centers = (await call(first, 'dseCatalog.costCenters', {})) as unknown as { id: number; code: string }[];
    // resources/demo-seed.json, first company
    expect(centers).toEqual([
      { id: 1, code: 'ADM', name: 'Administración' },
      { id: 3, code: 'BOD', name: 'Bodega' },
      { id: 2, code: 'VEN', name: 'Ventas' },
    ]);
    // A line with one of them is accepted by the sandbox: they are its own.
    const request = dse('900111222');
    const withCenter = { ...request, items: request.items.map((item) => ({ ...item, cost_center_id: 3 })) };
    expect(await call(first, 'dse.submit', { request: withCenter })).toMatchObject({ state: 'accepted' });
    await call(first, 'dseCatalog.saveCostCenters', { items: [{ id: 1, code: 'MIO', name: 'Propio' }] });
    await first.close();
    hosts.splice(0);

    const second = await start();
    expect(await call(second, 'dseCatalog.costCenters', {})).toEqual([{ id: 1, code: 'MIO', name: 'Propio' }]);
  });

  it('keeps the same connection and its documents across restarts although the port changes', async () => {
    const first = await start();
    const submitted = await call(first, 'dse.submit', { request: dse('900111222') });
    await first.close();
    hosts.splice(0);

    const second = await start();
    const active = second.core.parts.connections.requireActive();
    expect((await second.core.parts.connections.list()).length).toBe(1);
    // Bound to this run's loopback address, not the stored identity.
    expect(active.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const again = await call(second, 'dse.get', { id: submitted.document_id });
    expect(again).toMatchObject({ documento: { id: submitted.document_id, estado_dian: 'aceptado' } });
  });

  it('does not start a sandbox when the user already has other connections only', async () => {
    const host = await start();
    const { connections } = host.core.parts;
    const embedded = connections.requireActive();
    const real = await connections.create({
      label: 'Producción',
      kind: 'production',
      base_url: 'https://api.ejemplo.co/api/v1',
      company_id: 9,
    });
    await connections.activate(real.id);
    await connections.remove(embedded.id);
    await host.close();
    hosts.splice(0);
    const next = await start();
    expect((await next.core.parts.connections.list()).map((c) => c.label)).toEqual(['Producción']);
  });
});

describe('embedded sandbox and the Host header', () => {
  it('answers only requests addressed to its own loopback address and port (DNS rebinding)', async () => {
    const host = await start();
    const endpoint = new URL(host.core.parts.connections.embedded()!.endpoint);
    const status = (name: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: endpoint.hostname,
            port: endpoint.port,
            path: `${endpoint.pathname}/companies/1/fe/payment-methods`,
            headers: { Host: name },
            agent: false,
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end();
      });
    // Its own address goes on to authentication (no token here: 401); any other name is refused first.
    expect(await status(endpoint.host)).toBe(401);
    expect(await status(`rebinding.example:${endpoint.port}`)).toBe(421);
    expect(await status(`localhost:${Number(endpoint.port) + 1}`)).toBe(421);
    // And the app's own requests still work.
    expect(await call(host, 'dse.submit', { request: dse('900111222') })).toMatchObject({ state: 'accepted' });
  });
});
