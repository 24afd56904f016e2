// Cashiers and shifts through the RPC, on a real core (real SQLite file) selling to the real
// sandbox: roles enforced in core, not by hidden buttons; bad input refused in Spanish with
// nothing changed; the sales and cash of a shift; a close with a difference accepted by an
// administrator's PIN; a closed shift that nothing changes (core, and the database's triggers); and
// a sale's split payments recorded with its submission by fe.submit.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import type { CashierState } from '#shared/rpc/methods/cashiers';
import type { Shift, ShiftsOfDay } from '#shared/rpc/methods/shifts';
import type { Submission } from '#shared/rpc/methods/submissions';
import { DENOMINATIONS } from '#shared/shifts/cash-count';
import { memorySecrets } from '#test/core/memory-secrets';
import { consumerSale, openRpcCore } from '#test/core/rpc-core';
import { readRegisterId, saveRegisterId } from '#core/registers/register-identity';
import { connectDemo } from '#test/shop';
import { tempDir } from '#test/temp';

const ADMIN_PIN = '482913';
const ANA_PIN = '5172';
const BETO_PIN = '930415';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
const secrets = memorySecrets();
const open = (home: string, clock?: () => Date) => openRpcCore(home, { secrets, ...(clock ? { clock } : {}) });

beforeAll(async () => {
  dir = tempDir('factura-desk-shifts-');
  sandbox = await startSandbox({ seed: 'resources/demo-seed.json', settleMs: 20 });
});
afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

const zeroCounts = () => Object.fromEntries(DENOMINATIONS.map((d) => [d.key, 0]));

