// Shifts on both engines with one test body (SQLite on a real file, PostgreSQL on a real server):
// one open shift per register (the database's index, its refusal in words), a shift's
// sales and split payments counted in its cash, movements and who may take cash out, a close with a
// difference approved by an administrator's PIN, a closed shift that nothing changes (core, and the
// triggers of migration 0027), and a close refused while a sale is being sent. (Through the RPC,
// selling to the real sandbox: shifts-rpc.test.ts.)
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Cashiers } from '#core/cashiers/cashiers';
import { Registers } from '#core/registers/registers';
import { SalePayments } from '#core/sales/sale-payments';
import { Shifts } from '#core/shifts/shifts';
import type { EngineKind } from '#core/store/engine';
import { AppError } from '#shared/rpc/errors';
import { FeSubmitInput } from '#shared/rpc/methods/fe';
import type { Submission } from '#shared/rpc/methods/submissions';
import { DENOMINATIONS } from '#shared/shifts/cash-count';
import { consumerSale } from '#test/core/rpc-core';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { refusal } from '#test/refusal';
import { tempDir } from '#test/temp';
import { COMPANY, insertFeSubmission } from '#test/fe-submission-row';

const ADMIN_PIN = '482913';
const ANA_PIN = '5172';
const zeroCounts = () => Object.fromEntries(DENOMINATIONS.map((d) => [d.key, 0]));
const sale = (pesos: number, means: 'cash' | 'card') => FeSubmitInput.parse(consumerSale(pesos, means).request);

