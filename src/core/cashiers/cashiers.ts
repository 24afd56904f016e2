// Who is at the keyboard. Until the first administrator exists the app works as it did before
// cashiers (nobody to ask); from then on every guarded action asks for a signed-in cashier with
// the right role (roles.ts). Switching cashier takes the PIN only, so a PIN names one cashier:
// two cashiers never share one. Wrong PINs are counted for the whole register (a PIN alone names
// nobody to count them against) and lock PIN entry for a while, longer each time. Who is signed in
// and the wrong-PIN count are this register's (its row in `registers`, registers.ts): on a shared
// PostgreSQL another register has its own.
import type { Selectable } from 'kysely';
import { AppError } from '#shared/rpc/errors';
import type { Cashier, CashierSettings, CashierState, NewCashier } from '#shared/rpc/methods/cashiers';
import type { Engine } from '../store/engine';
import type { CashiersTable } from '../store/schema';
import type { RegisterRow, Registers } from '../registers/registers';
import { pinKey, pinMatches } from './pin';

type Row = Selectable<CashiersTable>;

/** Wrong PINs allowed before PIN entry locks; each lock after that doubles, up to 15 minutes. */
export const FREE_PIN_ATTEMPTS = 5;
const FIRST_LOCK_MS = 30_000;
const LONGEST_LOCK_MS = 15 * 60_000;

const toCashier = (row: Row): Cashier => ({ id: row.id, name: row.name, role: row.role, active: row.active === 1 });

