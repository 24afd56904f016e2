import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { startWebBridge, type WebBridge, SECRET_HEADER } from '#core/bridge/web-bridge';
import { createCore, type Core } from '#core/core';
import { createIpcRpcHandler } from '#main/ipc';
import { rpcContract } from '#shared/rpc/contract';
import { realKeychain } from '#test/keychain';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let core: Core;
let bridge: WebBridge;

beforeEach(async () => {
  dir = tempDir();
  const staticDir = join(dir.path, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Factura Desk</title>');
  core = createCore({ home: join(dir.path, 'home'), secrets: realKeychain(), transport: 'web' });
  bridge = await startWebBridge({ dispatcher: core, events: core.events, staticDir });
});
afterEach(async () => {
  await bridge.close();
  await core.close();
  dir.remove();
});

type Send = (message: unknown) => Promise<{
  ok: boolean;
  error?: { code: string; message: string; details?: { fields?: { path: string }[] } };
  output?: unknown;
}>;

const ipc: Send = (message) => createIpcRpcHandler(core, () => true)({}, message) as ReturnType<Send>;
const web: Send = async (message) => {
  const response = await fetch(`${bridge.origin}/rpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: bridge.secret },
    body: JSON.stringify(message),
  });
  return (await response.json()) as Awaited<ReturnType<Send>>;
};

const badInputs: [string, unknown][] = [
  ['a missing required field', { label: 'x', kind: 'sandbox', company_id: 1 }],
  ['a wrong type', { label: 'x', kind: 'sandbox', base_url: 'http://127.0.0.1:1/api/v1', company_id: '1' }],
  ['an unknown field', { label: 'x', kind: 'sandbox', base_url: 'http://127.0.0.1:1/api/v1', company_id: 1, token: 'abc' }],
  ['a URL that is not the API v1', { label: 'x', kind: 'sandbox', base_url: 'ftp://example.co', company_id: 1 }],
  ['a negative company', { label: 'x', kind: 'sandbox', base_url: 'http://127.0.0.1:1/api/v1', company_id: -4 }],
  ['not an object', 'connections please'],
];

describe.each([
  ['Electron IPC', ipc],
  ['web bridge', web],
] as const)('RPC over %s', (_name, send) => {
  it.each(badInputs)('rejects %s with invalid_input, field details and no side effect', async (_case, input) => {
    const reply = await send({ id: 7, method: 'connections.create', input });
    expect(reply.ok).toBe(false);
    expect(reply.error?.code).toBe('invalid_input');
    expect(reply.error?.message).toMatch(/inválid/);
    expect(JSON.stringify(reply)).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
    const list = await send({ id: 8, method: 'connections.list', input: {} });
    expect(list).toMatchObject({ ok: true, output: [] });
  });

  it('rejects an unknown method and a malformed envelope with typed errors', async () => {
    expect((await send({ id: 1, method: 'vault.getToken', input: {} })).error?.code).toBe('unknown_method');
    expect((await send({ method: 'connections.list' })).error?.code).toBe('invalid_input');
    expect((await send({ id: 1, method: '__proto__', input: {} })).error?.code).toBe('unknown_method');
  });

  it('runs a valid call and returns output that matches the contract', async () => {
    const reply = await send({
      id: 2,
      method: 'connections.create',
      input: { label: 'Pruebas', kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1/', company_id: 101 },
    });
    expect(reply.ok).toBe(true);
    expect(rpcContract['connections.create'].output.parse(reply.output)).toMatchObject({
      base_url: 'http://127.0.0.1:9/api/v1',
      active: true,
      has_token: false,
    });
  });

  it('answers business errors with a Spanish message and a stable code', async () => {
    const reply = await send({ id: 3, method: 'connections.activate', input: { id: 999 } });
    expect(reply.error).toMatchObject({ code: 'not_found', message: 'La conexión no existe.' });
  });
});

describe('Electron IPC sender check', () => {
  it('refuses a call from anything but our window, before touching core', async () => {
    const handler = createIpcRpcHandler(core, (event: { trusted: boolean }) => event.trusted);
    const reply = await handler(
      { trusted: false },
      {
        id: 1,
        method: 'connections.create',
        input: { label: 'x', kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1', company_id: 1 },
      },
    );
    expect(reply.ok).toBe(false);
    expect((await web({ id: 2, method: 'connections.list', input: {} })).output).toEqual([]);
  });
});

describe('web bridge guards', () => {
  const rpcBody = JSON.stringify({ id: 1, method: 'connections.list', input: {} });

  async function status(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
    return (await fetch(`${bridge.origin}${path}`, { redirect: 'manual', ...init })).status;
  }

  it('refuses requests without the secret or with a wrong one', async () => {
    const json = { 'Content-Type': 'application/json' };
    expect(await status('/rpc', { method: 'POST', headers: json, body: rpcBody })).toBe(403);
    expect(await status('/rpc', { method: 'POST', headers: { ...json, [SECRET_HEADER]: 'wrong' }, body: rpcBody })).toBe(403);
    expect(await status('/rpc', { method: 'POST', headers: { ...json, cookie: 'fd_session=wrong' }, body: rpcBody })).toBe(403);
    // The right secret in a cookie or in the query string is refused: only the header counts.
    expect(
      await status('/rpc', { method: 'POST', headers: { ...json, cookie: `fd_session=${bridge.secret}` }, body: rpcBody }),
    ).toBe(403);
    expect(await status(`/rpc?secret=${bridge.secret}`, { method: 'POST', headers: json, body: rpcBody })).toBe(403);
    expect(await status('/events')).toBe(403);
    expect(await status('/events', { headers: { cookie: `fd_session=${bridge.secret}` } })).toBe(403);
  });

  it('refuses a foreign Origin, a cross-site fetch and a foreign Host even with the secret', async () => {
    const headers = { 'Content-Type': 'application/json', [SECRET_HEADER]: bridge.secret };
    expect(await status('/rpc', { method: 'POST', headers: { ...headers, Origin: 'https://evil.example' }, body: rpcBody })).toBe(
      403,
    );
    expect(await status('/rpc', { method: 'POST', headers: { ...headers, 'Sec-Fetch-Site': 'cross-site' }, body: rpcBody })).toBe(
      403,
    );
    const rebinding = await new Promise<number>((resolve, reject) => {
      // fetch() forbids setting Host, so speak HTTP directly as a DNS-rebinding page would.
      import('node:http').then(({ request }) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: bridge.port,
            path: '/rpc',
            method: 'POST',
            headers: { ...headers, Host: `evil.example:${bridge.port}` },
          },
          (res) => resolve(res.statusCode ?? 0),
        );
        req.on('error', reject);
        req.end(rpcBody);
      }, reject);
    });
    expect(rebinding).toBe(403);
  });

  it('prints the secret in the URL fragment, never sets a cookie, and serves the renderer with a CSP and no referrer', async () => {
    const printed = new URL(bridge.url);
    expect(printed.search).toBe('?sesion');
    expect(printed.hash).toBe(`#secret=${bridge.secret}`);
    // The fragment never reaches the server: the page itself is the public build.
    const page = await fetch(`${bridge.origin}/`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('Factura Desk');
    expect(await status('/../../etc/passwd')).toBe(404);
    const refused = await fetch(`${bridge.origin}/rpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: rpcBody,
    });
    expect(refused.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('answers a malformed %-escape in a path with 400 and the error envelope', async () => {
    for (const path of ['/%E0%A4%A', '/assets/%', '/%zz']) {
      const response = await fetch(`${bridge.origin}${path}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });

  it('answers malformed JSON with a typed error', async () => {
    const response = await fetch(`${bridge.origin}/rpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: bridge.secret },
      body: '{"id": 1, "method": ',
    });
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('pushes core events to the page over server-sent events', async () => {
    const controller = new AbortController();
    const response = await fetch(`${bridge.origin}/events`, {
      headers: { [SECRET_HEADER]: bridge.secret },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read(); // the greeting comment
    await web({
      id: 1,
      method: 'connections.create',
      input: { label: 'A', kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1', company_id: 1 },
    });
    const { value } = await reader.read();
    const frame = new TextDecoder().decode(value);
    expect(frame).toMatch(/^data: /);
    expect(JSON.parse(frame.slice('data: '.length))).toEqual({ event: 'connection.changed', payload: { id: 1 } });
    controller.abort();
  });
});