describe.each(ENGINE_KINDS)('shifts on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let cashiers: Cashiers;
  let shifts: Shifts;
  let registers: Registers;
  let homes: ReturnType<typeof tempDir>;
  const clock = () => new Date();
  /** The cashiers and shifts of a register (a data folder) on the shop's database. */
  function register(folder: string) {
    const registers = new Registers(opened.engine, folder, clock);
    const registerCashiers = new Cashiers(opened.engine, clock, registers);
    return { registers, cashiers: registerCashiers, shifts: new Shifts(opened.engine, registerCashiers, registers, clock) };
  }
  beforeEach(async () => {
    opened = await openEngine(kind);
    homes = tempDir();
    await addConnections(opened.engine, [1]);
    ({ registers, cashiers, shifts } = register(`${homes.path}/caja-1`));
    await cashiers.createAdmin('Marta', ADMIN_PIN);
    await cashiers.create({ name: 'Ana', pin: ANA_PIN, role: 'cajero' });
    await cashiers.signIn(ANA_PIN);
  });
  afterEach(async () => {
    await opened.close();
    homes.remove();
  });

  /** A sale of the open shift, recorded under `key` as the ledger would, with its payments if any. */
  async function sell(key: string, request: ReturnType<typeof sale>, payments: Parameters<SalePayments['submit']>[2] = []) {
    const linked = await shifts.saleShift();
    if (!linked) throw new Error('no cashiers');
    const submit = async (keyed: { draft_key?: string | undefined }) =>
      ({ id: await insertFeSubmission(opened.engine, keyed.draft_key!, keyed) }) as Submission;
    return shifts.asSale(linked, COMPANY, key, () =>
      new SalePayments(opened.engine).submit(COMPANY, { ...request, draft_key: key }, payments, () => false, submit),
    );
  }

  it('one open shift per register, decided by the database: opened twice at once or again later, refused in words; another register opens its own', async () => {
    const both = await Promise.allSettled([shifts.open(150_000), shifts.open(150_000)]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = both.find((r) => r.status === 'rejected')!.reason as AppError;
    expect([refused.code, refused.message]).toEqual([
      'conflict',
      'Caja 1 ya tiene un turno abierto, de Ana. Ciérrelo antes de abrir otro.',
    ]);
    const shift = (await shifts.current())!;
    expect(shift).toMatchObject({
      register_name: 'Caja 1',
      cashier: { name: 'Ana' },
      opening_float: '150000.00',
      closed_at: null,
    });
    expect(await refusal(() => shifts.open(1))).toEqual({
      code: 'conflict',
      message: 'Caja 1 ya tiene un turno abierto, de Ana. Ciérrelo antes de abrir otro.',
    });
    // Another process's insert, past core: the partial unique index refuses it.
    await expect(
      opened.engine.db
        .insertInto('shifts')
        .values({
          register_name: 'Caja 1',
          register_id: await registers.id(),
          cashier_id: 1,
          opening_float: '0.00',
          opened_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow(/unique/i);
    // Another register (another data folder) on the same database: «Caja 2», its own shift, its own cashier signed in.
    const other = register(`${homes.path}/caja-2`);
    await other.cashiers.signIn(ADMIN_PIN);
    expect(await other.shifts.current()).toBeNull();
    expect((await other.shifts.open(50_000)).register_name).toBe('Caja 2');
    expect((await shifts.current())?.register_name).toBe('Caja 1');
    // Renamed, a register keeps its open shift, shown under its new name.
    await cashiers.signIn(ADMIN_PIN);
    await cashiers.setSettings({ register_name: 'Mostrador', stay_signed_in: false });
    expect(await shifts.current()).toMatchObject({ id: shift.id, register_name: 'Mostrador' });
  });

  it("a shift's sales, split payments and movements make its expected cash; a close with a difference needs an administrator's PIN", async () => {
    const shift = await shifts.open(150_000);
    await sell('fe-1', sale(10_000, 'cash')); // 11.900,00 in cash
    await sell('fe-2', sale(40_000, 'card')); // 47.600,00, no cash
    // 23.800,00: 10.000 in cash (20.000 received, 10.000 change) and the rest by card.
    const split = await sell('fe-3', sale(20_000, 'card'), [
      { method_id: 1, means: '10', label: 'Efectivo', amount: '10000.00', received: '20000.00', change: '10000.00' },
      { method_id: 3, means: '48', label: 'Tarjeta', amount: '13800.00', received: null, change: null },
    ]);
    expect((await new SalePayments(opened.engine).of(split.id)).map((p) => p.means)).toEqual(['10', '48']);
    await insertFeSubmission(opened.engine, 'fe-other', sale(1_000, 'cash')); // not a sale of the shift
    await shifts.move({ kind: 'in', amount: 20_000, reason: 'cambio de monedas' });
    const out = { kind: 'out', amount: 50_000, reason: 'pago a proveedor' } as const;
    expect((await refusal(() => shifts.move(out))).code).toBe('not_allowed');
    expect((await refusal(() => shifts.move({ ...out, admin_pin: ANA_PIN }))).message).toContain('no es de un administrador');
    const moved = await shifts.move({ ...out, admin_pin: ADMIN_PIN });
    expect(moved.movements.map((m) => [m.kind, m.amount, m.cashier])).toEqual([
      ['in', '20000.00', 'Ana'],
      ['out', '50000.00', 'Marta'],
    ]);
    // 150.000 + 11.900 + 20.000 - 10.000 + 20.000 - 50.000
    expect(moved).toMatchObject({
      sales: { documents: 3, total: '83300.00', cash_documents: 2, rejected: 0 },
      cash_received: '31900.00',
      change_given: '10000.00',
      expected_cash: '141900.00',
    });

    const counts = { ...zeroCounts(), bill_100000: 1, bill_20000: 2 }; // 140.000: 1.900 short
    expect(await refusal(() => shifts.close({ counts }))).toEqual({
      code: 'not_allowed',
      message: 'Aceptar un cierre con diferencia necesita el PIN de un administrador.',
    });
    expect((await shifts.get(shift.id)).closed_at).toBeNull();
    const closed = await shifts.close({ counts, admin_pin: ADMIN_PIN });
    expect(closed).toMatchObject({
      expected_cash: '141900.00',
      counted_cash: '140000.00',
      difference: '-1900.00',
      difference_accepted_by: 'Marta',
      closed_by: 'Ana',
      counts,
    });
    expect(await shifts.current()).toBeNull();
    expect(await shifts.recentClosed(5)).toEqual([closed]);
    expect(await shifts.ofDay()).toMatchObject({ opening_float: '150000.00', counted_cash: '140000.00', open_shifts: 0 });
  });

  it('nothing of a closed shift changes: not through core, not through SQL', async () => {
    const shift = await shifts.open(50_000);
    await sell('fe-1', sale(10_000, 'cash'));
    const closed = await shifts.close({
      counts: { ...zeroCounts(), bill_50000: 1, bill_10000: 1, coin_1000: 1, coin_500: 1, coin_200: 2 },
    });
    expect(closed).toMatchObject({ difference: '0.00', difference_accepted_by: null });
    expect((await refusal(() => shifts.move({ kind: 'in', amount: 1_000, reason: 'olvidado' }))).code).toBe('conflict');
    expect((await refusal(() => sell('fe-2', sale(1_000, 'cash')))).code).toBe('conflict');
    const db = opened.engine.db;
    await expect(sql`UPDATE shifts SET counted_cash = '1.00' WHERE id = ${shift.id}`.execute(db)).rejects.toThrow(/read-only/);
    await expect(
      sql`INSERT INTO shift_movements (shift_id, kind, amount, reason, cashier_id, created_at) VALUES (${shift.id}, 'in', '1.00', 'x', 1, 'now')`.execute(
        db,
      ),
    ).rejects.toThrow(/read-only/);
    await expect(sql`DELETE FROM shift_sales WHERE shift_id = ${shift.id}`.execute(db)).rejects.toThrow(/stays in its shift/);
    await expect(sql`DELETE FROM shifts WHERE id = ${shift.id}`.execute(db)).rejects.toThrow(/never deleted/);
    expect(await shifts.get(shift.id)).toEqual(closed);
  });

  it('a sale is in its shift from the commit that records it, before any answer: a register killed then leaves it there', async () => {
    const shift = await shifts.open(0);
    let recorded!: () => void;
    const inLedger = new Promise<void>((resolve) => (recorded = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const linked = await shifts.saleShift();
    const selling = shifts.asSale(linked!, COMPANY, 'fe-killed', async () => {
      const id = await insertFeSubmission(opened.engine, 'fe-killed', sale(10_000, 'cash'));
      recorded();
      await answered;
      return id;
    });
    await inLedger;
    // The ledger's write-ahead committed and nothing after it ran: the sale is the shift's already.
    const { db } = opened.engine;
    expect(
      (
        await db
          .selectFrom('shift_sales as ss')
          .innerJoin('submissions as s', 's.id', 'ss.submission_id')
          .select(['ss.shift_id', 's.idempotency_key'])
          .execute()
      ).map((row) => ({ ...row, shift_id: Number(row.shift_id) })),
    ).toEqual([{ shift_id: shift.id, idempotency_key: 'fe-killed' }]);
    expect(await db.selectFrom('shift_sales_staged').selectAll().execute()).toEqual([]);
    answer();
    await selling;
    expect((await shifts.current())!.sales).toMatchObject({ documents: 1, cash_documents: 1 });
  });

  it('a close waits for the sale being sent: refused while it is on its way, closed once it is linked', async () => {
    await shifts.open(0);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const linked = await shifts.saleShift();
    const selling = shifts.asSale(linked!, COMPANY, 'fe-slow', async () => {
      await answered;
      return insertFeSubmission(opened.engine, 'fe-slow', sale(10_000, 'card'));
    });
    expect((await refusal(() => shifts.close({ counts: zeroCounts() }))).message).toBe(
      'Hay una venta enviándose en este turno. Espere a que termine y cierre de nuevo.',
    );
    answer();
    await selling;
    const closed = await shifts.close({ counts: zeroCounts() });
    expect(closed.sales).toEqual({ documents: 1, total: '11900.00', cash_documents: 0, rejected: 0 });
  });
});
