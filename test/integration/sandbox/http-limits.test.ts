// Conformance, "Errors" and "Limits" at the HTTP level: body size (413), malformed JSON (400), unknown
// routes (404), the error envelope everywhere and never a stack trace or an internal path.
import { describe, expect, it } from 'vitest';
import { dseBody, newKey } from '#test/requests/conformance';
import { useSandbox } from '#test/sandbox/fixture';

const sandbox = useSandbox();
const auth = { Authorization: 'Bearer sbx_101_full', 'Content-Type': 'application/json' };

async function raw(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, init);
  const text = await res.text();
  expect(text).not.toMatch(/\n\s+at |node_modules|\/tmp\/|\.ts:\d+/);
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

describe('request bodies', () => {
  it('413 for a body over 1 MiB, in the error envelope', async () => {
    const big = JSON.stringify({ ...dseBody(), relleno: 'x'.repeat(1024 * 1024) });
    const answer = await raw('/companies/101/dse/documentos', {
      method: 'POST',
      headers: { ...auth, 'Idempotency-Key': newKey('big') },
      body: big,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('a body just under the limit is read (and judged on its content)', async () => {
    const body = JSON.stringify({ ...dseBody(), nota: 'x'.repeat(1024 * 1024 - 2000) });
    const answer = await raw('/companies/101/dse/documentos', {
      method: 'POST',
      headers: { ...auth, 'Idempotency-Key': newKey('near') },
      body,
    });
    expect(answer.status).toBe(201);
  });

  it('400 naming items for more than 1000 lines (sandbox limit)', async () => {
    const body = dseBody();
    const answer = await raw('/companies/101/dse/documentos', {
      method: 'POST',
      headers: { ...auth, 'Idempotency-Key': newKey('lines') },
      body: JSON.stringify({ ...body, items: Array.from({ length: 1001 }, () => body.items[1]) }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'items' })]);
  });

  it.each([
    ['malformed JSON', '{"items": ['],
    ['an empty body', ''],
    ['a JSON array', '[]'],
    ['a JSON string', '"hola"'],
  ])('400 for %s', async (_what, body) => {
    const answer = await raw('/companies/101/fe/facturas', { method: 'POST', headers: auth, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, error: expect.any(String) });
  });
});

describe('routes', () => {
  it.each([
    ['GET', '/companies/101/fe/nada'],
    ['GET', '/companies/101'],
    ['POST', '/companies/101/fe/docs'],
    ['DELETE', '/companies/101/dse/documentos/1'],
    ['GET', '/api/v2/companies/101/fe/docs'],
  ])('404 in the envelope for %s %s', async (method, path) => {
    const answer = await raw(path, { method, headers: auth });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('serves the contract under /api/v1 (the base_url printed by the command)', () => {
    expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
  });
});
