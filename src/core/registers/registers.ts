// The shop's registers (migration 0034). This core's register is the one whose id its data folder
// keeps (register-identity.ts); on first use it takes its row: its own when the store has it, the
// register carried over from the one-register schema when this folder is that register (below),
// or a new row named with the first free «Caja N». Its name, who is signed in there and its wrong-PIN
// count live in that row (cashiers.ts); its shifts link to its id (shifts.ts).
import { sql, type Kysely, type Selectable } from 'kysely';
import { AppError } from '#shared/rpc/errors';
import { registerOf } from '#shared/registers/keys';
import type { Register, RegisterList } from '#shared/rpc/methods/registers';
import type { Engine } from '../store/engine';
import type { RegistersTable, Schema } from '../store/schema';
import type { Logger } from '../log/logger';
import { ReferenceCounter } from './reference-counter';
import {
  drawRegisterId,
  readRegisterFile,
  readRegisterId,
  registerRole,
  saveRegisterId,
  setAsideRegisterFile,
} from './register-identity';

export type RegisterRow = Selectable<RegistersTable>;

/** How many times a new register tries the next free «Caja N» when another register took it at once. */
const NAME_TRIES = 5;

/** The first «Caja N» (N from 1) no register in use is named, case aside. */
export function firstFreeName(taken: readonly string[]): string {
  const names = new Set(taken.map((name) => name.trim().toLowerCase()));
  for (let n = 1; ; n += 1) if (!names.has(`caja ${n}`)) return `Caja ${n}`;
}

