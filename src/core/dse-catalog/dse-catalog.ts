// What the DSE form offers again: suppliers already used (read back from the submission ledger, which
// keeps the exact request bytes) and the cost centers the user entered for a connection. On either
// engine (store/engine.ts).
import { DseProveedor } from '#shared/api/index';
import type { CostCenter, KnownSupplier } from '#shared/rpc/methods/dse-catalog';
import type { Engine } from '../store/engine';

export class DseCatalog {
  constructor(private readonly engine: Engine) {}

  async suppliers(connectionId: number, q = '', limit = 50): Promise<KnownSupplier[]> {
    const rows = await this.engine.db
      .selectFrom('submissions')
      .select(['request_body', 'created_at'])
      .where('kind', '=', 'DSE')
      .where('connection_id', '=', connectionId)
      .orderBy('id', 'desc')
      .limit(2000)
      .execute();
    const seen = new Set<string>();
    const out: KnownSupplier[] = [];
    const needle = q.toLowerCase();
    for (const row of rows) {
      let body: unknown;
      try {
        body = JSON.parse(row.request_body.toString('utf8'));
      } catch {
        continue;
      }
      const parsed = DseProveedor.safeParse((body as { proveedor?: unknown } | null)?.proveedor);
      if (!parsed.success) continue;
      const p = parsed.data;
      const id = `${p.tipo_documento}:${p.nit}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (needle && !`${p.nit} ${p.nombre} ${p.nombre_comercial ?? ''}`.toLowerCase().includes(needle)) continue;
      out.push({ proveedor: p, last_used: row.created_at });
      if (out.length >= limit) break;
    }
    return out;
  }

  async costCenters(connectionId: number): Promise<CostCenter[]> {
    const rows = await this.engine.db
      .selectFrom('cost_centers')
      .select(['id', 'code', 'name'])
      .where('connection_id', '=', connectionId)
      .execute();
    // By code in code-unit order (SQLite's), not by a PostgreSQL server's collation.
    return rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }

  async saveCostCenters(connectionId: number, items: readonly CostCenter[]): Promise<CostCenter[]> {
    await this.engine.transaction(async (trx) => {
      await trx.deleteFrom('cost_centers').where('connection_id', '=', connectionId).execute();
      if (items.length > 0)
        await trx
          .insertInto('cost_centers')
          .values(items.map((c) => ({ connection_id: connectionId, id: c.id, code: c.code, name: c.name })))
          .execute();
    });
    return this.costCenters(connectionId);
  }
}
