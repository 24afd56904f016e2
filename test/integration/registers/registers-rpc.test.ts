// The registers through the RPC of a real core on its data folder: the list with this register
// marked, renaming and removing only by an administrator, a duplicate name refused in words, and the
// keys this core draws naming its register (within the contract's limits).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/api/common';
import { registerOf } from '#shared/registers/keys';
import type { RegisterList } from '#shared/rpc/methods/registers';
import { openRpcCore } from '#test/core/rpc-core';
import { tempDir } from '#test/temp';

const ADMIN_PIN = '482913';
const ANA_PIN = '5172';

describe('registers through the RPC', () => {
  let dir: ReturnType<typeof tempDir>;
  let app: ReturnType<typeof openRpcCore>;
  beforeEach(() => {
    dir = tempDir();
    app = openRpcCore(join(dir.path, 'caja'));
  });
  afterEach(async () => {
    await app.core.close();
    dir.remove();
  });

  it('lists this register; only an administrator renames; a name in use is refused in words', async () => {
    const { registers } = await app.rpc<RegisterList>('registers.list', {});
    expect(registers).toEqual([expect.objectContaining({ name: 'Caja 1', this_register: true, removed_at: null })]);
    const id = registers[0]!.id;
    await app.rpc('cashiers.createAdmin', { name: 'Marta', pin: ADMIN_PIN });
    await app.rpc('cashiers.create', { name: 'Ana', pin: ANA_PIN, role: 'cajero' });
    await app.rpc('cashiers.signIn', { pin: ANA_PIN });
    for (const [method, input] of [
      ['registers.rename', { id, name: 'Mostrador' }],
      ['registers.remove', { id }],
      ['registers.rejoin', {}],
    ] as const) {
      const refused = await app.fails(method, input);
      expect(refused.code).toBe('not_allowed');
      expect(refused.message).toContain('solo lo puede hacer un administrador');
    }
    await app.rpc('cashiers.signIn', { pin: ADMIN_PIN });
    expect((await app.rpc<RegisterList>('registers.rename', { id, name: '  Mostrador  ' })).registers[0]!.name).toBe('Mostrador');
    expect((await app.rpc<{ register_name: string }>('cashiers.state', {})).register_name).toBe('Mostrador');
    expect((await app.fails('registers.rename', { id, name: '' })).code).toBe('invalid_input');
    expect((await app.fails('registers.rename', { id: 'no-such', name: 'Caja 9' })).code).toBe('invalid_input');
    expect(await app.fails('registers.remove', { id })).toMatchObject({ code: 'conflict' });
  });

  it('the keys and references this core draws name its register, within the contract limits', async () => {
    const { registers } = await app.rpc<RegisterList>('registers.list', {});
    const id = registers[0]!.id;
    const fe = await app.core.parts.submissions.newKey('fe');
    const dse = await app.core.parts.submissions.newKey('dse');
    expect(fe).toMatch(new RegExp(`^fe-${id}-[0-9a-f-]{36}$`));
    expect(dse).toMatch(new RegExp(`^dse-${id}-[0-9a-f-]{36}$`));
    expect(fe.length).toBeLessThanOrEqual(LIMITS.draftKeyMax);
    expect(dse.length).toBeLessThanOrEqual(LIMITS.idempotencyKeyMax);
    expect([registerOf(fe), registerOf(dse)]).toEqual([id, id]);
    // Keys made before registers, or chosen by a caller, name none.
    expect(registerOf('fe-8c0d3d52-9d55-4a55-9c8e-6f0e2d0f5a11')).toBeNull();
    expect(registerOf('borrador-0001')).toBeNull();
  });
});
