// Web bridge refusals beyond test/integration/foundation/rpc-transports.test.ts (which covers a
// missing or wrong secret, https://evil.example as Origin, Sec-Fetch-Site cross-site and a foreign
// Host): the variants a hostile page or a DNS-rebinding attack would actually try.
import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_HEADER, startWebBridge, type WebBridge } from '#core/bridge/web-bridge';
import { createCore, type Core } from '#core/core';
import { tempDir } from '../support/temp';
import { memorySecrets } from '../support/core/memory-secrets';

let dir: ReturnType<typeof tempDir>;
let core: Core;
let bridge: WebBridge;

beforeAll(async () => {
  dir = tempDir('factura-desk-bridge-');
  const staticDir = join(dir.path, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Factura Desk</title>');
  core = createCore({ home: join(dir.path, 'home'), secrets: memorySecrets(), transport: 'web' });
  bridge = await startWebBridge({ dispatcher: core, events: core.events, staticDir });
});
afterAll(async () => {
  await bridge?.close();
  await core?.close();
  dir?.remove();
});

const body = JSON.stringify({
  id: 1,
  method: 'connections.create',
  input: { label: 'x', kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1', company_id: 7 },
});

function raw(path: string, headers: Record<string, string>, method = 'POST'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: bridge.port, path, method, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? body : undefined);
  });
}

describe('web bridge refusals', () => {
  const ok = () => ({ 'Content-Type': 'application/json', [SECRET_HEADER]: bridge.secret, Host: `127.0.0.1:${bridge.port}` });

  it.each([
    ['Origin null (sandboxed iframe, file://)', { Origin: 'null' }],
    ['an Origin on another loopback port', { Origin: 'http://127.0.0.1:1' }],
    ['an https Origin of the same host', { Origin: `https://127.0.0.1:PORT` }],
    ['a look-alike Origin', { Origin: 'http://127.0.0.1.evil.example:PORT' }],
    ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site' }],
    ['a rebinding Host with our port', { Host: 'attacker.example:PORT' }],
    ['a Host without port', { Host: '127.0.0.1' }],
    ['a Host on another port', { Host: '127.0.0.1:1' }],
    ['an IPv6 loopback Host (not on the allow-list)', { Host: '[::1]:PORT' }],
    ['a secret one character short', { [SECRET_HEADER]: 'SECRET-1' }],
    ['the secret with a suffix', { [SECRET_HEADER]: 'SECRET+x' }],
    ['the secret in a cookie of another name', { [SECRET_HEADER]: '', Cookie: 'other=SECRET' }],
  ] as const)('refuses %s, and nothing changes', async (_case, extra) => {
    const headers: Record<string, string> = { ...ok() };
    for (const [name, value] of Object.entries(extra)) {
      const filled = value
        .replace('PORT', String(bridge.port))
        .replace('SECRET-1', bridge.secret.slice(0, -1))
        .replace('SECRET+x', `${bridge.secret}x`)
        .replace('SECRET', bridge.secret);
      if (filled === '') delete headers[name];
      else headers[name] = filled;
    }
    const reply = await raw('/rpc', headers);
    expect(reply.status).toBe(403);
    expect(reply.text).not.toContain(bridge.secret);
    const list = await core.dispatch({ id: 2, method: 'connections.list', input: {} });
    expect(list).toMatchObject({ ok: true, output: [] });
  });

  it('does not accept the secret in the query string of an RPC call, nor a GET to /rpc', async () => {
    const headers: Record<string, string> = { ...ok() };
    delete headers[SECRET_HEADER];
    expect((await raw(`/rpc?secret=${bridge.secret}`, headers)).status).toBe(403);
    expect((await raw('/rpc', ok(), 'GET')).status).toBe(405);
  });

  it('answers a form post (a cross-site CSRF attempt with the cookie) with 415', async () => {
    const reply = await raw('/rpc', { ...ok(), 'Content-Type': 'text/plain' });
    expect(reply.status).toBe(415);
  });
});
