// Saved customers of one connection: create, edit, deactivate, search by name or
// identification number with recent ones first, and the mark an issued invoice leaves (last used).
// Input is checked by the shared schema before it gets here (the RPC layer), and again here for
// callers inside the core. On either engine (store/engine.ts): the word search is a LIKE over
// `search_text`, which the code writes folded, so both engines read it the same way.
import { sql, type Kysely } from 'kysely';
import { Customer, CustomerInput, foldCustomerText } from '#shared/customers/customer';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { AppError, invalidInput } from '#shared/rpc/errors';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';

interface CustomerRow {
  id: number;
  tipo_doc: string;
  numero_doc: string;
  nombre: string;
  email: string;
  direccion: string;
  telefono: string;
  active: number;
  last_used_at: string | null;
  updated_at: string;
}

const COLUMNS = [
  'id',
  'tipo_doc',
  'numero_doc',
  'nombre',
  'email',
  'direccion',
  'telefono',
  'active',
  'last_used_at',
  'updated_at',
] as const;

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    tipo_doc: row.tipo_doc,
    numero_doc: row.numero_doc,
    dv: row.tipo_doc === '31' && /^\d{1,15}$/.test(row.numero_doc) ? nitCheckDigit(row.numero_doc) : null,
    nombre: row.nombre,
    email: row.email,
    direccion: row.direccion,
    telefono: row.telefono,
    active: row.active === 1,
    last_used_at: row.last_used_at,
    updated_at: row.updated_at,
  };
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export class Customers {
  /** By name, case folded as SQLite's NOCASE (ASCII); on PostgreSQL in byte order whatever the server's locale. */
  private readonly byName;

  constructor(
    private readonly engine: Engine,
    private readonly now: () => Date,
  ) {
    this.byName = engine.kind === 'postgres' ? sql`lower(nombre) COLLATE "C"` : sql`lower(nombre)`;
  }

  async get(connectionId: number, id: number, db: Kysely<Schema> = this.engine.db): Promise<Customer> {
    const row = await db
      .selectFrom('customers')
      .select(COLUMNS)
      .where('connection_id', '=', connectionId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', 'El cliente no existe en la lista de esta empresa.');
    return toCustomer(row);
  }

  async find(connectionId: number, tipoDoc: string, numeroDoc: string): Promise<Customer | null> {
    const row = await this.byIdentification(this.engine.db, connectionId, tipoDoc, numeroDoc.trim());
    return row ? toCustomer(row) : null;
  }

  /** Creates (no id) or edits a customer; the identification of another saved customer is refused. */
  async save(connectionId: number, raw: CustomerInput, id?: number): Promise<Customer> {
    const parsed = CustomerInput.safeParse(raw);
    if (!parsed.success) throw invalidInput(parsed.error);
    const input = parsed.data;
    return this.engine.transaction(async (trx) => {
      const clash = await this.byIdentification(trx, connectionId, input.tipo_doc, input.numero_doc);
      if (clash && clash.id !== id) {
        throw new AppError('conflict', `Ya hay un cliente guardado con ese documento: ${clash.nombre}.`, {
          fields: [{ path: 'numero_doc', message: 'Ya existe.' }],
        });
      }
      const stamp = this.now().toISOString();
      const fields = {
        tipo_doc: input.tipo_doc,
        numero_doc: input.numero_doc,
        nombre: input.nombre,
        email: input.email,
        direccion: input.direccion,
        telefono: input.telefono,
        search_text: foldCustomerText(`${input.nombre} ${input.numero_doc}`),
      };
      if (id === undefined) {
        const created = await trx
          .insertInto('customers')
          .values({ connection_id: connectionId, ...fields, created_at: stamp, updated_at: stamp })
          .returning('id')
          .executeTakeFirstOrThrow();
        return this.get(connectionId, created.id, trx);
      }
      await this.get(connectionId, id, trx);
      await trx
        .updateTable('customers')
        .set({ ...fields, updated_at: stamp })
        .where('connection_id', '=', connectionId)
        .where('id', '=', id)
        .execute();
      return this.get(connectionId, id, trx);
    });
  }

  async setActive(connectionId: number, id: number, active: boolean): Promise<Customer> {
    return this.engine.transaction(async (trx) => {
      await this.get(connectionId, id, trx);
      await trx
        .updateTable('customers')
        .set({ active: active ? 1 : 0, updated_at: this.now().toISOString() })
        .where('connection_id', '=', connectionId)
        .where('id', '=', id)
        .execute();
      return this.get(connectionId, id, trx);
    });
  }

  /**
   * Saved customers whose number starts with the text, or whose name and number hold words starting
   * with each typed word (accents folded); exact number first, then recent ones, then by name.
   */
  async search(
    connectionId: number,
    options: { q?: string; includeInactive?: boolean; limit?: number },
  ): Promise<{ items: Customer[]; total: number }> {
    const db = this.engine.db;
    const limit = options.limit ?? 50;
    const q = options.q?.trim() ?? '';
    const words = foldCustomerText(q)
      .split(/\s+/)
      .filter((w) => w.length > 0)
      .slice(0, 6);
    let matching = db.selectFrom('customers').where('connection_id', '=', connectionId);
    if (!options.includeInactive) matching = matching.where('active', '=', 1);
    for (const word of words)
      matching = matching.where(sql<boolean>`(' ' || search_text) LIKE ${`% ${likeEscape(word)}%`} ESCAPE '\\'`);
    const rows = await matching
      .select(COLUMNS)
      // Exact number first, then the most recently invoiced, then never invoiced ones by name.
      .orderBy(sql`CASE WHEN numero_doc = ${q} THEN 0 ELSE 1 END`)
      .orderBy(sql`CASE WHEN last_used_at IS NULL THEN 1 ELSE 0 END`)
      .orderBy('last_used_at', 'desc')
      .orderBy(this.byName)
      .orderBy('id')
      .limit(limit)
      .execute();
    const { n } = await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { items: rows.map(toCustomer), total: Number(n) };
  }

  /** An invoice was issued to this identification: a saved customer moves up the picker. */
  async markUsed(connectionId: number, tipoDoc: string, numeroDoc: string): Promise<Customer | null> {
    return this.engine.transaction(async (trx) => {
      const row = await this.byIdentification(trx, connectionId, tipoDoc, numeroDoc.trim());
      if (!row) return null;
      await trx.updateTable('customers').set({ last_used_at: this.now().toISOString() }).where('id', '=', row.id).execute();
      return this.get(connectionId, row.id, trx);
    });
  }

  private byIdentification(db: Kysely<Schema>, connectionId: number, tipoDoc: string, numeroDoc: string) {
    return db
      .selectFrom('customers')
      .select(COLUMNS)
      .where('connection_id', '=', connectionId)
      .where('tipo_doc', '=', tipoDoc)
      .where('numero_doc', '=', numeroDoc)
      .executeTakeFirst();
  }
}
