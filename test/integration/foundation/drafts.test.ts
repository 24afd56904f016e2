import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/core';
import { realKeychain } from '#test/keychain';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let core: Core;

async function call(method: string, input: unknown) {
  return core.dispatch({ id: 1, method, input }) as Promise<{ ok: boolean; output?: unknown; error?: { code: string } }>;
}

beforeEach(async () => {
  dir = tempDir();
  core = createCore({ home: dir.path, secrets: realKeychain(), transport: 'cli' });
  await call('connections.create', { label: 'Pruebas', kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1', company_id: 101 });
});
afterEach(async () => {
  await core.close();
  dir.remove();
});

describe('form drafts', () => {
  it('survive closing the app, keep their idempotency key, and can be discarded', async () => {
    const data = { receptor: { nombre: 'Ana Pérez' }, items: [{ desc: 'Café', cant: '2' }] };
    expect((await call('drafts.save', { kind: 'FE', idempotency_key: 'fe-key-0001', data })).ok).toBe(true);
    await core.close();
    core = createCore({ home: dir.path, secrets: realKeychain(), transport: 'cli' });
    expect(await call('drafts.get', { kind: 'FE' })).toMatchObject({
      ok: true,
      output: { idempotency_key: 'fe-key-0001', data },
    });
    expect(await call('drafts.get', { kind: 'DSE' })).toMatchObject({ ok: true, output: null });
    expect(await call('drafts.discard', { kind: 'FE' })).toMatchObject({ ok: true, output: { discarded: true } });
    expect(await call('drafts.get', { kind: 'FE' })).toMatchObject({ ok: true, output: null });
  });

  it('refuses an oversized draft and changes nothing', async () => {
    await call('drafts.save', { kind: 'DSE', idempotency_key: 'dse-key-0001', data: { a: 1 } });
    const huge = { text: 'x'.repeat(3 * 1024 * 1024) };
    expect((await call('drafts.save', { kind: 'DSE', idempotency_key: 'dse-key-0002', data: huge })).error?.code).toBe(
      'invalid_input',
    );
    expect(await call('drafts.get', { kind: 'DSE' })).toMatchObject({
      output: { idempotency_key: 'dse-key-0001', data: { a: 1 } },
    });
  });
});
