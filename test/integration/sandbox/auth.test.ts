// Conformance, "Authentication": 401 for a missing, invalid, expired or revoked bearer; 403 for a
// foreign company and for a missing scope (naming it), on every endpoint, in the error envelope.
import { describe, expect, it } from 'vitest';
import { dseBody, feBody, newKey } from '#test/requests/conformance';
import { useSandbox } from '#test/sandbox/fixture';
import { CONFORMANCE_TOKENS as TOKENS } from '#test/seed';

const sandbox = useSandbox();

const ENDPOINTS: {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  scope: string;
  body?: () => unknown;
  withoutScope: string;
}[] = [
  { name: '1 list FE', method: 'GET', path: '/fe/docs', scope: 'fe.read', withoutScope: TOKENS.dseOnly },
  { name: '2 FE detail', method: 'GET', path: '/fe/docs/2', scope: 'fe.read', withoutScope: TOKENS.dseOnly },
  { name: '3 terceros', method: 'GET', path: '/fe/terceros', scope: 'fe.read', withoutScope: TOKENS.dseOnly },
  { name: '4 payment methods', method: 'GET', path: '/fe/payment-methods', scope: 'fe.read', withoutScope: TOKENS.dseOnly },
  {
    name: '5 get-acquirer',
    method: 'POST',
    path: '/dian/get-acquirer',
    scope: 'fe.read',
    body: () => ({ identification_type: '31', identification_number: '900456789' }),
    withoutScope: TOKENS.dseOnly,
  },
  {
    name: '6 create FE',
    method: 'POST',
    path: '/fe/facturas',
    scope: 'fe.write',
    body: () => feBody({ draft_key: newKey('auth') }),
    withoutScope: TOKENS.readOnly,
  },
  {
    name: '7 create DSE',
    method: 'POST',
    path: '/dse/documentos',
    scope: 'dse.write',
    body: () => dseBody(),
    withoutScope: TOKENS.readOnly,
  },
  { name: '8 get DSE', method: 'GET', path: '/dse/documentos/1', scope: 'dse.read', withoutScope: TOKENS.feOnly },
];

describe.each(ENDPOINTS)('auth on $name', (endpoint) => {
  const call = (token: string | null, path = endpoint.path) =>
    sandbox.api.call(endpoint.method, path, {
      token,
      idempotencyKey: newKey('auth'),
      ...(endpoint.body ? { body: endpoint.body() } : {}),
    });

  it.each([
    ['missing', null],
    ['invalid', 'sbx_not_a_token'],
    ['expired', TOKENS.expired],
    ['revoked', TOKENS.revoked],
  ])('401 when the bearer is %s', async (_what, token) => {
    const answer = await call(token);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ ok: false, error: expect.stringMatching(/bearer/i) });
  });

  it('403 for another company in the path, without naming a scope', async () => {
    const answer = await call(TOKENS.full, `/companies/202${endpoint.path}`);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ ok: false, error: expect.stringMatching(/empresa/) });
    expect(answer.body.error).not.toMatch(/\b(fe|dse)\.(read|write)\b/);
  });

  it(`403 naming ${endpoint.scope} when the token lacks it`, async () => {
    const answer = await call(endpoint.withoutScope);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toContain(endpoint.scope);
  });
});

describe('auth details', () => {
  it('accepts the scheme name in any case and refuses a non-bearer scheme', async () => {
    const ok = await sandbox.api.get('/fe/payment-methods', { token: null, headers: { Authorization: 'bearer sbx_101_full' } });
    expect(ok.status).toBe(200);
    const basic = await sandbox.api.get('/fe/payment-methods', { token: null, headers: { Authorization: 'Basic c2J4OnNieA==' } });
    expect(basic.status).toBe(401);
  });

  it('lets a token read its own company and no other', async () => {
    expect((await sandbox.api.get('/companies/202/fe/payment-methods', { token: TOKENS.other })).status).toBe(200);
    expect((await sandbox.api.get('/companies/101/fe/payment-methods', { token: TOKENS.other })).status).toBe(403);
    expect((await sandbox.api.get('/companies/abc/fe/payment-methods')).status).toBe(403);
  });
});
