// Shifts: a cashier at this register from a counted float to a counted close. Every FE made while
// a shift is open is linked to it (shift_sales), every cash movement is written in it, and the close
// stores expected, counted and difference once; from then on nothing of the shift changes (here, and
// by the triggers of migration 0027). A sale being sent keeps its shift open until it is linked.
// On either engine (store/engine.ts): a write that needs its shift still open reads it in its
// transaction, locked on PostgreSQL (several processes), where SQLite's one connection serialises.
import type { Kysely, Selectable } from 'kysely';
import { cashDifference, countedCash, expectedCash, type DenominationCounts } from '#shared/shifts/cash-count';
import { dec, sum, toMoneyString } from '#shared/money';
import { AppError } from '#shared/rpc/errors';
import type { Cashier } from '#shared/rpc/methods/cashiers';
import type { CloseInput, MovementInput, Shift, ShiftsOfDay } from '#shared/rpc/methods/shifts';
import { colombiaToday } from '#shared/dates';
import type { Cashiers } from '../cashiers/cashiers';
import type { Registers } from '../registers/registers';
import { colombiaDayRange } from '../day-close/day-close';
import type { Engine } from '../store/engine';
import type { Schema, ShiftsTable } from '../store/schema';
import { salesCash, shiftSales, type SalesCash } from './cash-sales';

type Db = Kysely<Schema>;

/**
 * A shift's row (schema.ts) with its register's name now (a register renamed shows its shifts under
 * its new name), and the names of its cashier, of who closed it and of who accepted its difference.
 */
type ShiftRow = Selectable<ShiftsTable> & {
  current_register_name: string | null;
  cashier_name: string;
  closed_by_name: string | null;
  accepted_by_name: string | null;
};

type Movement = Shift['movements'][number];

interface Figures {
  sales: SalesCash;
  cashIn: string;
  cashOut: string;
  movements: Movement[];
}

function shiftRows(db: Db) {
  return db
    .selectFrom('shifts as s')
    .innerJoin('cashiers as c', 'c.id', 's.cashier_id')
    .leftJoin('cashiers as cb', 'cb.id', 's.closed_by')
    .leftJoin('cashiers as ab', 'ab.id', 's.difference_accepted_by')
    .leftJoin('registers as r', 'r.id', 's.register_id')
    .selectAll('s')
    .select([
      'r.name as current_register_name',
      'c.name as cashier_name',
      'cb.name as closed_by_name',
      'ab.name as accepted_by_name',
    ]);
}

const closedShift = () => new AppError('conflict', 'Ese turno ya está cerrado: no cambia más.');

/** The partial unique index of one open shift per register (shifts_open_by_register) refused an insert. */
function isOpenShiftTaken(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === 'shifts_open_by_register';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('shifts.register_id');
}

export class Shifts {
  /** Sales being sent, per shift: the shift does not close under them. */
  private readonly inFlight = new Map<number, number>();

  constructor(
    private readonly engine: Engine,
    private readonly cashiers: Cashiers,
    private readonly registers: Registers,
    private readonly clock: () => Date,
  ) {}

  async current(): Promise<Shift | null> {
    const row = await this.openOf(this.engine.db, await this.registers.id());
    return row ? this.view(this.engine.db, row) : null;
  }

  async get(id: number): Promise<Shift> {
    const row = await shiftRows(this.engine.db).where('s.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not_found', 'Ese turno no existe.');
    return this.view(this.engine.db, row);
  }

