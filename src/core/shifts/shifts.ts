// Shifts: a cashier at this register from a counted float to a counted close. Every FE made while
// a shift is open is linked to it (shift_sales), every cash movement is written in it, and the close
// stores expected, counted and difference once; from then on nothing of the shift changes (here, and
// by the triggers of migration 0027). A sale being sent keeps its shift open until it is linked.
import type { Database, Statement } from 'better-sqlite3';
import { cashDifference, countedCash, expectedCash, type DenominationCounts } from '#shared/shifts/cash-count';
import { dec, sum, toMoneyString } from '#shared/money';
import { AppError } from '#shared/rpc/errors';
import type { Cashier } from '#shared/rpc/methods/cashiers';
import type { CloseInput, MovementInput, Shift, ShiftsOfDay } from '#shared/rpc/methods/shifts';
import type { Cashiers } from '../cashiers/cashiers';
import { colombiaDayRange } from '../day-close/day-close';
import { salesCash, type SalePaymentLine, type SaleRow, type SalesCash } from './cash-sales';
import { colombiaToday } from '#shared/dates';

interface ShiftRow {
  id: number;
  register_name: string;
  cashier_id: number;
  cashier_name: string;
  opening_float: string;
  opened_at: string;
  closed_at: string | null;
  closed_by_name: string | null;
  sales_documents: number | null;
  sales_total: string | null;
  cash_documents: number | null;
  rejected_documents: number | null;
  cash_received: string | null;
  change_given: string | null;
  cash_in: string | null;
  cash_out: string | null;
  expected_cash: string | null;
  counted_cash: string | null;
  difference: string | null;
  counted_by_denomination: string | null;
  accepted_by_name: string | null;
}

interface MovementRow {
  id: number;
  kind: 'in' | 'out';
  amount: string;
  reason: string;
  cashier: string;
  created_at: string;
}

const SHIFT_COLUMNS = `s.id, s.register_name, s.cashier_id, c.name AS cashier_name, s.opening_float, s.opened_at, s.closed_at,
  cb.name AS closed_by_name, s.sales_documents, s.sales_total, s.cash_documents, s.rejected_documents,
  s.cash_received, s.change_given, s.cash_in, s.cash_out, s.expected_cash, s.counted_cash, s.difference, s.counted_by_denomination, ab.name AS accepted_by_name
  FROM shifts s JOIN cashiers c ON c.id = s.cashier_id
  LEFT JOIN cashiers cb ON cb.id = s.closed_by LEFT JOIN cashiers ab ON ab.id = s.difference_accepted_by`;

export class Shifts {
  private readonly byId: Statement<[number], ShiftRow>;
  private readonly openOf: Statement<[string], ShiftRow>;
  private readonly sales: Statement<[number], SaleRow>;
  private readonly payments: Statement<[number], SalePaymentLine & { submission_id: number }>;
  private readonly movements: Statement<[number], MovementRow>;
  /** Sales being sent, per shift: the shift does not close under them. */
  private readonly inFlight = new Map<number, number>();

  constructor(
    private readonly db: Database,
    private readonly cashiers: Cashiers,
    private readonly clock: () => Date,
  ) {
    this.byId = db.prepare(`SELECT ${SHIFT_COLUMNS} WHERE s.id = ?`);
    this.openOf = db.prepare(`SELECT ${SHIFT_COLUMNS} WHERE s.register_name = ? AND s.closed_at IS NULL`);
    // Through shift_sales_by_shift, then each submission by its row id: no scan of the ledger.
    this.sales = db.prepare(
      `SELECT ss.submission_id, sub.state, sub.request_body FROM shift_sales ss
       JOIN submissions sub ON sub.id = ss.submission_id
       WHERE ss.shift_id = ? AND sub.state NOT IN ('failed', 'conflict')`,
    );
    // The payments of the shift's sales (sale_payments), through the same index.
    this.payments = db.prepare(
      `SELECT p.submission_id, p.means, p.amount, p.received, p.change FROM shift_sales ss
       JOIN sale_payments p ON p.submission_id = ss.submission_id
       WHERE ss.shift_id = ? ORDER BY p.submission_id, p.position`,
    );
    this.movements = db.prepare(
      `SELECT m.id, m.kind, m.amount, m.reason, c.name AS cashier, m.created_at FROM shift_movements m
       JOIN cashiers c ON c.id = m.cashier_id WHERE m.shift_id = ? ORDER BY m.id`,
    );
  }

  current(): Shift | null {
    const row = this.openOf.get(this.cashiers.registerName());
    return row ? this.view(row) : null;
  }

