// The conformance suite's seed: the demo seed plus clients for every authentication answer, a
// second client of company 101 (idempotency keys are per client) and a company at the edge of its quota.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const NOW = '2026-11-20T10:00:00-05:00';
export const TODAY = '2026-11-20';
export const SETTLE_MS = 200;

export const TOKENS = {
  full: 'sbx_101_full',
  readOnly: 'sbx_101_readonly',
  other: 'sbx_202_full',
  feOnly: 'sbx_101_fe_only',
  dseOnly: 'sbx_101_dse_only',
  secondClient: 'sbx_101_second_client',
  expired: 'sbx_101_expired',
  revoked: 'sbx_101_revoked',
  edge: 'sbx_303_full',
} as const;

type Json = Record<string, unknown>;

export function demoSeed(): { companies: Json[]; clients: Json[] } {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../resources/demo-seed.json'), 'utf8')) as { companies: Json[]; clients: Json[] };
}

const client = (id: string, company: number, scopes: string[], token: string, extra: Json = {}) => ({
  id, company_id: company, scopes, tokens: [{ token, expires_at: null, revoked: false, ...extra }],
});

export function conformanceSeed() {
  const seed = demoSeed();
  const edge = JSON.parse(JSON.stringify(seed.companies[1])) as Json;
  Object.assign(edge, {
    id: 303, nit: '901303303', name: 'Tienda al Límite S.A.S.',
    fe: { prefix: 'LIM', next_number: 1, quota: 50, used: 49 },
    dse: { prefix: 'LDS', next_number: 1, quota: 100, used: 99 },
    terceros: [{ id: 90, nombre: 'Cliente del límite', tipo_documento: '13', numero_documento: '79000111', email: '', direccion: '' }],
  });
  seed.companies.push(edge);
  const all = ['fe.read', 'fe.write', 'dse.read', 'dse.write'];
  seed.clients.push(
    client('solo-fe', 101, ['fe.read', 'fe.write'], TOKENS.feOnly),
    client('solo-dse', 101, ['dse.read', 'dse.write'], TOKENS.dseOnly),
    client('segundo-erp', 101, all, TOKENS.secondClient),
    client('vencido', 101, all, TOKENS.expired, { expires_at: '2026-11-01T00:00:00-05:00' }),
    client('revocado', 101, all, TOKENS.revoked, { revoked: true }),
    client('al-limite', 303, all, TOKENS.edge),
  );
  return seed;
}
