// A connection of any kind over plain http:// is refused (except loopback),
// and a connection with unresolved submissions cannot be removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '#core/core';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, MAGIC } from '#test/requests/outcomes';

let bed: TestBed;
let core: Core;
beforeAll(async () => {
  bed = await testBed();
  core = await bed.core();
});
afterAll(async () => {
  await bed?.close();
});

const create = (base_url: string, kind: 'production' | 'sandbox' = 'production') =>
  core.dispatch({ id: 1, method: 'connections.create', input: { label: 'Prod', kind, base_url, company_id: 77 } });

describe('plain http to another computer, for every kind', () => {
  it.each(
    (['production', 'sandbox'] as const).flatMap((kind) =>
      ['http://api.proveedor.example.co/api/v1', 'http://192.168.1.20:8080/api/v1', 'http://[fe80::1]/api/v1'].map(
        (url) => [kind, url] as const,
      ),
    ),
  )('refuses a %s connection to %s', async (kind, url) => {
    const reply = await create(url, kind);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!reply.ok) expect(JSON.stringify(reply.error)).toMatch(/https:\/\//);
  });

  it.each(['production', 'sandbox'] as const)(
    'core refuses a %s connection to another computer over http by itself',
    async (kind) => {
      await expect(
        core.parts.connections.create({ label: 'Directa', kind, base_url: 'http://10.0.0.5/api/v1', company_id: 78 }),
      ).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/https:\/\//) });
      const sandbox = await core.parts.connections.create({
        label: 'Local',
        kind,
        base_url: 'http://127.0.0.1:9/api/v1',
        company_id: 79,
      });
      await expect(
        core.parts.connections.update(sandbox.id, { label: 'Local', kind, base_url: 'http://10.0.0.5/api/v1', company_id: 79 }),
      ).rejects.toMatchObject({ code: 'invalid_input' });
      await core.parts.connections.remove(sandbox.id);
    },
  );

  it.each(
    (['production', 'sandbox'] as const).flatMap((kind) =>
      [
        'https://api.proveedor.example.co/api/v1',
        'http://127.0.0.1:8080/api/v1',
        'http://localhost:9/api/v1',
        'http://127.0.0.2:9/x/v1',
      ].map((url) => [kind, url] as const),
    ),
  )('accepts a %s connection to %s', async (kind, url) => {
    const reply = await create(url, kind);
    expect(reply).toMatchObject({ ok: true });
    if (reply.ok)
      await core.dispatch({ id: 2, method: 'connections.remove', input: { id: (reply.output as { id: number }).id } });
  });

  it('refuses moving an existing production connection to plain http', async () => {
    const created = await create('https://api.dos.example.co/api/v1');
    const id = (created as { output: { id: number } }).output.id;
    const moved = await core.dispatch({
      id: 3,
      method: 'connections.update',
      input: { id, label: 'Prod', kind: 'production', base_url: 'http://api.dos.example.co/api/v1', company_id: 77 },
    });
    expect(moved).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('removing a connection', () => {
  it('is refused while it has unresolved submissions, and says why', async () => {
    const connection = core.parts.connections.requireActive();
    const pending = await core.parts.submissions.submitDse(dse(MAGIC.uncertainAccept, 'pendiente'), 'quitar-conexion-1');
    expect(pending.state).toBe('pending');
    const refused = await core.dispatch({ id: 4, method: 'connections.remove', input: { id: connection.id } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', details: { unresolved: 1 } } });
    if (!refused.ok) expect(refused.error.message).toMatch(/sin confirmar/);
    expect(core.parts.connections.requireActive().id).toBe(connection.id);
    expect(await core.parts.vault.hasToken(connection.baseUrl, connection.companyId)).toBe(true);
  });
});