  get(id: number): Shift {
    const row = this.byId.get(id);
    if (!row) throw new AppError('not_found', 'Ese turno no existe.');
    return this.view(row);
  }

  open(openingFloat: number): Shift {
    const cashier = this.signedIn();
    const register = this.cashiers.registerName();
    const open = this.openOf.get(register);
    if (open) {
      throw new AppError(
        'conflict',
        `${register} ya tiene un turno abierto, de ${open.cashier_name}. Ciérrelo antes de abrir otro.`,
      );
    }
    const result = this.db
      .prepare('INSERT INTO shifts (register_name, cashier_id, opening_float, opened_at) VALUES (?, ?, ?, ?)')
      .run(register, cashier.id, toMoneyString(openingFloat), this.clock().toISOString());
    return this.get(Number(result.lastInsertRowid));
  }

  async move(input: MovementInput): Promise<Shift> {
    const { shift, cashier } = this.ownOpenShift('Registrar movimientos de efectivo');
    // Cash out of the drawer is an administrator's decision: the one signed in, or one's PIN.
    const approver =
      input.kind === 'out' ? await this.cashiers.adminApproval('Sacar efectivo de la caja', input.admin_pin) : null;
    this.requireStillOpen(shift.id);
    this.db
      .prepare('INSERT INTO shift_movements (shift_id, kind, amount, reason, cashier_id, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(shift.id, input.kind, toMoneyString(input.amount), input.reason, (approver ?? cashier).id, this.clock().toISOString());
    return this.get(shift.id);
  }

  async close(input: CloseInput): Promise<Shift> {
    const { shift } = this.ownOpenShift('Cerrar el turno');
    this.refuseWhileSelling(shift.id);
    const counts = input.counts as DenominationCounts;
    const counted = countedCash(counts);
    // An administrator's PIN typed for the close is checked first (it is slow on purpose), so the
    // close's figures are read once, in the transaction that stores them.
    const signedIn = this.cashiers.requireSignedIn();
    const approver =
      input.admin_pin !== undefined
        ? await this.cashiers.adminApproval('Aceptar un cierre con diferencia', input.admin_pin)
        : signedIn?.role === 'administrador' || signedIn === null
          ? signedIn
          : undefined;
    this.db.transaction(() => {
      this.requireStillOpen(shift.id);
      this.refuseWhileSelling(shift.id);
      const { expected, figures } = this.expectedOf(shift.id, shift.opening_float);
      const difference = cashDifference(counted, expected);
      const hasDifference = !dec(difference).isZero();
      if (hasDifference && approver === undefined) {
        throw new AppError('not_allowed', 'Aceptar un cierre con diferencia necesita el PIN de un administrador.');
      }
      this.db
        .prepare(
          `UPDATE shifts SET closed_at = ?, closed_by = ?, sales_documents = ?, sales_total = ?, cash_documents = ?,
             rejected_documents = ?, cash_received = ?, change_given = ?, cash_in = ?, cash_out = ?, expected_cash = ?,
             counted_cash = ?, difference = ?, counted_by_denomination = ?, difference_accepted_by = ?
           WHERE id = ? AND closed_at IS NULL`,
        )
        .run(
          this.clock().toISOString(),
          (signedIn ?? shift.cashier).id,
          figures.sales.documents,
          figures.sales.total,
          figures.sales.cash_documents,
          figures.sales.rejected,
          figures.sales.cash_received,
          figures.sales.change_given,
          figures.cashIn,
          figures.cashOut,
          expected,
          counted,
          difference,
          JSON.stringify(counts),
          hasDifference ? (approver?.id ?? null) : null,
          shift.id,
        );
    })();
    return this.get(shift.id);
  }

  /**
   * This register's closed shifts, newest first, for reprinting their close. Read backwards by id
   * (a register closes its shifts in the order it opened them) so only `limit` rows are visited.
   */
  recentClosed(limit: number): Shift[] {
    return this.db
      .prepare<[string, number], ShiftRow>(
        `SELECT ${SHIFT_COLUMNS} WHERE s.register_name = ? AND s.closed_at IS NOT NULL ORDER BY s.id DESC LIMIT ?`,
      )
      .all(this.cashiers.registerName(), limit)
      .map((row) => this.view(row));
  }

  /** The shifts opened on a Colombian day, in order, and their cash summed. */
  ofDay(date?: string): ShiftsOfDay {
    const day = date ?? colombiaToday(this.clock());
    const { from, to } = colombiaDayRange(day);
    const rows = this.db
      .prepare<[string, string], ShiftRow>(
        `SELECT ${SHIFT_COLUMNS} WHERE s.opened_at >= ? AND s.opened_at < ? ORDER BY s.opened_at, s.id`,
      )
      .all(from, to);
    const shifts = rows.map((row) => this.view(row));
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
  saleShift(): { shiftId: number; cashierId: number } | null {
    if (!this.cashiers.hasAdmin()) return null;
    const { shift, cashier } = this.ownOpenShift('Vender');
    return { shiftId: shift.id, cashierId: cashier.id };
  }

  /** Runs `send` (an FE being made) as a sale of the shift, and links what it recorded under `draftKey`. */
  async asSale<T>(sale: { shiftId: number; cashierId: number }, draftKey: string, send: () => Promise<T>): Promise<T> {
    this.inFlight.set(sale.shiftId, (this.inFlight.get(sale.shiftId) ?? 0) + 1);
    try {
      return await send();
    } finally {
      // Linked whatever the answer: a sale in doubt or rejected is still the shift's (failed ones are left out when read).
      const row = this.db
        .prepare<[string], { id: number }>(
          "SELECT id FROM submissions WHERE kind = 'FE' AND idempotency_key = ? ORDER BY id DESC LIMIT 1",
        )
        .get(draftKey);
      if (row) {
        this.db
          .prepare(
            'INSERT INTO shift_sales (submission_id, shift_id, cashier_id) VALUES (?, ?, ?) ON CONFLICT (submission_id) DO NOTHING',
          )
          .run(row.id, sale.shiftId, sale.cashierId);
      }
      const left = (this.inFlight.get(sale.shiftId) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(sale.shiftId);
      else this.inFlight.set(sale.shiftId, left);
    }
  }

  private signedIn(): Cashier {
    if (!this.cashiers.hasAdmin()) {
      throw new AppError('conflict', 'Para trabajar por turnos, cree primero el administrador de la caja.');
    }
    return this.cashiers.requireSignedIn()!;
  }

  /** The open shift here and the cashier at the keyboard, who must own it unless an administrator. */
  private ownOpenShift(what: string): { shift: Shift; cashier: Cashier } {
    const cashier = this.signedIn();
    const shift = this.current();
    if (!shift)
      throw new AppError(
        'conflict',
        `No hay un turno abierto en ${this.cashiers.registerName()}. Abra el turno con la base de caja.`,
      );
    if (cashier.role !== 'administrador' && shift.cashier.id !== cashier.id) {
      throw new AppError(
        'not_allowed',
        `${what}: el turno abierto es de ${shift.cashier.name}. Cambie a ${shift.cashier.name} con su PIN o pida al administrador.`,
      );
    }
    return { shift, cashier };
  }

  private requireStillOpen(id: number): void {
    if (this.byId.get(id)?.closed_at !== null) throw new AppError('conflict', 'Ese turno ya está cerrado: no cambia más.');
  }

  private refuseWhileSelling(id: number): void {
    if ((this.inFlight.get(id) ?? 0) > 0) {
      throw new AppError('conflict', 'Hay una venta enviándose en este turno. Espere a que termine y cierre de nuevo.');
    }
  }

  private figures(id: number): { sales: SalesCash; cashIn: string; cashOut: string; movements: MovementRow[] } {
    const movements = this.movements.all(id);
    const of = (kind: 'in' | 'out') => toMoneyString(sum(movements.filter((m) => m.kind === kind).map((m) => m.amount)));
    const paid = new Map<number, SalePaymentLine[]>();
    for (const line of this.payments.all(id)) {
      const lines = paid.get(line.submission_id) ?? [];
      lines.push({ means: line.means, amount: line.amount, received: line.received, change: line.change });
      paid.set(line.submission_id, lines);
    }
    const rows = [...this.sales.iterate(id)].map((row) => ({ ...row, payments: paid.get(row.submission_id) }));
    return { sales: salesCash(rows), cashIn: of('in'), cashOut: of('out'), movements };
  }

  private expectedOf(id: number, openingFloat: string): { expected: string; figures: ReturnType<Shifts['figures']> } {
    const f = this.figures(id);
    const expected = expectedCash({
      opening_float: openingFloat,
      cash_received: f.sales.cash_received,
      change_given: f.sales.change_given,
      cash_in: f.cashIn,
      cash_out: f.cashOut,
    });
    return { expected, figures: f };
  }

  private view(row: ShiftRow): Shift {
    const movements = this.movements.all(row.id);
    // A closed shift shows what its close stored; an open one, its figures now.
    const stored = row.closed_at !== null && row.expected_cash !== null;
    const live = stored ? null : this.expectedOf(row.id, row.opening_float);
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
      register_name: row.register_name,
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