  async open(openingFloat: number): Promise<Shift> {
    const cashier = await this.signedIn();
    await this.registers.requireInShop();
    let register = await this.registers.current();
    // The database decides (the partial unique index of one open shift per register), so a shift
    // another process opened a moment ago is refused the same way as one opened hours ago; the
    // register's row is held meanwhile, so a removal at another register cannot pass at once.
    let id: number;
    try {
      id = await this.engine.transaction(async (trx) => {
        register = await this.registers.requireInShopWhile(trx);
        const opened = await trx
          .insertInto('shifts')
          .values({
            register_name: register.name,
            register_id: register.id,
            cashier_id: cashier.id,
            opening_float: toMoneyString(openingFloat),
            opened_at: this.clock().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return opened.id;
      });
    } catch (error) {
      if (!isOpenShiftTaken(error)) throw error;
      const open = await this.openOf(this.engine.db, register.id);
      throw new AppError(
        'conflict',
        `${register.name} ya tiene un turno abierto, de ${open?.cashier_name ?? 'otro cajero'}. Ciérrelo antes de abrir otro.`,
      );
    }
    return this.get(id);
  }

  async move(input: MovementInput): Promise<Shift> {
    const { shift, cashier } = await this.ownOpenShift('Registrar movimientos de efectivo');
    // Cash out of the drawer is an administrator's decision: the one signed in, or one's PIN.
    const approver =
      input.kind === 'out' ? await this.cashiers.adminApproval('Sacar efectivo de la caja', input.admin_pin) : null;
    // Durable: the drawer opens once this returns, so the movement outlives a power cut after it.
    await this.engine.transaction(
      async (trx) => {
        await this.lockOpen(trx, shift.id);
        await trx
          .insertInto('shift_movements')
          .values({
            shift_id: shift.id,
            kind: input.kind,
            amount: toMoneyString(input.amount),
            reason: input.reason,
            cashier_id: (approver ?? cashier).id,
            created_at: this.clock().toISOString(),
          })
          .execute();
      },
      { durable: true },
    );
    return this.get(shift.id);
  }

  async close(input: CloseInput): Promise<Shift> {
    const { shift } = await this.ownOpenShift('Cerrar el turno');
    this.refuseWhileSelling(shift.id);
    const counts = input.counts as DenominationCounts;
    const counted = countedCash(counts);
    // An administrator's PIN typed for the close is checked first (it is slow on purpose), so the
    // close's figures are read once, in the transaction that stores them.
    const signedIn = await this.cashiers.requireSignedIn();
    const approver =
      input.admin_pin !== undefined
        ? await this.cashiers.adminApproval('Aceptar un cierre con diferencia', input.admin_pin)
        : signedIn?.role === 'administrador' || signedIn === null
          ? signedIn
          : undefined;
    // Durable: a closed shift and its counted cash survive a power cut once the close is shown.
    await this.engine.transaction(
      async (trx) => {
        await this.lockOpen(trx, shift.id);
        this.refuseWhileSelling(shift.id);
        const { expected, figures } = await this.expectedOf(trx, shift.id, shift.opening_float);
        const difference = cashDifference(counted, expected);
        const hasDifference = !dec(difference).isZero();
        if (hasDifference && approver === undefined) {
          throw new AppError('not_allowed', 'Aceptar un cierre con diferencia necesita el PIN de un administrador.');
        }
        await trx
          .updateTable('shifts')
          .set({
            closed_at: this.clock().toISOString(),
            closed_by: (signedIn ?? shift.cashier).id,
            sales_documents: figures.sales.documents,
            sales_total: figures.sales.total,
            cash_documents: figures.sales.cash_documents,
            rejected_documents: figures.sales.rejected,
            cash_received: figures.sales.cash_received,
            change_given: figures.sales.change_given,
            cash_in: figures.cashIn,
            cash_out: figures.cashOut,
            expected_cash: expected,
            counted_cash: counted,
            difference,
            counted_by_denomination: JSON.stringify(counts),
            difference_accepted_by: hasDifference ? (approver?.id ?? null) : null,
          })
          .where('id', '=', shift.id)
          .where('closed_at', 'is', null)
          .execute();
      },
      { durable: true },
    );
    return this.get(shift.id);
  }

  /**
   * This register's closed shifts, newest first, for reprinting their close. Read backwards by id
   * (a register closes its shifts in the order it opened them) so only `limit` rows are visited.
   */
  async recentClosed(limit: number): Promise<Shift[]> {
    const rows = await shiftRows(this.engine.db)
      .where('s.register_id', '=', await this.registers.id())
      .where('s.closed_at', 'is not', null)
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute();
    return this.views(rows);
  }

  /** The shifts opened from `from` to before `to` (instants), every register, in the order they opened. */
  async openedBetween(from: string, to: string): Promise<Shift[]> {
    // By the opening index (shifts_by_opening).
    const rows = await shiftRows(this.engine.db)
      .where('s.opened_at', '>=', from)
      .where('s.opened_at', '<', to)
      .orderBy('s.opened_at')
      .orderBy('s.id')
      .execute();
    return this.views(rows);
  }

  /** The shifts opened on a Colombian day, in order, and their cash summed. */
  async ofDay(date?: string): Promise<ShiftsOfDay> {
    const day = date ?? colombiaToday(this.clock());
    const { from, to } = colombiaDayRange(day);
    const shifts = await this.openedBetween(from, to);
    const closed = shifts.filter((s) => s.closed_at !== null);
    const total = (pick: (s: Shift) => string, of: Shift[] = shifts) => toMoneyString(sum(of.map(pick)));
    return {
      date: day,
      shifts,
      opening_float: total((s) => s.opening_float),
      cash_received: total((s) => s.cash_received),
      change_given: total((s) => s.change_given),
      cash_in: total((s) => s.cash_in),
      cash_out: total((s) => s.cash_out),
      expected_cash: total((s) => s.expected_cash),
      counted_cash: total((s) => s.counted_cash ?? '0', closed),
      difference: total((s) => s.difference ?? '0', closed),
      open_shifts: shifts.length - closed.length,
    };
  }

  /**
   * Before an FE is made: the shift it will belong to, or null while the shop has no cashiers (the
   * app before cashiers). With cashiers, a sale needs a signed-in cashier and an open shift here,
   * which a cajero must own.
   */
  async saleShift(): Promise<{ shiftId: number; cashierId: number } | null> {
    // A removed register sells nothing, with cashiers or without.
    await this.registers.requireInShop();
    if (!(await this.cashiers.hasAdmin())) return null;
    const { shift, cashier } = await this.ownOpenShift('Vender');
    return { shiftId: shift.id, cashierId: cashier.id };
  }

  /**
   * Runs `send` (an FE being made) as a sale of the shift. The link is staged under the sale's key
   * first, and the ledger's insert of the submission moves it into `shift_sales` in the same
   * transaction (migration 0037): a register killed at any moment after the write-ahead leaves the
   * sale in its shift. A key already in the ledger (the same sale sent again) is linked after.
   */
  async asSale<T>(
    sale: { shiftId: number; cashierId: number },
    company: { baseUrl: string; companyId: number },
    draftKey: string,
    send: () => Promise<T>,
  ): Promise<T> {
    this.inFlight.set(sale.shiftId, (this.inFlight.get(sale.shiftId) ?? 0) + 1);
    try {
      await this.engine.db
        .insertInto('shift_sales_staged')
        .values({
          base_url: company.baseUrl,
          company_id: company.companyId,
          idempotency_key: draftKey,
          shift_id: sale.shiftId,
          cashier_id: sale.cashierId,
        })
        .onConflict((oc) =>
          oc
            .columns(['base_url', 'company_id', 'idempotency_key'])
            .doUpdateSet({ shift_id: sale.shiftId, cashier_id: sale.cashierId }),
        )
        .execute();
      return await send();
    } finally {
      try {
        // Linked whatever the answer: a sale in doubt or rejected is still the shift's (failed ones are left out when read).
        const row = await this.engine.db
          .selectFrom('submissions')
          .select('id')
          .where('kind', '=', 'FE')
          .where('idempotency_key', '=', draftKey)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (row) {
          await this.engine.db
            .insertInto('shift_sales')
            .values({ submission_id: row.id, shift_id: sale.shiftId, cashier_id: sale.cashierId })
            .onConflict((oc) => oc.column('submission_id').doNothing())
            .execute();
        }
        // Moved by the ledger's insert; what is left was never recorded (refused before the ledger, or sent before).
        await this.engine.db
          .deleteFrom('shift_sales_staged')
          .where('base_url', '=', company.baseUrl)
          .where('company_id', '=', company.companyId)
          .where('idempotency_key', '=', draftKey)
          .execute();
      } finally {
        const left = (this.inFlight.get(sale.shiftId) ?? 1) - 1;
        if (left === 0) this.inFlight.delete(sale.shiftId);
        else this.inFlight.set(sale.shiftId, left);
      }
    }
  }

  private openOf(db: Db, registerId: string): Promise<ShiftRow | undefined> {
    return shiftRows(db).where('s.register_id', '=', registerId).where('s.closed_at', 'is', null).executeTakeFirst();
  }

  /** In a write's transaction: refuses unless the shift is still open, and holds it (PostgreSQL) until the commit. */
  private async lockOpen(trx: Db, id: number): Promise<void> {
    const query = trx.selectFrom('shifts').select('closed_at').where('id', '=', id);
    const row = await (this.engine.kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    if (!row || row.closed_at !== null) throw closedShift();
  }

  private async signedIn(): Promise<Cashier> {
    if (!(await this.cashiers.hasAdmin())) {
      throw new AppError('conflict', 'Para trabajar por turnos, cree primero el administrador de la caja.');
    }
    return (await this.cashiers.requireSignedIn())!;
  }

  /** The open shift here and the cashier at the keyboard, who must own it unless an administrator. */
  private async ownOpenShift(what: string): Promise<{ shift: Shift; cashier: Cashier }> {
    const cashier = await this.signedIn();
    const shift = await this.current();
    if (!shift)
      throw new AppError(
        'conflict',
        `No hay un turno abierto en ${await this.cashiers.registerName()}. Abra el turno con la base de caja.`,
      );
    if (cashier.role !== 'administrador' && shift.cashier.id !== cashier.id) {
      throw new AppError(
        'not_allowed',
        `${what}: el turno abierto es de ${shift.cashier.name}. Cambie a ${shift.cashier.name} con su PIN o pida al administrador.`,
      );
    }
    return { shift, cashier };
  }

  private refuseWhileSelling(id: number): void {
    if ((this.inFlight.get(id) ?? 0) > 0) {
      throw new AppError('conflict', 'Hay una venta enviándose en este turno. Espere a que termine y cierre de nuevo.');
    }
  }

  private movements(db: Db, id: number): Promise<Movement[]> {
    return db
      .selectFrom('shift_movements as m')
      .innerJoin('cashiers as c', 'c.id', 'm.cashier_id')
      .select(['m.id', 'm.kind', 'm.amount', 'm.reason', 'c.name as cashier', 'm.created_at'])
      .where('m.shift_id', '=', id)
      .orderBy('m.id')
      .execute();
  }

  private async figures(db: Db, id: number): Promise<Figures> {
    const movements = await this.movements(db, id);
    const of = (kind: 'in' | 'out') => toMoneyString(sum(movements.filter((m) => m.kind === kind).map((m) => m.amount)));
    return { sales: salesCash(await shiftSales(db, id)), cashIn: of('in'), cashOut: of('out'), movements };
  }

  private async expectedOf(db: Db, id: number, openingFloat: string): Promise<{ expected: string; figures: Figures }> {
    const f = await this.figures(db, id);
    const expected = expectedCash({
      opening_float: openingFloat,
      cash_received: f.sales.cash_received,
      change_given: f.sales.change_given,
      cash_in: f.cashIn,
      cash_out: f.cashOut,
    });
    return { expected, figures: f };
  }

  private async views(rows: ShiftRow[]): Promise<Shift[]> {
    const shifts: Shift[] = [];
    for (const row of rows) shifts.push(await this.view(this.engine.db, row));
    return shifts;
  }

  private async view(db: Db, row: ShiftRow): Promise<Shift> {
    // A closed shift shows what its close stored; an open one, its figures now.
    const stored = row.closed_at !== null && row.expected_cash !== null;
    const live = stored ? null : await this.expectedOf(db, row.id, row.opening_float);
    const movements = live ? live.figures.movements : await this.movements(db, row.id);
    const sales = live
      ? live.figures.sales
      : {
          documents: row.sales_documents ?? 0,
          total: row.sales_total ?? '0.00',
          cash_documents: row.cash_documents ?? 0,
          rejected: row.rejected_documents ?? 0,
          cash_received: row.cash_received ?? '0.00',
          change_given: row.change_given ?? '0.00',
        };
    return {
      id: row.id,
      register_name: row.current_register_name ?? row.register_name,
      cashier: { id: row.cashier_id, name: row.cashier_name },
      opening_float: row.opening_float,
      opened_at: row.opened_at,
      closed_at: row.closed_at,
      closed_by: row.closed_by_name,
      movements,
      sales: {
        documents: sales.documents,
        total: sales.total,
        cash_documents: sales.cash_documents,
        rejected: sales.rejected,
      },
      cash_received: sales.cash_received,
      change_given: sales.change_given,
      cash_in: live ? live.figures.cashIn : (row.cash_in ?? '0.00'),
      cash_out: live ? live.figures.cashOut : (row.cash_out ?? '0.00'),
      expected_cash: live ? live.expected : row.expected_cash!,
      counted_cash: row.counted_cash,
      difference: row.difference,
      counts: row.counted_by_denomination ? (JSON.parse(row.counted_by_denomination) as Record<string, number>) : null,
      difference_accepted_by: row.accepted_by_name,
    };
  }
}
