// Cashiers on both engines with one test body (SQLite on a real file, PostgreSQL on a real server):
// the first administrator, PINs that name one cashier and are kept only as salted keys, what a cajero
// is refused, an administrator's PIN approving, wrong PINs locking PIN entry, the last administrator
// kept, and who stays signed in when the cashiers are opened again. (Through the RPC and the real
// core: test/integration/shifts/shifts-rpc.test.ts.)
import type { AppError } from '#shared/rpc/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Cashiers } from '#core/cashiers/cashiers';
import { Registers } from '#core/registers/registers';
import type { EngineKind } from '#core/store/engine';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { refusal } from '#test/refusal';
import { tempDir } from '#test/temp';

const ADMIN_PIN = '482913';
const ANA_PIN = '5172';

describe.each(ENGINE_KINDS)('cashiers on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let now: number;
  let cashiers: Cashiers;
  let home: ReturnType<typeof tempDir>;
  const clock = () => new Date(now);
  /** The cashiers of a core opened on this register's data folder (again). */
  const reopen = () => new Cashiers(opened.engine, clock, new Registers(opened.engine, home.path, clock));
  beforeEach(async () => {
    opened = await openEngine(kind);
    home = tempDir();
    now = Date.parse('2026-11-20T15:00:00Z');
    cashiers = reopen();
  });
  afterEach(async () => {
    await opened.close();
    home.remove();
  });

  it('before the first administrator nobody is asked; the first one is created signed in, its PIN kept only as a salted key', async () => {
    expect(await cashiers.state()).toEqual({
      has_admin: false,
      register_name: 'Caja 1',
      stay_signed_in: false,
      current: null,
      cashiers: [],
    });
    expect(await cashiers.requireSignedIn()).toBeNull();
    await cashiers.requireAdmin('Cambiar la impresora');
    expect((await refusal(() => cashiers.signIn(ADMIN_PIN))).code).toBe('conflict');
    const state = await cashiers.createAdmin('Marta', ADMIN_PIN);
    expect(state).toMatchObject({ has_admin: true, current: { name: 'Marta', role: 'administrador', active: true } });
    expect((await refusal(() => cashiers.createAdmin('Otra', '1111'))).code).toBe('conflict');
    const rows = await opened.engine.db.selectFrom('cashiers').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(ADMIN_PIN);
    expect(rows[0]!.pin_key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a PIN names one cashier: a PIN or a name already used is refused and nothing is added; a cajero is refused what only an administrator may do', async () => {
    await cashiers.createAdmin('Marta', ADMIN_PIN);
    await cashiers.create({ name: 'Ana', pin: ANA_PIN, role: 'cajero' });
    expect(await refusal(() => cashiers.create({ name: 'Beto', pin: ANA_PIN, role: 'cajero' }))).toEqual({
      code: 'invalid_input',
      message: 'Ese PIN ya es de otra persona. Elija otro.',
    });
    expect((await refusal(() => cashiers.create({ name: ' ana ', pin: '6060', role: 'cajero' }))).message).toBe(
      'Ya hay un cajero con ese nombre.',
    );
    expect((await cashiers.state()).cashiers.map((c) => c.name)).toEqual(['Ana', 'Marta']);

    expect((await cashiers.signIn(ANA_PIN)).current).toMatchObject({ name: 'Ana', role: 'cajero' });
    for (const work of [
      () => cashiers.requireAdmin('Cambiar la impresora'),
      () => cashiers.create({ name: 'Diego', pin: '7788', role: 'administrador' }),
      () => cashiers.setSettings({ register_name: 'Caja 9', stay_signed_in: true }),
      () => cashiers.setActive(1, false),
    ]) {
      const refused = await refusal(work);
      expect(refused.code).toBe('not_allowed');
      expect(refused.message).toContain('administrador');
    }
    expect((await cashiers.state()).register_name).toBe('Caja 1');
    // An administrator walks over and types the PIN; a cajero's PIN does not approve.
    expect((await refusal(() => cashiers.adminApproval('Sacar efectivo de la caja', undefined))).message).toBe(
      'Sacar efectivo de la caja necesita el PIN de un administrador.',
    );
    expect((await refusal(() => cashiers.adminApproval('Sacar efectivo de la caja', ANA_PIN))).message).toContain(
      'no es de un administrador',
    );
    expect(await cashiers.adminApproval('Sacar efectivo de la caja', ADMIN_PIN)).toMatchObject({ name: 'Marta' });
    expect((await cashiers.currentCashier())?.name).toBe('Ana');
  });

  it('the same name created twice at once: one cashier, the other told in words', async () => {
    await cashiers.createAdmin('Marta', ADMIN_PIN);
    // Two requests at once (two windows on one register): both find the name free, then both insert.
    const results = await Promise.allSettled([
      cashiers.create({ name: 'Luisa', pin: '5151', role: 'cajero' }),
      cashiers.create({ name: 'luisa', pin: '6262', role: 'cajero' }),
    ]);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(((refused[0] as PromiseRejectedResult).reason as AppError).toShape()).toEqual({
      code: 'invalid_input',
      message: 'Ya hay un cajero con ese nombre.',
      details: { fields: [{ path: 'name', message: 'Ya hay un cajero con ese nombre.' }] },
    });
    expect((await cashiers.state()).cashiers.map((c) => c.name.toLowerCase()).sort()).toEqual(['luisa', 'marta']);
  });

  it('wrong PINs lock PIN entry for a while, even for the right PIN, and the lock ends', async () => {
    await cashiers.createAdmin('Marta', ADMIN_PIN);
    await cashiers.signOut();
    // Typed at once: each one is counted.
    const wrong = await Promise.all(Array.from({ length: 5 }, () => refusal(() => cashiers.signIn('0000'))));
    expect(wrong.map((r) => r.message)).toEqual(Array(5).fill('El PIN no corresponde a ningún cajero.'));
    const locked = await refusal(() => cashiers.signIn(ADMIN_PIN));
    expect(locked.code).toBe('not_allowed');
    expect(locked.message).toContain('Espere 30 segundos');
    expect(await cashiers.currentCashier()).toBeNull();
    now += 31_000;
    expect((await cashiers.signIn(ADMIN_PIN)).current?.name).toBe('Marta');
    const settings = await opened.engine.db.selectFrom('registers').selectAll().executeTakeFirstOrThrow();
    expect(settings).toMatchObject({ failed_pins: 0, locked_until: null });
  });

  it('the last active administrator stays; a cashier taken off is signed out and its PIN signs in no more', async () => {
    await cashiers.createAdmin('Marta', ADMIN_PIN);
    const { cashiers: list } = await cashiers.create({ name: 'Ana', pin: ANA_PIN, role: 'cajero' });
    const marta = list.find((c) => c.name === 'Marta')!;
    const ana = list.find((c) => c.name === 'Ana')!;
    expect(await refusal(() => cashiers.setActive(marta.id, false))).toEqual({
      code: 'conflict',
      message: 'La caja necesita al menos un administrador activo.',
    });
    expect((await refusal(() => cashiers.setActive(999, false))).code).toBe('not_found');
    await cashiers.signIn(ANA_PIN);
    await cashiers.signIn(ADMIN_PIN);
    const state = await cashiers.setActive(ana.id, false);
    expect(state.cashiers.find((c) => c.id === ana.id)?.active).toBe(false);
    expect((await refusal(() => cashiers.signIn(ANA_PIN))).code).toBe('invalid_input');
  });

  it('opened again, a one-person shop stays signed in only when the setting says so; the command line signs in for its process only', async () => {
    await cashiers.createAdmin('Marta', ADMIN_PIN);
    await cashiers.create({ name: 'Ana', pin: ANA_PIN, role: 'cajero' });
    expect(await reopen().currentCashier()).toBeNull();
    await cashiers.setSettings({ register_name: 'Mostrador', stay_signed_in: true });
    const reopened = reopen();
    expect(await reopened.state()).toMatchObject({
      register_name: 'Mostrador',
      stay_signed_in: true,
      current: { name: 'Marta' },
    });
    const cli = reopen();
    expect(await cli.actAs(ANA_PIN)).toMatchObject({ name: 'Ana' });
    expect((await cli.currentCashier())?.name).toBe('Ana');
    expect((await reopen().currentCashier())?.name).toBe('Marta');
  });
});