export class Registers {
  private ownId: string | null = null;
  private starting: Promise<string> | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly home: string,
    private readonly clock: () => Date,
    /** `--register NAME` (CLI, web): the register this folder works as, by name (registerNamed). */
    private readonly named: string | null = null,
    private readonly logger: Logger | null = null,
  ) {}

  /** This register's id, its row taken (once per core; a failed start is tried again). */
  id(): Promise<string> {
    if (this.ownId) return Promise.resolve(this.ownId);
    this.starting ??= this.register().then((id) => (this.ownId = id));
    this.starting.catch(() => {
      this.starting = null;
    });
    return this.starting;
  }

  /** This register's row as the store holds it now (another register may have renamed it). */
  async current(): Promise<RegisterRow> {
    const id = await this.id();
    return this.engine.db.selectFrom('registers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async name(): Promise<string> {
    return (await this.current()).name;
  }

  /** The name of the register a key or local reference names (shared/registers/keys.ts), or null. */
  async nameOfKey(keyOrRef: string): Promise<string | null> {
    const id = registerOf(keyOrRef);
    if (!id) return null;
    const row = await this.engine.db.selectFrom('registers').select('name').where('id', '=', id).executeTakeFirst();
    return row?.name ?? null;
  }

  /** Refuses what a removed register may no longer do (open a shift, sell). */
  async requireInShop(): Promise<void> {
    const row = await this.current();
    if (row.removed_at !== null) throw removed(row.name);
  }

  /**
   * The same, in a write's transaction, holding this register's row (PostgreSQL: FOR SHARE) until
   * the commit: a removal at another register (which takes the row FOR UPDATE, then looks for an
   * open shift) waits for the write or is seen by it, never both passing at once.
   */
  async requireInShopWhile(trx: Kysely<Schema>): Promise<RegisterRow> {
    const id = await this.id();
    const query = trx.selectFrom('registers').selectAll().where('id', '=', id);
    const row = await (this.engine.kind === 'postgres' ? query.forShare() : query).executeTakeFirstOrThrow();
    if (row.removed_at !== null) throw removed(row.name);
    return row;
  }

  async list(): Promise<RegisterList> {
    const id = await this.id();
    const rows = await this.engine.db.selectFrom('registers').selectAll().where('unclaimed', '=', 0).execute();
    const registers = rows
      .map((row): Register => ({
        id: row.id,
        name: row.name,
        this_register: row.id === id,
        created_at: row.created_at,
        last_seen_at: row.last_seen_at,
        removed_at: row.removed_at,
      }))
      .sort(
        (a, b) =>
          Number(a.removed_at !== null) - Number(b.removed_at !== null) ||
          a.name.localeCompare(b.name, 'es-CO', { numeric: true }) ||
          a.id.localeCompare(b.id),
      );
    return { registers };
  }

  /** A new name; the unique index among registers in use decides between two renames at once. */
  async rename(id: string, name: string): Promise<RegisterList> {
    await this.id();
    const trimmed = name.trim();
    try {
      const done = await this.engine.db
        .updateTable('registers')
        .set({ name: trimmed })
        .where('id', '=', id)
        .where('unclaimed', '=', 0)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw notFound();
    } catch (error) {
      if (isNameTaken(error)) throw nameTaken();
      throw error;
    }
    return this.list();
  }

  /** Another register leaves the shop; its shifts, sales and name stay in its row. */
  async remove(id: string): Promise<RegisterList> {
    if (id === (await this.id()))
      throw new AppError('conflict', 'Esta caja no se puede retirar a sí misma. Retírela desde otra caja del negocio.');
    await this.engine.transaction(async (trx) => {
      const query = trx.selectFrom('registers').selectAll().where('id', '=', id).where('unclaimed', '=', 0);
      // Held until the commit: a shift being opened there (requireInShopWhile) finishes first or sees the removal.
      const row = await (this.engine.kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      if (!row) throw notFound();
      if (row.removed_at !== null) return;
      const open = await trx
        .selectFrom('shifts')
        .select('id')
        .where('register_id', '=', id)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (open) throw new AppError('conflict', `${row.name} tiene un turno abierto. Ciérrelo en esa caja antes de retirarla.`);
      await trx.updateTable('registers').set({ removed_at: this.clock().toISOString() }).where('id', '=', id).execute();
      // On a caja principal's server (shop-server/cluster.ts) the register's own login goes too, with
      // its sessions and the join code shown so far: it cannot read the shop's data any more.
      if (this.engine.kind === 'postgres' && (await retiresLogins(trx))) await sql`SELECT cajas.retire(${id})`.execute(trx);
    });
    return this.list();
  }

  /**
   * This register joins the shop again: the same row (its shifts, its sales), under its old name when
   * no register in use took it meanwhile, else under the first free «Caja N».
   */
  async rejoin(): Promise<RegisterList> {
    await this.readmit(await this.current());
    return this.list();
  }

  private async readmit(row: RegisterRow): Promise<void> {
    if (row.removed_at === null) return;
    for (let attempt = 0; ; attempt += 1) {
      const name = attempt === 0 ? row.name : firstFreeName(await this.namesInUse());
      try {
        await this.engine.db
          .updateTable('registers')
          .set({ removed_at: null, name, last_seen_at: this.clock().toISOString() })
          .where('id', '=', row.id)
          .execute();
        return;
      } catch (error) {
        if (!isNameTaken(error) || attempt >= NAME_TRIES) throw error;
      }
    }
  }

  /**
   * Takes this register's row. The register carried over by migration 0034 (the shop as it was with
   * one register) is this folder's when the store is this folder's own SQLite file (every shift in it
   * was made here), or when this folder has no id yet (it ran before registers existed); of several
   * such folders on one PostgreSQL database the first to get there takes it, in one conditional update.
   */
  private async register(): Promise<string> {
    if (this.named !== null) return this.registerNamed(this.named);
    const file = readRegisterFile(this.home);
    const kept = file === 'damaged' ? await this.recoverId() : typeof file === 'object' ? file.id : null;
    const now = this.clock().toISOString();
    if (kept) {
      const seen = await this.engine.db
        .updateTable('registers')
        .set({ last_seen_at: now })
        .where('id', '=', kept)
        .where('unclaimed', '=', 0)
        .executeTakeFirst();
      if (Number(seen.numUpdatedRows) > 0) {
        // Logged in with its own login on a caja principal's server, which a removed register no
        // longer has: the join code let it in again, so it is back in the shop.
        if (this.engine.kind === 'postgres') {
          const row = await this.engine.db.selectFrom('registers').selectAll().where('id', '=', kept).executeTakeFirstOrThrow();
          if (row.removed_at !== null && (await ownLogin(this.engine, kept))) await this.readmit(row);
        }
        return kept;
      }
    }
    if (this.engine.kind === 'sqlite' || kept === null) {
      const carried = await this.engine.db
        .updateTable('registers')
        .set({ unclaimed: 0, last_seen_at: now })
        .where('unclaimed', '=', 1)
        .returning('id')
        .executeTakeFirst();
      if (carried) {
        saveRegisterId(this.home, carried.id);
        return carried.id;
      }
    }
    const id = kept ?? drawRegisterId();
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.engine.db
          .insertInto('registers')
          .values({ id, name: firstFreeName(await this.namesInUse()), created_at: now, last_seen_at: now })
          .execute();
        break;
      } catch (error) {
        // Another register named itself «Caja N» at the same moment: the next free one.
        if (!isNameTaken(error) || attempt >= NAME_TRIES) throw error;
      }
    }
    if (kept !== id) saveRegisterId(this.home, id);
    return id;
  }

  /**
   * The id of a folder whose register.json was damaged from outside, read back from what else knows
   * it, so that the register keeps its row (its name, its open shift, its ticket blocks): on a caja
   * principal's server its own login names it; else the contingency references this folder numbered
   * (reference-counter.ts), when they name one register of the store; on SQLite, the store is this
   * folder's own file, so its one register in use is it. The damaged file is set aside either way;
   * with no single answer the folder starts as a new register (null), which gives no key or
   * reference twice: they carry the new id.
   */
  private async recoverId(): Promise<string | null> {
    const rows = await this.engine.db.selectFrom('registers').select('id').where('unclaimed', '=', 0).execute();
    const inStore = rows.map((row) => row.id);
    let found: string[] = [];
    if (this.engine.kind === 'postgres') {
      const { rows: users } = await sql<{ user: string }>`SELECT session_user AS user`.execute(this.engine.db);
      found = inStore.filter((id) => registerRole(id) === users[0]?.user);
    }
    if (found.length === 0) found = new ReferenceCounter(this.home).registers().filter((id) => inStore.includes(id));
    if (found.length === 0 && this.engine.kind === 'sqlite') found = inStore;
    const aside = setAsideRegisterFile(this.home, this.clock());
    const id = found.length === 1 ? found[0]! : null;
    if (id) saveRegisterId(this.home, id);
    this.logger?.warn('register.json was damaged', { setAside: aside, recovered: id, candidates: found.length });
    return id;
  }

  /**
   * `--register NAME`, so that scripts drive a shop's registers by name: the register in use with
   * that name (case aside), or a new one named so, and this folder keeps its id from then on (its
   * keys name it). A removed register is refused, as it would be at its own screen.
   */
  private async registerNamed(name: string): Promise<string> {
    const now = this.clock().toISOString();
    for (let attempt = 0; ; attempt += 1) {
      const rows = await this.engine.db
        .selectFrom('registers')
        .selectAll()
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .where('unclaimed', '=', 0)
        .execute();
      const inUse = rows.find((row) => row.removed_at === null);
      if (inUse) {
        await this.engine.db.updateTable('registers').set({ last_seen_at: now }).where('id', '=', inUse.id).execute();
        if (readRegisterId(this.home) !== inUse.id) saveRegisterId(this.home, inUse.id);
        return inUse.id;
      }
      if (rows[0]) throw removed(rows[0].name);
      const id = drawRegisterId();
      try {
        await this.engine.db.insertInto('registers').values({ id, name, created_at: now, last_seen_at: now }).execute();
        saveRegisterId(this.home, id);
        return id;
      } catch (error) {
        // Another process made a register of that name at the same moment: that one is it.
        if (!isNameTaken(error) || attempt >= NAME_TRIES) throw error;
      }
    }
  }

  private async namesInUse(): Promise<string[]> {
    const rows = await this.engine.db.selectFrom('registers').select('name').where('removed_at', 'is', null).execute();
    return rows.map((row) => row.name);
  }
}

/** The caja principal's server gives each register its own login (cluster.ts), which removal takes away. */
async function retiresLogins(db: Kysely<Schema>): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`SELECT to_regprocedure('cajas.retire(text)') IS NOT NULL AS found`.execute(db);
  return rows[0]?.found === true;
}

async function ownLogin(engine: Engine, id: string): Promise<boolean> {
  const { rows } = await sql<{ user: string }>`SELECT session_user AS user`.execute(engine.db);
  return rows[0]?.user === registerRole(id);
}

function removed(name: string): AppError {
  return new AppError(
    'not_allowed',
    `${name} fue retirada del negocio: no abre turnos ni vende. Un administrador puede volver a unirla en Ajustes › Cajas.`,
  );
}

function notFound(): AppError {
  return new AppError('not_found', 'Esa caja no existe.');
}

function nameTaken(): AppError {
  return new AppError('invalid_input', 'Ya hay una caja con ese nombre.', {
    fields: [{ path: 'name', message: 'Ya hay una caja con ese nombre.' }],
  });
}

/** The unique index of registers' names in use (registers_by_name, on lower(name)) refused a write. */
function isNameTaken(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === 'registers_by_name';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('registers_by_name');
}
