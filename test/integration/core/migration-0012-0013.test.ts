// Migrations 0012 (links between a rejected DSE and its corrections) and 0013 (report facts), each
// applied from an empty database.
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

function submission(store: Store, key: string): number {
  store.db
    .prepare(
      "INSERT INTO connections (id, label, kind, base_url, company_id, created_at) VALUES (1, 'c', 'sandbox', 'http://a/v1', 7, 'now') ON CONFLICT DO NOTHING",
    )
    .run();
  return Number(
    store.db
      .prepare(
        `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
           payload_hash, state, created_at, updated_at) VALUES (1, 'http://a/v1', 7, 'DSE', ?, '/p', x'7b7d', 'h', 'rejected', 'now', 'now')`,
      )
      .run(key).lastInsertRowid,
  );
}

describe('migrations 0012 and 0013 from an empty database', () => {
  it('0012 links a correction key to one rejected submission, once per key and connection', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: upTo('dse_corrections') });
    const rejected = submission(store, 'k-rejected');
    const insert = store.db.prepare(
      "INSERT INTO dse_corrections (connection_id, correction_key, rejected_submission_id, created_at) VALUES (1, ?, ?, 'now')",
    );
    insert.run('k-correction', rejected);
    expect(() => insert.run('k-correction', rejected)).toThrow(/UNIQUE|PRIMARY KEY/);
    const plan = store.db
      .prepare<[], { detail: string }>(
        "EXPLAIN QUERY PLAN SELECT id FROM submissions WHERE connection_id = 1 AND kind = 'DSE' AND idempotency_key = 'k'",
      )
      .all()
      .map((r) => r.detail)
      .join(' ');
    expect(plan).toMatch(/submissions_by_key|sqlite_autoindex/);
    store.close();
  });

  it('0013 keeps figures per mirrored document and refuses an unknown kind of fact', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: upTo('report_facts') });
    store.db
      .prepare(
        `INSERT INTO history_documents (id, connection_id, kind, remote_id, tipo_dian, number, prefijo, consecutivo, estado_dian, fiscal_key,
           issue_date, counterpart_name, counterpart_doc, subtotal, impuestos, total, total_cents, moneda, items_text, document_json, synced_at)
         VALUES (1, 1, 'DSE', 5, '05', 'DS5', 'DS', 5, 'aceptado', 'k', '2026-11-02', 'P', '900', '100.00', '19.00', '119.00', 11900, 'COP', '', '{}', 'now')`,
      )
      .run();
    store.db
      .prepare('INSERT INTO report_documents (history_id, submission_id, period_from, period_to) VALUES (1, NULL, NULL, NULL)')
      .run();
    const amount = store.db.prepare(
      "INSERT INTO report_amounts (history_id, fact, code, name, rate, base_cents, amount_cents) VALUES (1, ?, '01', 'IVA', '19', 10000, 1900)",
    );
    amount.run('tax');
    expect(() => amount.run('discount')).toThrow(/CHECK/);
    expect(store.db.prepare('SELECT count(*) AS n FROM report_amounts').get()).toEqual({ n: 1 });
    store.close();
  });
});
