// Saved customers of one connection: create, edit, deactivate, search by name or
// identification number with recent ones first, and the mark an issued invoice leaves (last used).
// Input is checked by the shared schema before it gets here (the RPC layer), and again here for
// callers inside the core.
import type { Statement } from 'better-sqlite3';
import { Customer, CustomerInput, foldCustomerText } from '#shared/customers/customer';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { AppError, invalidInput } from '#shared/rpc/errors';
import type { Db } from '../store/store';

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

const COLUMNS = 'id, tipo_doc, numero_doc, nombre, email, direccion, telefono, active, last_used_at, updated_at';
/** Exact number first, then the most recently invoiced, then never invoiced ones by name. */
const RANK = `CASE WHEN numero_doc = @q THEN 0 ELSE 1 END, last_used_at IS NULL, last_used_at DESC, nombre COLLATE NOCASE, id`;

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
  private readonly byId: Statement<[number, number], CustomerRow>;
  private readonly byIdentification: Statement<[number, string, string], CustomerRow>;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.byId = db.prepare(`SELECT ${COLUMNS} FROM customers WHERE connection_id = ? AND id = ?`);
    this.byIdentification = db.prepare(
      `SELECT ${COLUMNS} FROM customers WHERE connection_id = ? AND tipo_doc = ? AND numero_doc = ?`,
    );
  }

  get(connectionId: number, id: number): Customer {
    const row = this.byId.get(connectionId, id);
    if (!row) throw new AppError('not_found', 'El cliente no existe en la lista de esta empresa.');
    return toCustomer(row);
  }

  find(connectionId: number, tipoDoc: string, numeroDoc: string): Customer | null {
    const row = this.byIdentification.get(connectionId, tipoDoc, numeroDoc.trim());
    return row ? toCustomer(row) : null;
  }

  /** Creates (no id) or edits a customer; the identification of another saved customer is refused. */
  save(connectionId: number, raw: CustomerInput, id?: number): Customer {
    const parsed = CustomerInput.safeParse(raw);
    if (!parsed.success) throw invalidInput(parsed.error);
    const input = parsed.data;
    return this.db.transaction(() => {
      const clash = this.byIdentification.get(connectionId, input.tipo_doc, input.numero_doc);
      if (clash && clash.id !== id) {
        throw new AppError('conflict', `Ya hay un cliente guardado con ese documento: ${clash.nombre}.`, {
          fields: [{ path: 'numero_doc', message: 'Ya existe.' }],
        });
      }
      const stamp = this.now().toISOString();
      const search = foldCustomerText(`${input.nombre} ${input.numero_doc}`);
      // The customer's own columns, in the order both statements below name them.
      const fields = [
        input.tipo_doc,
        input.numero_doc,
        input.nombre,
        input.email,
        input.direccion,
        input.telefono,
        search,
      ] as const;
      if (id === undefined) {
        const created = this.db
          .prepare(
            `INSERT INTO customers (connection_id, tipo_doc, numero_doc, nombre, email, direccion, telefono, search_text, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(connectionId, ...fields, stamp, stamp);
        return this.get(connectionId, Number(created.lastInsertRowid));
      }
      this.get(connectionId, id);
      this.db
        .prepare(
          `UPDATE customers SET tipo_doc = ?, numero_doc = ?, nombre = ?, email = ?, direccion = ?, telefono = ?, search_text = ?, updated_at = ?
           WHERE connection_id = ? AND id = ?`,
        )
        .run(...fields, stamp, connectionId, id);
      return this.get(connectionId, id);
    })();
  }

  setActive(connectionId: number, id: number, active: boolean): Customer {
    this.get(connectionId, id);
    this.db
      .prepare('UPDATE customers SET active = ?, updated_at = ? WHERE connection_id = ? AND id = ?')
      .run(active ? 1 : 0, this.now().toISOString(), connectionId, id);
    return this.get(connectionId, id);
  }

  /**
   * Saved customers whose number starts with the text, or whose name and number hold words starting
   * with each typed word (accents folded); exact number first, then recent ones, then by name.
   */
  search(
    connectionId: number,
    options: { q?: string; includeInactive?: boolean; limit?: number },
  ): { items: Customer[]; total: number } {
    const limit = options.limit ?? 50;
    const words = foldCustomerText(options.q?.trim() ?? '')
      .split(/\s+/)
      .filter((w) => w.length > 0)
      .slice(0, 6);
    const where = ['connection_id = @connection'];
    const params: Record<string, string | number> = { connection: connectionId, q: options.q?.trim() ?? '', limit };
    if (!options.includeInactive) where.push('active = 1');
    words.forEach((word, i) => {
      params[`w${i}`] = `% ${likeEscape(word)}%`;
      where.push(`(' ' || search_text) LIKE @w${i} ESCAPE '\\'`);
    });
    const clause = where.join(' AND ');
    const items = this.db
      .prepare<Record<string, string | number>, CustomerRow>(
        `SELECT ${COLUMNS} FROM customers WHERE ${clause} ORDER BY ${RANK} LIMIT @limit`,
      )
      .all(params)
      .map(toCustomer);
    const total = this.db
      .prepare<Record<string, string | number>, { n: number }>(`SELECT count(*) AS n FROM customers WHERE ${clause}`)
      .get(params)!.n;
    return { items, total };
  }

  /** An invoice was issued to this identification: a saved customer moves up the picker. */
  markUsed(connectionId: number, tipoDoc: string, numeroDoc: string): Customer | null {
    const row = this.byIdentification.get(connectionId, tipoDoc, numeroDoc.trim());
    if (!row) return null;
    this.db.prepare('UPDATE customers SET last_used_at = ? WHERE id = ?').run(this.now().toISOString(), row.id);
    return this.get(connectionId, row.id);
  }
}
