// What the DSE form offers again: suppliers already used (read back from the submission ledger, which
// keeps the exact request bytes) and the cost centers the user entered for a connection.
import { DseProveedor } from '#shared/api/index';
import type { CostCenter, KnownSupplier } from '#shared/rpc/methods/dse-catalog';
import type { Db } from '../store/store';

export class DseCatalog {
  constructor(private readonly db: Db) {}

  suppliers(connectionId: number, q = '', limit = 50): KnownSupplier[] {
    const rows = this.db
      .prepare<[number], { request_body: Buffer; created_at: string }>(
        `SELECT request_body, created_at FROM submissions WHERE kind = 'DSE' AND connection_id = ? ORDER BY id DESC LIMIT 2000`,
      )
      .all(connectionId);
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

  costCenters(connectionId: number): CostCenter[] {
    return this.db
      .prepare<[number], CostCenter>('SELECT id, code, name FROM cost_centers WHERE connection_id = ? ORDER BY code')
      .all(connectionId);
  }

  saveCostCenters(connectionId: number, items: readonly CostCenter[]): CostCenter[] {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM cost_centers WHERE connection_id = ?').run(connectionId);
      const insert = this.db.prepare('INSERT INTO cost_centers (connection_id, id, code, name) VALUES (?, ?, ?, ?)');
      for (const c of items) insert.run(connectionId, c.id, c.code, c.name);
    })();
    return this.costCenters(connectionId);
  }
}
