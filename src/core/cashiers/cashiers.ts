// Who is at the keyboard. Until the first administrator exists the app works as it did before
// cashiers (nobody to ask); from then on every guarded action asks for a signed-in cashier with
// the right role (roles.ts). Switching cashier takes the PIN only, so a PIN names one cashier:
// two cashiers never share one. Wrong PINs are counted for the whole register (a PIN alone names
// nobody to count them against) and lock PIN entry for a while, longer each time.
import type { Database } from 'better-sqlite3';
import { AppError } from '#shared/rpc/errors';
import type { Cashier, CashierSettings, CashierState, NewCashier } from '#shared/rpc/methods/cashiers';
import { pinKey, pinMatches } from './pin';

interface Row {
  id: number;
  name: string;
  role: Cashier['role'];
  pin_salt: string;
  pin_key: string;
  active: number;
}

interface SettingsRow {
  register_name: string;
  stay_signed_in: number;
  signed_in_cashier: number | null;
  failed_pins: number;
  locked_until: string | null;
}

export const DEFAULT_REGISTER = 'Caja 1';
/** Wrong PINs allowed before PIN entry locks; each lock after that doubles, up to 15 minutes. */
export const FREE_PIN_ATTEMPTS = 5;
const FIRST_LOCK_MS = 30_000;
const LONGEST_LOCK_MS = 15 * 60_000;

const toCashier = (row: Row): Cashier => ({ id: row.id, name: row.name, role: row.role, active: row.active === 1 });

export class Cashiers {
  private current: number | null;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {
    db.prepare(
      `INSERT INTO cashier_settings (id, register_name, stay_signed_in, failed_pins, updated_at)
       VALUES (1, ?, 0, 0, ?) ON CONFLICT (id) DO NOTHING`,
    ).run(DEFAULT_REGISTER, clock().toISOString());
    const settings = this.settingsRow();
    // A one-person shop stays signed in across restarts; otherwise the app opens asking for a PIN.
    this.current = settings.stay_signed_in === 1 ? settings.signed_in_cashier : null;
    if (this.current !== null && this.row(this.current)?.active !== 1) this.current = null;
  }

  private settingsRow(): SettingsRow {
    return this.db
      .prepare<[], SettingsRow>(
        'SELECT register_name, stay_signed_in, signed_in_cashier, failed_pins, locked_until FROM cashier_settings WHERE id = 1',
      )
      .get()!;
  }

  private row(id: number): Row | undefined {
    return this.db.prepare<[number], Row>('SELECT id, name, role, pin_salt, pin_key, active FROM cashiers WHERE id = ?').get(id);
  }

  private rows(): Row[] {
    return this.db.prepare<[], Row>('SELECT id, name, role, pin_salt, pin_key, active FROM cashiers ORDER BY name, id').all();
  }

  hasAdmin(): boolean {
    return this.db.prepare("SELECT 1 FROM cashiers WHERE role = 'administrador' AND active = 1 LIMIT 1").get() !== undefined;
  }

  registerName(): string {
    return this.settingsRow().register_name;
  }

  state(): CashierState {
    const settings = this.settingsRow();
    return {
      has_admin: this.hasAdmin(),
      register_name: settings.register_name,
      stay_signed_in: settings.stay_signed_in === 1,
      current: this.currentCashier(),
      cashiers: this.rows().map(toCashier),
    };
  }

  currentCashier(): Cashier | null {
    if (this.current === null) return null;
    const row = this.row(this.current);
    return row && row.active === 1 ? toCashier(row) : null;
  }

  /** The signed-in cashier; null only while no administrator exists (the app before cashiers). */
  requireSignedIn(): Cashier | null {
    if (!this.hasAdmin()) return null;
    const cashier = this.currentCashier();
    if (!cashier) throw new AppError('not_allowed', 'Nadie ha ingresado a la caja. Escriba su PIN para continuar.');
    return cashier;
  }

  /** Refuses unless the signed-in cashier is an administrator (or no administrator exists yet). */
  requireAdmin(what: string): void {
    const cashier = this.requireSignedIn();
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
    const cashier = this.requireSignedIn();
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
    if (this.hasAdmin()) throw new AppError('conflict', 'El administrador ya existe. Ingrese con su PIN para crear más cajeros.');
    const id = await this.insert({ name, pin, role: 'administrador' });
    this.signInAs(id);
    return this.state();
  }

  async create(input: NewCashier): Promise<CashierState> {
    if (!this.hasAdmin()) throw new AppError('conflict', 'Cree primero el administrador de la caja.');
    this.requireAdmin('Crear cajeros');
    await this.insert(input);
    return this.state();
  }

