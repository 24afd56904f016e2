// The sandbox answers only requests addressed to this computer (a guard against DNS rebinding: a web
// page whose name was made to resolve to 127.0.0.1 sends its own name as Host). The app's embedded
// sandbox also wants its own port; the standalone one takes any loopback name (tests use a proxy).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { hostAllowed } from '#sandbox/http/server';
import { conformanceSeed, CONFORMANCE_TOKENS as TOKENS } from '#test/seed';

/** One GET with the Host header given as is (a browser under DNS rebinding sends the attacker's name). */
function get(baseUrl: string, host: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(`${baseUrl}/companies/101/fe/payment-methods`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { Host: host, Authorization: `Bearer ${TOKENS.full}` },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const sandboxes: RunningSandbox[] = [];
let standalone: RunningSandbox;
let exact: RunningSandbox;
beforeAll(async () => {
  standalone = await startSandbox({ seed: conformanceSeed() });
  exact = await startSandbox({ seed: conformanceSeed(), hostCheck: 'exact' });
  sandboxes.push(standalone, exact);
});
afterAll(async () => {
  for (const sandbox of sandboxes) await sandbox.close();
});

const portOf = (sandbox: RunningSandbox) => new URL(sandbox.baseUrl).port;

describe('Host header check', () => {
  it('the standalone sandbox answers loopback names on any port and refuses other names', async () => {
    const port = portOf(standalone);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost:4999', '127.0.0.1']) {
      expect((await get(standalone.baseUrl, host)).status, host).toBe(200);
    }
    for (const host of [`attacker.example:${port}`, 'attacker.example', `127.0.0.1.nip.io:${port}`]) {
      const answer = await get(standalone.baseUrl, host);
      expect(answer.status, host).toBe(421);
      expect(answer.body).toMatchObject({ ok: false, code: 'misdirected_request' });
    }
  });

  it('the exact check (the embedded sandbox) answers only its own loopback address and port', async () => {
    const port = portOf(exact);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`])
      expect((await get(exact.baseUrl, host)).status, host).toBe(200);
    for (const host of [`attacker.example:${port}`, '127.0.0.1', `localhost:${Number(port) + 1}`]) {
      expect((await get(exact.baseUrl, host)).status, host).toBe(421);
    }
  });

  it.each([
    ['127.0.0.1:8080', 'exact', 8080, true],
    ['LOCALHOST:8080', 'exact', 8080, true],
    ['[::1]:8080', 'exact', 8080, true],
    ['127.0.0.1:8081', 'exact', 8080, false],
    ['evil.example:8080', 'loopback', 8080, false],
    ['127.0.0.1:1', 'loopback', 8080, true],
    ['evil.example', 'any', 8080, true],
    [undefined, 'loopback', 8080, false],
  ] as const)('Host %s under %s on port %d: %s', (host, check, port, allowed) => {
    expect(hostAllowed(host, check, port)).toBe(allowed);
  });
});