describe('cashiers and shifts', () => {
  const home = () => join(dir.path, 'shop');
  let app: ReturnType<typeof open>;
  let shift: Shift;

  beforeAll(async () => {
    app = open(home());
    await connectDemo(app.rpc, sandbox.baseUrl);
  });
  afterAll(async () => {
    await app?.core.close();
  });

  it('before the first administrator the app works as before cashiers; shifts ask for one', async () => {
    const state = await app.rpc<CashierState>('cashiers.state', {});
    expect(state).toMatchObject({ has_admin: false, register_name: 'Caja 1', current: null, cashiers: [] });
    const refused = await app.fails('shifts.open', { opening_float: 100_000 });
    expect(refused).toMatchObject({ code: 'conflict' });
    expect(refused.message).toContain('cree primero el administrador');
    const submitted = await app.rpc<Submission>('fe.submit', consumerSale(1_000, 'cash'));
    expect(submitted.state).not.toBe('failed');
  });

  it('the first run creates the administrator, signed in; bad input is refused in Spanish', async () => {
    const bad = await app.fails('cashiers.createAdmin', { name: ' ', pin: '12a' });
    expect(bad.code).toBe('invalid_input');
    expect(bad.details?.fields?.map((f) => f.message)).toEqual(
      expect.arrayContaining(['Escriba el nombre de quien atiende la caja.', 'El PIN son de 4 a 8 números.']),
    );
    const state = await app.rpc<CashierState>('cashiers.createAdmin', { name: 'Marta', pin: ADMIN_PIN });
    expect(state).toMatchObject({ has_admin: true, current: { name: 'Marta', role: 'administrador' } });
    expect((await app.fails('cashiers.createAdmin', { name: 'Otro', pin: '1111' })).code).toBe('conflict');
    // The PIN is kept only as a salted scrypt key.
    const row = app.core.parts.store!.db.prepare('SELECT * FROM cashiers').get() as Record<string, unknown>;
    expect(JSON.stringify(row)).not.toContain(ADMIN_PIN);
    expect(String(row.pin_key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the administrator adds cajeros; a PIN already used or a taken name is refused and nothing is added', async () => {
    await app.rpc('cashiers.create', { name: 'Ana', pin: ANA_PIN, role: 'cajero' });
    await app.rpc('cashiers.create', { name: 'Beto', pin: BETO_PIN, role: 'cajero' });
    const samePin = await app.fails('cashiers.create', { name: 'Carla', pin: ANA_PIN, role: 'cajero' });
    expect(samePin).toMatchObject({ code: 'invalid_input', message: 'Ese PIN ya es de otra persona. Elija otro.' });
    const sameName = await app.fails('cashiers.create', { name: 'ana', pin: '6060', role: 'cajero' });
    expect(sameName.message).toBe('Ya hay un cajero con ese nombre.');
    const state = await app.rpc<CashierState>('cashiers.state', {});
    expect(state.cashiers.map((c) => c.name)).toEqual(['Ana', 'Beto', 'Marta']);
  });

  it('a cajero switched in by PIN alone cannot change settings, open the drawer or add cashiers (core refuses)', async () => {
    const state = await app.rpc<CashierState>('cashiers.signIn', { pin: ANA_PIN });
    expect(state.current).toMatchObject({ name: 'Ana', role: 'cajero' });
    const printerBefore = await app.rpc('print.thermal', {});
    for (const [method, input] of [
      ['print.setThermal', { ...(printerBefore as object), connection: 'network', host: '10.0.0.9' }],
      ['print.openDrawer', {}],
      ['cashiers.create', { name: 'Diego', pin: '7788', role: 'administrador' }],
      ['cashiers.setSettings', { register_name: 'Caja 9', stay_signed_in: true }],
      ['outbox.setWindow', { hours: 24 }],
    ] as const) {
      const refused = await app.fails(method, input);
      expect([method, refused.code]).toEqual([method, 'not_allowed']);
      expect(refused.message).toMatch(/administrador/);
    }
    expect(await app.rpc('print.thermal', {})).toEqual(printerBefore);
    expect((await app.rpc<CashierState>('cashiers.state', {})).register_name).toBe('Caja 1');
  });

  it('with cashiers a sale needs an open shift: refused without one, and nothing is sent', async () => {
    const before = app.core.parts.store!.db.prepare('SELECT COUNT(*) AS n FROM submissions').get();
    const refused = await app.fails('fe.submit', consumerSale(2_000, 'cash'));
    expect(refused.code).toBe('conflict');
    expect(refused.message).toContain('No hay un turno abierto en Caja 1');
    expect(app.core.parts.store!.db.prepare('SELECT COUNT(*) AS n FROM submissions').get()).toEqual(before);
  });

  it('a shift opens with its float; its sales and cash movements belong to it', async () => {
    expect((await app.fails('shifts.open', { opening_float: -5 })).details?.fields?.[0]?.message).toBe(
      'La base de caja no puede ser negativa.',
    );
    shift = await app.rpc<Shift>('shifts.open', { opening_float: 150_000 });
    expect(shift).toMatchObject({
      register_name: 'Caja 1',
      cashier: { name: 'Ana' },
      opening_float: '150000.00',
      closed_at: null,
    });
    expect((await app.fails('shifts.open', { opening_float: 1 })).message).toContain('ya tiene un turno abierto, de Ana');
    await app.rpc('fe.submit', consumerSale(10_000, 'cash')); // 11.900,00
    await app.rpc('fe.submit', consumerSale(2_500, 'cash')); // 2.975,00
    await app.rpc('fe.submit', consumerSale(40_000, 'card')); // 47.600,00, no cash
    const moved = await app.rpc<{ shift: Shift; drawer_opened: boolean }>('shifts.move', {
      kind: 'in',
      amount: 20_000,
      reason: 'cambio de monedas',
    });
    expect(moved.drawer_opened).toBe(false);
    const current = await app.rpc<Shift>('shifts.current', {});
    expect(current.sales).toEqual({ documents: 3, total: '62475.00', cash_documents: 2, rejected: 0 });
    expect(current).toMatchObject({ cash_received: '14875.00', cash_in: '20000.00', expected_cash: '184875.00' });
  });

  it('cash out needs an administrator: refused for a cajero and for a cajero PIN, taken with the administrator PIN', async () => {
    const out = { kind: 'out', amount: 50_000, reason: 'pago a proveedor' } as const;
    expect((await app.fails('shifts.move', out)).code).toBe('not_allowed');
    expect((await app.fails('shifts.move', { ...out, admin_pin: BETO_PIN })).message).toContain('no es de un administrador');
    expect((await app.fails('shifts.move', { ...out, reason: 'x' })).details?.fields?.[0]?.message).toContain('motivo');
    expect((await app.rpc<Shift>('shifts.current', {})).movements).toHaveLength(1);
    const moved = await app.rpc<{ shift: Shift }>('shifts.move', { ...out, admin_pin: ADMIN_PIN });
    expect(moved.shift.movements.map((m) => [m.kind, m.amount, m.reason, m.cashier])).toEqual([
      ['in', '20000.00', 'cambio de monedas', 'Ana'],
      ['out', '50000.00', 'pago a proveedor', 'Marta'],
    ]);
    expect(moved.shift.expected_cash).toBe('134875.00');
  });

  it('another cajero cannot sell or close on Ana’s shift', async () => {
    await app.rpc('cashiers.signIn', { pin: BETO_PIN });
    expect((await app.fails('fe.submit', consumerSale(1_000, 'cash'))).message).toContain('el turno abierto es de Ana');
    expect((await app.fails('shifts.close', { counts: zeroCounts() })).code).toBe('not_allowed');
    await app.rpc('cashiers.signIn', { pin: ANA_PIN });
  });

  it('a close with a difference needs the administrator PIN; accepted, the shift is closed with its count', async () => {
    // 1 × 100.000 + 1 × 20.000 + 1 × 10.000 + 2 × 2.000 + 1 × 500 + 3 × 100 = 134.800: $ 75 short.
    const counts = { ...zeroCounts(), bill_100000: 1, bill_20000: 1, bill_10000: 1, bill_2000: 2, coin_500: 1, coin_100: 3 };
    const refused = await app.fails('shifts.close', { counts });
    expect(refused).toMatchObject({
      code: 'not_allowed',
      message: 'Aceptar un cierre con diferencia necesita el PIN de un administrador.',
    });
    expect((await app.fails('shifts.close', { counts: { ...counts, coin_50: -1 } })).code).toBe('invalid_input');
    expect((await app.rpc<Shift>('shifts.current', {})).closed_at).toBeNull();
    const closed = await app.rpc<Shift>('shifts.close', { counts, admin_pin: ADMIN_PIN });
    expect(closed).toMatchObject({
      expected_cash: '134875.00',
      counted_cash: '134800.00',
      difference: '-75.00',
      difference_accepted_by: 'Marta',
      closed_by: 'Ana',
    });
    expect(closed.counts).toEqual(counts);
    expect(await app.rpc('shifts.current', {})).toBeNull();
  });

  it('nothing of a closed shift changes: not through core, not through SQL', async () => {
    const before = await app.rpc<Shift>('shifts.get', { id: shift.id });
    expect((await app.fails('shifts.move', { kind: 'in', amount: 1_000, reason: 'olvidado' })).code).toBe('conflict');
    expect((await app.fails('fe.submit', consumerSale(1_000, 'cash'))).code).toBe('conflict');
    const db = app.core.parts.store!.db;
    expect(() => db.prepare("UPDATE shifts SET counted_cash = '134875.00' WHERE id = ?").run(shift.id)).toThrow(/read-only/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO shift_movements (shift_id, kind, amount, reason, cashier_id, created_at) VALUES (?, 'in', '1.00', 'x', 1, 'now')",
        )
        .run(shift.id),
    ).toThrow(/read-only/);
    expect(() => db.prepare('DELETE FROM shift_sales WHERE shift_id = ?').run(shift.id)).toThrow(/stays in its shift/);
    expect(() => db.prepare('DELETE FROM shifts WHERE id = ?').run(shift.id)).toThrow(/never deleted/);
    expect(await app.rpc<Shift>('shifts.get', { id: shift.id })).toEqual(before);
  });

  it("the day's close sums its shifts; an exact count closes without any PIN", async () => {
    await app.rpc('shifts.open', { opening_float: 50_000 });
    const exact = await app.rpc<Shift>('shifts.close', { counts: { ...zeroCounts(), bill_50000: 1 } });
    expect(exact).toMatchObject({ difference: '0.00', difference_accepted_by: null });
    const day = await app.rpc<ShiftsOfDay>('shifts.ofDay', {});
    expect(day).toMatchObject({
      opening_float: '200000.00',
      cash_received: '14875.00',
      expected_cash: '184875.00',
      counted_cash: '184800.00',
      difference: '-75.00',
      open_shifts: 0,
    });
    expect(day.shifts.map((s) => s.cashier.name)).toEqual(['Ana', 'Ana']);
  });

  it("the register's recent closes, newest first, as they were stored; another register's are not listed", async () => {
    const [newest, older] = await app.rpc<Shift[]>('shifts.recentClosed', {});
    expect(newest).toMatchObject({ opening_float: '50000.00', difference: '0.00' });
    expect(older).toEqual(await app.rpc<Shift>('shifts.get', { id: shift.id }));
    expect(await app.rpc<Shift[]>('shifts.recentClosed', { limit: 1 })).toEqual([newest]);
    expect((await app.fails('shifts.recentClosed', { limit: 0 })).code).toBe('invalid_input');
    // The same store opened as another register (the folder under another id): none of Caja 1's.
    const caja1 = readRegisterId(home());
    await app.core.close();
    saveRegisterId(home(), 'K7QM2X9B');
    app = open(home());
    await app.rpc('cashiers.signIn', { pin: ADMIN_PIN });
    expect((await app.rpc<CashierState>('cashiers.state', {})).register_name).toBe('Caja 2');
    expect(await app.rpc<Shift[]>('shifts.recentClosed', {})).toEqual([]);
    await app.core.close();
    saveRegisterId(home(), caja1!);
    app = open(home());
    expect(await app.rpc<Shift[]>('shifts.recentClosed', {})).toHaveLength(2);
  });
});

describe('PIN entry', () => {
  it('wrong PINs lock PIN entry for a while, even for the right PIN, and the lock ends', async () => {
    let now = Date.parse('2026-11-20T15:00:00Z');
    const app = open(join(dir.path, 'pins'), () => new Date(now));
    try {
      await app.rpc('cashiers.createAdmin', { name: 'Marta', pin: ADMIN_PIN });
      await app.rpc('cashiers.signOut', {});
      for (let i = 0; i < 5; i += 1) {
        expect((await app.fails('cashiers.signIn', { pin: '0000' })).message).toBe('El PIN no corresponde a ningún cajero.');
      }
      const locked = await app.fails('cashiers.signIn', { pin: ADMIN_PIN });
      expect(locked).toMatchObject({ code: 'not_allowed' });
      expect(locked.message).toContain('Espere 30 segundos');
      expect((await app.rpc<CashierState>('cashiers.state', {})).current).toBeNull();
      now += 31_000;
      expect((await app.rpc<CashierState>('cashiers.signIn', { pin: ADMIN_PIN })).current?.name).toBe('Marta');
    } finally {
      await app.core.close();
    }
  });

  it('a one-person shop stays signed in across restarts when the setting says so; otherwise the PIN is asked', async () => {
    const folder = join(dir.path, 'one-person');
    let app = open(folder);
    await app.rpc('cashiers.createAdmin', { name: 'Marta', pin: ADMIN_PIN });
    await app.core.close();
    app = open(folder);
    expect((await app.rpc<CashierState>('cashiers.state', {})).current).toBeNull();
    await app.rpc('cashiers.signIn', { pin: ADMIN_PIN });
    await app.rpc('cashiers.setSettings', { register_name: 'Mostrador', stay_signed_in: true });
    await app.core.close();
    app = open(folder);
    try {
      expect(await app.rpc<CashierState>('cashiers.state', {})).toMatchObject({
        register_name: 'Mostrador',
        stay_signed_in: true,
        current: { name: 'Marta' },
      });
    } finally {
      await app.core.close();
    }
  });
});

describe('a sale paid by several means', () => {
  it('records its payments with its submission through fe.submit; sent again under its key, the first payments stay', async () => {
    const app = open(join(dir.path, 'split'));
    try {
      await connectDemo(app.rpc, sandbox.baseUrl);
      const { request } = consumerSale(20_000, 'card'); // 23.800,00
      const payments = [
        { method_id: 1, means: '10', label: 'Efectivo', amount: '10000.00', received: '20000.00', change: '10000.00' },
        { method_id: 3, means: '48', label: 'Tarjeta', amount: '13800.00', received: null, change: null },
      ];
      const keyed = { ...request, draft_key: 'fe-split-1' };
      const sent = await app.rpc<Submission>('fe.submit', { request: keyed, payments });
      expect(await app.rpc('fe.salePayments', { submission_id: sent.id })).toEqual(payments);
      const again = await app.rpc<Submission>('fe.submit', {
        request: keyed,
        payments: [{ ...payments[1]!, amount: '23800.00' }],
      });
      expect(again.id).toBe(sent.id);
      expect(await app.rpc('fe.salePayments', { submission_id: sent.id })).toEqual(payments);
      expect(app.core.parts.store!.db.prepare('SELECT COUNT(*) AS n FROM sale_payments_staged').get()).toEqual({ n: 0 });
    } finally {
      await app.core.close();
    }
  });
});