  setActive(id: number, active: boolean): CashierState {
    this.requireAdmin('Dar de baja o reactivar cajeros');
    const row = this.row(id);
    if (!row) throw new AppError('not_found', 'Ese cajero no existe.');
    if (!active && row.role === 'administrador') {
      const admins = this.db
        .prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM cashiers WHERE role = 'administrador' AND active = 1")
        .get()!.n;
      if (admins <= 1) throw new AppError('conflict', 'La caja necesita al menos un administrador activo.');
    }
    this.db.prepare('UPDATE cashiers SET active = ? WHERE id = ?').run(active ? 1 : 0, id);
    if (!active && this.current === id) this.signOut();
    return this.state();
  }

  async signIn(pin: string): Promise<CashierState> {
    if (!this.hasAdmin()) throw new AppError('conflict', 'Cree primero el administrador de la caja.');
    this.signInAs((await this.byPin(pin)).id);
    return this.state();
  }

  /**
   * The command line's cashier: signed in by PIN for this process only, so the app's signed-in
   * cashier (kept for a one-person shop) is not changed. The PIN is checked, counted and locked as
   * at the register.
   */
  async actAs(pin: string): Promise<Cashier> {
    if (!this.hasAdmin()) throw new AppError('conflict', 'Esta caja aún no tiene cajeros: no hace falta --pin.');
    const cashier = await this.byPin(pin);
    this.current = cashier.id;
    return cashier;
  }

  signOut(): CashierState {
    this.current = null;
    this.db.prepare('UPDATE cashier_settings SET signed_in_cashier = NULL WHERE id = 1').run();
    return this.state();
  }

  setSettings(settings: CashierSettings): CashierState {
    this.requireAdmin('Cambiar los ajustes de la caja');
    this.db
      .prepare('UPDATE cashier_settings SET register_name = ?, stay_signed_in = ?, updated_at = ? WHERE id = 1')
      .run(settings.register_name, settings.stay_signed_in ? 1 : 0, this.clock().toISOString());
    return this.state();
  }

  private signInAs(id: number): void {
    this.current = id;
    this.db.prepare('UPDATE cashier_settings SET signed_in_cashier = ? WHERE id = 1').run(id);
  }

  /** The active cashier with this PIN; a wrong one is counted, and too many lock PIN entry. */
  private async byPin(pin: string): Promise<Cashier> {
    const settings = this.settingsRow();
    const now = this.clock();
    if (settings.locked_until !== null && settings.locked_until > now.toISOString()) {
      const seconds = Math.ceil((Date.parse(settings.locked_until) - now.getTime()) / 1000);
      throw new AppError(
        'not_allowed',
        `Demasiados PIN equivocados. Espere ${seconds.toLocaleString('es-CO')} segundos antes de intentar de nuevo.`,
      );
    }
    for (const row of this.rows()) {
      if (row.active === 1 && (await pinMatches(pin, { salt: row.pin_salt, key: row.pin_key }))) {
        this.db.prepare('UPDATE cashier_settings SET failed_pins = 0, locked_until = NULL WHERE id = 1').run();
        return toCashier(row);
      }
    }
    const failed = settings.failed_pins + 1;
    const over = failed - FREE_PIN_ATTEMPTS;
    const lockedUntil =
      over >= 0 ? new Date(now.getTime() + Math.min(LONGEST_LOCK_MS, FIRST_LOCK_MS * 2 ** over)).toISOString() : null;
    this.db.prepare('UPDATE cashier_settings SET failed_pins = ?, locked_until = ? WHERE id = 1').run(failed, lockedUntil);
    throw new AppError('invalid_input', 'El PIN no corresponde a ningún cajero.', {
      fields: [{ path: 'pin', message: 'PIN equivocado.' }],
    });
  }

  private async insert(input: NewCashier): Promise<number> {
    const name = input.name.trim();
    const taken = this.db.prepare<[string], { id: number }>('SELECT id FROM cashiers WHERE lower(name) = lower(?)').get(name);
    if (taken) {
      throw new AppError('invalid_input', 'Ya hay un cajero con ese nombre.', {
        fields: [{ path: 'name', message: 'Ya hay un cajero con ese nombre.' }],
      });
    }
    for (const row of this.rows()) {
      if (await pinMatches(input.pin, { salt: row.pin_salt, key: row.pin_key })) {
        // Switching takes the PIN alone, so it must name one cashier.
        throw new AppError('invalid_input', 'Ese PIN ya es de otra persona. Elija otro.', {
          fields: [{ path: 'pin', message: 'Ese PIN ya es de otra persona. Elija otro.' }],
        });
      }
    }
    const key = await pinKey(input.pin);
    const result = this.db
      .prepare('INSERT INTO cashiers (name, role, pin_salt, pin_key, active, created_at) VALUES (?, ?, ?, ?, 1, ?)')
      .run(name, input.role, key.salt, key.key, this.clock().toISOString());
    return Number(result.lastInsertRowid);
  }
}
