// Every endpoint of API v1 through the client, against the real sandbox, and every classified error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '#core/api/for-connection';
import type { Core } from '#core/core';
import { testBed, type TestBed } from '#test/core/sandbox';
import { CORE_COMPANY as COMPANY, CORE_OTHER_COMPANY as OTHER_COMPANY, CORE_TOKENS as TOKENS } from '#test/seed';

let bed: TestBed;
beforeAll(async () => {
  bed = await testBed({ feDocuments: 45 });
});
afterAll(async () => {
  await bed?.close();
});

function api(core: Core) {
  const { connections, fetch } = core.parts;
  return clientFor(connections, connections.requireActive(), fetch);
}

async function errorOf(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    return error as { code: string; message: string; details?: Record<string, unknown> };
  }
  throw new Error('expected an error');
}

describe('API client against the sandbox', () => {
  it('1. lists FE documents page by page', async () => {
    const client = api(await bed.core());
    const first = await client.listFeDocs({ page: 1, per_page: 20 });
    expect(first.entries).toHaveLength(20);
    expect(first.total).toBe(45);
    expect(first.totalPages).toBe(3);
    const last = await client.listFeDocs({ page: 3, per_page: 20 });
    expect(last.entries).toHaveLength(5);
  });

  it('2. reads one FE document, 404 when it is not in the company', async () => {
    const client = api(await bed.core());
    const doc = await client.getFeDoc(7);
    expect(doc).toMatchObject({ id: 7, company_id: COMPANY, tipo_dian: '01' });
    expect((await errorOf(client.getFeDoc(999_999))).code).toBe('api_not_found');
  });

  it('3. lists third parties', async () => {
    expect((await api(await bed.core()).listTerceros()).length).toBeGreaterThan(0);
  });

  it('4. lists payment methods', async () => {
    const methods = await api(await bed.core()).listPaymentMethods();
    expect(methods.map((m) => m.payment_means_code)).toEqual(expect.arrayContaining(['10', '42']));
  });

  it('5. looks up an acquirer; 502 when the tax authority gives nothing satisfactory', async () => {
    const client = api(await bed.core());
    const found = await client.lookupAcquirer({ identification_type: '13', identification_number: '10001' });
    expect(found).toMatchObject({ identification_number: '10001', nombre: 'Cliente Uno' });
    const unavailable = await errorOf(client.lookupAcquirer({ identification_type: '13', identification_number: '502502502' }));
    expect(unavailable.code).toBe('api_unexpected');
    expect(unavailable.message).toContain('adquirente');
    expect((await errorOf(client.lookupAcquirer({ identification_type: '13', identification_number: '123' }))).code).toBe(
      'api_not_found',
    );
  });

  it('8. reads a DSE by id; 404 when it is not in the company', async () => {
    const client = api(await bed.core());
    expect((await errorOf(client.getDse(999_999))).code).toBe('api_not_found');
  });
});

describe('classified errors', () => {
  it.each([
    ['an unknown token', 'tok-nobody-0123456789'],
    ['a revoked token', TOKENS.revoked],
    ['an expired token', TOKENS.expired],
  ])('401 for %s', async (_name, token) => {
    const error = await errorOf(api(await bed.core({ token })).listPaymentMethods());
    expect(error.code).toBe('api_unauthorized');
    expect(error.message).not.toContain(token);
  });

  it('403 for a token of another company, naming the company', async () => {
    const error = await errorOf(api(await bed.core({ token: TOKENS.otherCompany, company: COMPANY })).listPaymentMethods());
    expect(error.code).toBe('api_forbidden');
    expect(error.message).toContain(`empresa ${COMPANY}`);
  });

  it('403 for a missing scope, naming it', async () => {
    const error = await errorOf(api(await bed.core({ token: TOKENS.noFeRead })).listPaymentMethods());
    expect(error.code).toBe('api_forbidden');
    expect(error.details?.scopes).toEqual(['fe.read']);
  });

  it('unreachable when nothing listens at the address', async () => {
    const core = await bed.core({ company: OTHER_COMPANY, token: TOKENS.otherCompany });
    const { connections } = core.parts;
    const dead = await connections.create({
      label: 'Apagado',
      kind: 'sandbox',
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 5,
    });
    await connections.setToken(dead.id, 'tok-apagado-0123456789');
    const error = await errorOf(clientFor(connections, connections.resolve(dead.id), core.parts.fetch).listPaymentMethods());
    expect(error.code).toBe('api_unreachable');
  });
});
