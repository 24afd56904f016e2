// Companies, their catalogs, numbering and yearly quotas.
import type { PaymentMethod, Tercero } from '#shared/api/index';
import type { SeedCompany } from '../seed';
import type { Db } from './database';

export type Company = Omit<SeedCompany, 'terceros' | 'fe_documents'>;
export type Module = 'fe' | 'dse';

export class CompanyStore {
  private readonly cache = new Map<number, Company>();

  constructor(private readonly db: Db) {}

  get(id: number): Company | undefined {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const row = this.db.prepare('SELECT config FROM companies WHERE id = ?').get(id) as { config: string } | undefined;
    if (!row) return undefined;
    const company = JSON.parse(row.config) as Company;
    this.cache.set(id, company);
    return company;
  }

  paymentMethods(company: Company): PaymentMethod[] {
    return company.payment_methods;
  }

  terceros(companyId: number): Tercero[] {
    return this.db
      .prepare(
        'SELECT id, nombre, tipo_documento, numero_documento, email, direccion FROM terceros WHERE company_id = ? ORDER BY nombre, id',
      )
      .all(companyId) as Tercero[];
  }

  findTercero(companyId: number, numeroDocumento: string): Tercero | undefined {
    return this.db
      .prepare(
        'SELECT id, nombre, tipo_documento, numero_documento, email, direccion FROM terceros WHERE company_id = ? AND numero_documento = ?',
      )
      .get(companyId, numeroDocumento) as Tercero | undefined;
  }

  /**
   * The company's third party for this document number, created from a document's data when new.
   * An existing one keeps its name and type; only a missing e-mail or address is filled in.
   */
  upsertTercero(companyId: number, t: Omit<Tercero, 'id'>): Tercero {
    const existing = this.findTercero(companyId, t.numero_documento);
    if (existing) {
      const merged = { ...existing, email: existing.email || t.email, direccion: existing.direccion || t.direccion };
      // a known supplier with both already filled in (the usual case): nothing to write
      if (merged.email === existing.email && merged.direccion === existing.direccion) return existing;
      this.db
        .prepare('UPDATE terceros SET email = ?, direccion = ? WHERE id = ?')
        .run(merged.email, merged.direccion, existing.id);
      return merged;
    }
    const info = this.db
      .prepare(
        'INSERT INTO terceros (company_id, nombre, tipo_documento, numero_documento, email, direccion) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(companyId, t.nombre, t.tipo_documento, t.numero_documento, t.email, t.direccion);
    return { id: Number(info.lastInsertRowid), ...t };
  }

  /** Takes the next consecutive of the module; call inside the transaction that stores the document. */
  takeNumber(companyId: number, module: Module): number {
    const row = this.db
      .prepare(
        'UPDATE counters SET next_number = next_number + 1 WHERE company_id = ? AND module = ? RETURNING next_number - 1 AS n',
      )
      .get(companyId, module) as { n: number };
    return row.n;
  }

  /**
   * Whether the yearly plan allows one more document. Sandbox decision: the yearly term is the
   * calendar year of Colombia's current date; every production document of the module created in it
   * counts (accepted, rejected or pending), plus the seed's `used`.
   */
  quotaLeft(company: Company, module: Module, year: string): number | null {
    const quota = company[module].quota;
    if (quota === null) return null;
    const table = module === 'fe' ? 'fe_documents' : 'dse_documents';
    const habil = module === 'fe' ? 'AND es_habilitacion = 0' : '';
    const row = this.db
      .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE company_id = ? AND year = ? ${habil}`)
      .get(company.id, year) as { n: number };
    return quota - company[module].used - row.n;
  }
}
