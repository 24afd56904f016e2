// Migration 0016 (the period report's indexes), applied from an empty database: the
// report's amounts are read from the covering index alone, the ledger check from its own index.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const upTo = (name: string) => migrations.slice(0, migrations.findIndex((m) => m.name === name) + 1);
const plan = (store: Store, sql: string) =>
  store.db
    .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all()
    .map((r) => r.detail)
    .join(' | ');

describe('migration 0016 from an empty database', () => {
  it('replaces the report amounts index with a covering one and indexes the ledger by connection and change', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: upTo('report_indexes') });
    const indexes = store.db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('report_amounts_by_document', 'report_amounts_covering', 'submissions_by_connection_updated') ORDER BY name",
      )
      .all()
      .map((r) => r.name);
    expect(indexes).toEqual(['report_amounts_covering', 'submissions_by_connection_updated']);
    expect(
      plan(store, "SELECT code, rate, name, base_cents, amount_cents FROM report_amounts WHERE history_id = 1 AND fact = 'tax'"),
    ).toMatch(/COVERING INDEX report_amounts_covering/);
    expect(plan(store, 'SELECT count(*), max(updated_at), max(id) FROM submissions WHERE connection_id = 1')).toMatch(
      /submissions_by_connection_updated/,
    );
    // rows still go in and come out as before
    store.db
      .prepare(
        `INSERT INTO history_documents (id, connection_id, kind, remote_id, tipo_dian, number, prefijo, consecutivo, estado_dian, fiscal_key,
           issue_date, counterpart_name, counterpart_doc, subtotal, impuestos, total, total_cents, moneda, items_text, document_json, synced_at)
         VALUES (1, 1, 'DSE', 5, '05', 'DS5', 'DS', 5, 'aceptado', 'k', '2026-11-02', 'P', '900', '100.00', '19.00', '119.00', 11900, 'COP', '', '{}', 'now')`,
      )
      .run();
    store.db
      .prepare(
        "INSERT INTO report_amounts (history_id, fact, code, name, rate, base_cents, amount_cents) VALUES (1, 'tax', '01', 'IVA', '19', 10000, 1900)",
      )
      .run();
    expect(
      store.db.prepare("SELECT sum(amount_cents) AS n FROM report_amounts WHERE history_id = 1 AND fact = 'tax'").get(),
    ).toEqual({ n: 1900 });
    store.close();
  });
});