export class Cashiers {
  /** The cashier signed in at this process; read from the settings on first use (`started`). */
  private current: number | null = null;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly clock: () => Date,
    private readonly registers: Registers,
  ) {}

  /** This register's row taken, and who stays signed in from the last run: on first use, once. */
  private started(): Promise<void> {
    this.starting ??= (async () => {
      const settings = await this.settingsRow();
      // A one-person shop stays signed in across restarts; otherwise the app opens asking for a PIN.
      const kept = settings.stay_signed_in === 1 ? settings.signed_in_cashier : null;
      this.current = kept !== null && (await this.row(kept))?.active === 1 ? kept : null;
    })();
    // A failed start (the store closing) is tried again by the next call.
    this.starting.catch(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private settingsRow(): Promise<RegisterRow> {
    return this.registers.current();
  }

  private row(id: number): Promise<Row | undefined> {
    return this.engine.db.selectFrom('cashiers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private rows(): Promise<Row[]> {
    return this.engine.db.selectFrom('cashiers').selectAll().orderBy('name').orderBy('id').execute();
  }

  async hasAdmin(): Promise<boolean> {
    await this.started();
    const row = await this.engine.db
      .selectFrom('cashiers')
      .select('id')
      .where('role', '=', 'administrador')
      .where('active', '=', 1)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async registerName(): Promise<string> {
    return this.registers.name();
  }

  async state(): Promise<CashierState> {
    await this.started();
    const settings = await this.settingsRow();
    return {
      has_admin: await this.hasAdmin(),
      register_name: settings.name,
      stay_signed_in: settings.stay_signed_in === 1,
      current: await this.currentCashier(),
      cashiers: (await this.rows()).map(toCashier),
    };
  }

  async currentCashier(): Promise<Cashier | null> {
    await this.started();
    if (this.current === null) return null;
    const row = await this.row(this.current);
    return row && row.active === 1 ? toCashier(row) : null;
  }

  /** The signed-in cashier; null only while no administrator exists (the app before cashiers). */
  async requireSignedIn(): Promise<Cashier | null> {
    if (!(await this.hasAdmin())) return null;
    const cashier = await this.currentCashier();
    if (!cashier) throw new AppError('not_allowed', 'Nadie ha ingresado a la caja. Escriba su PIN para continuar.');
    return cashier;
  }

  /** Refuses unless the signed-in cashier is an administrator (or no administrator exists yet). */
  async requireAdmin(what: string): Promise<void> {
    const cashier = await this.requireSignedIn();
    if (cashier && cashier.role !== 'administrador') {
      throw new AppError(
        'not_allowed',
        `${what} solo lo puede hacer un administrador. Cambie de cajero con el PIN del administrador.`,
      );
    }
  }

  /**
   * The administrator who authorises an action: the one signed in, or the one whose PIN is given
   * (an administrator walks over and types it). null while no administrator exists.
   */
  async adminApproval(what: string, pin: string | undefined): Promise<Cashier | null> {
    const cashier = await this.requireSignedIn();
    if (!cashier) return null;
    if (pin === undefined) {
      if (cashier.role === 'administrador') return cashier;
      throw new AppError('not_allowed', `${what} necesita el PIN de un administrador.`);
    }
    const approver = await this.byPin(pin);
    if (approver.role !== 'administrador') {
      throw new AppError(
        'not_allowed',
        `Ese PIN no es de un administrador: ${what.charAt(0).toLowerCase()}${what.slice(1)} necesita el de un administrador.`,
      );
    }
    return approver;
  }

  async createAdmin(name: string, pin: string): Promise<CashierState> {
    if (await this.hasAdmin())
      throw new AppError('conflict', 'El administrador ya existe. Ingrese con su PIN para crear más cajeros.');
    const id = await this.insert({ name, pin, role: 'administrador' });
    await this.signInAs(id);
    return this.state();
  }

  async create(input: NewCashier): Promise<CashierState> {
    if (!(await this.hasAdmin())) throw new AppError('conflict', 'Cree primero el administrador de la caja.');
    await this.requireAdmin('Crear cajeros');
    await this.insert(input);
    return this.state();
  }

  async setActive(id: number, active: boolean): Promise<CashierState> {
    await this.requireAdmin('Dar de baja o reactivar cajeros');
    await this.engine.transaction(async (trx) => {
      const row = await trx.selectFrom('cashiers').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('not_found', 'Ese cajero no existe.');
      if (!active && row.role === 'administrador') {
        const { n } = await trx
          .selectFrom('cashiers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role', '=', 'administrador')
          .where('active', '=', 1)
          .executeTakeFirstOrThrow();
        if (Number(n) <= 1) throw new AppError('conflict', 'La caja necesita al menos un administrador activo.');
      }
      await trx
        .updateTable('cashiers')
        .set({ active: active ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    });
    if (!active && this.current === id) return this.signOut();
    return this.state();
  }

  async signIn(pin: string): Promise<CashierState> {
    if (!(await this.hasAdmin())) throw new AppError('conflict', 'Cree primero el administrador de la caja.');
    await this.signInAs((await this.byPin(pin)).id);
    return this.state();
  }

  /**
   * The command line's cashier: signed in by PIN for this process only, so the app's signed-in
   * cashier (kept for a one-person shop) is not changed. The PIN is checked, counted and locked as
   * at the register.
   */
  async actAs(pin: string): Promise<Cashier> {
    if (!(await this.hasAdmin())) throw new AppError('conflict', 'Esta caja aún no tiene cajeros: no hace falta --pin.');
    const cashier = await this.byPin(pin);
    this.current = cashier.id;
    return cashier;
  }

  async signOut(): Promise<CashierState> {
    await this.started();
    this.current = null;
    const id = await this.registers.id();
    await this.engine.db.updateTable('registers').set({ signed_in_cashier: null }).where('id', '=', id).execute();
    return this.state();
  }

  async setSettings(settings: CashierSettings): Promise<CashierState> {
    await this.requireAdmin('Cambiar los ajustes de la caja');
    const id = await this.registers.id();
    await this.registers.rename(id, settings.register_name);
    await this.engine.db
      .updateTable('registers')
      .set({ stay_signed_in: settings.stay_signed_in ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    return this.state();
  }

  private async signInAs(id: number): Promise<void> {
    this.current = id;
    await this.engine.db
      .updateTable('registers')
      .set({ signed_in_cashier: id })
      .where('id', '=', await this.registers.id())
      .execute();
  }

  /** The active cashier with this PIN; a wrong one is counted, and too many lock PIN entry. */
  private async byPin(pin: string): Promise<Cashier> {
    await this.started();
    const settings = await this.settingsRow();
    const now = this.clock();
    if (settings.locked_until !== null && settings.locked_until > now.toISOString()) {
      const seconds = Math.ceil((Date.parse(settings.locked_until) - now.getTime()) / 1000);
      throw new AppError(
        'not_allowed',
        `Demasiados PIN equivocados. Espere ${seconds.toLocaleString('es-CO')} segundos antes de intentar de nuevo.`,
      );
    }
    // The PIN keys are compared outside any transaction: scrypt runs on the thread pool.
    for (const row of await this.rows()) {
      if (row.active === 1 && (await pinMatches(pin, { salt: row.pin_salt, key: row.pin_key }))) {
        await this.engine.db
          .updateTable('registers')
          .set({ failed_pins: 0, locked_until: null })
          .where('id', '=', settings.id)
          .execute();
        return toCashier(row);
      }
    }
    // Counted in the database (failed_pins + 1), so wrong PINs typed at once are each counted.
    await this.engine.transaction(async (trx) => {
      const { failed_pins: failed } = await trx
        .updateTable('registers')
        .set((eb) => ({ failed_pins: eb('failed_pins', '+', 1) }))
        .where('id', '=', settings.id)
        .returning('failed_pins')
        .executeTakeFirstOrThrow();
      const over = failed - FREE_PIN_ATTEMPTS;
      if (over < 0) return;
      const lockedUntil = new Date(now.getTime() + Math.min(LONGEST_LOCK_MS, FIRST_LOCK_MS * 2 ** over)).toISOString();
      await trx.updateTable('registers').set({ locked_until: lockedUntil }).where('id', '=', settings.id).execute();
    });
    throw new AppError('invalid_input', 'El PIN no corresponde a ningún cajero.', {
      fields: [{ path: 'pin', message: 'PIN equivocado.' }],
    });
  }

  private async insert(input: NewCashier): Promise<number> {
    const name = input.name.trim();
    const taken = await this.engine.db
      .selectFrom('cashiers')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
      .executeTakeFirst();
    if (taken) throw nameTaken();
    for (const row of await this.rows()) {
      if (await pinMatches(input.pin, { salt: row.pin_salt, key: row.pin_key })) {
        // Switching takes the PIN alone, so it must name one cashier.
        throw new AppError('invalid_input', 'Ese PIN ya es de otra persona. Elija otro.', {
          fields: [{ path: 'pin', message: 'Ese PIN ya es de otra persona. Elija otro.' }],
        });
      }
    }
    const key = await pinKey(input.pin);
    try {
      const created = await this.engine.db
        .insertInto('cashiers')
        .values({
          name,
          role: input.role,
          pin_salt: key.salt,
          pin_key: key.key,
          active: 1,
          created_at: this.clock().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return created.id;
    } catch (error) {
      // The same name created meanwhile (two windows, two registers): the unique index decides.
      if (isNameTaken(error)) throw nameTaken();
      throw error;
    }
  }
}

function nameTaken(): AppError {
  return new AppError('invalid_input', 'Ya hay un cajero con ese nombre.', {
    fields: [{ path: 'name', message: 'Ya hay un cajero con ese nombre.' }],
  });
}

/** The unique index of cashiers' names (cashiers_by_name, on lower(name)) refused an insert. */
function isNameTaken(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === 'cashiers_by_name';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('cashiers_by_name');
}
