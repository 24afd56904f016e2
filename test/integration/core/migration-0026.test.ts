// Migration 0026 from an empty database and over a ledger with contingency sales written before it:
// the ticket an FE names becomes an indexed column, back-filled, and the database itself keeps one
// holder of a ticket per address and company among the invoices not refused.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatContingencyReference, ticketReference } from '#shared/fe/contingency-reference';
import { migrations } from '#core/store/migrations/index';
import { sqliteEngine } from '#core/store/engine';
import { Store } from '#core/store/store';
import { ticketHolder } from '#core/submissions/contingency-tickets';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const NUMBERING = {
  numero: '18764000001',
  prefijo: 'CT',
  rango_desde: 1,
  rango_hasta: 50,
  desde: '2026-01-01',
  hasta: '2027-12-31',
};
const line = (n: number) => formatContingencyReference(ticketReference(NUMBERING, n, '2026-11-20', '10:00:00'));
const fe = (observaciones: string, contingencia = true) =>
  Buffer.from(JSON.stringify({ es_contingencia: contingencia, observaciones, receptor: { nombre: 'Cliente' } }), 'utf8');

const INSERT = `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
  payload_hash, state, created_at, updated_at) VALUES (1, ?, 7, ?, ?, '/p', ?, 'h', ?, 'now', 'now')`;

function insert(store: Store, key: string, body: Buffer, state = 'in_doubt', kind = 'FE', baseUrl = 'http://a/v1') {
  return Number(store.db.prepare(INSERT).run(baseUrl, kind, key, body, state).lastInsertRowid);
}

const refs = (store: Store) =>
  store.db.prepare('SELECT idempotency_key AS key, ticket_ref FROM submissions ORDER BY id').all() as {
    key: string;
    ticket_ref: string | null;
  }[];

describe('migration 0026 (contingency ticket in the ledger)', () => {
  it('from an empty database: one holder of a ticket per company, released by a refused invoice; the check is an index lookup', async () => {
    const store = Store.open(join(dir.path, 'empty.sqlite'), { migrations: migrations.slice(0, 26) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(26);
      const write = store.db.prepare(
        `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
           payload_hash, state, created_at, updated_at, ticket_ref) VALUES (1, ?, 7, 'FE', ?, '/p', x'7b7d', 'h', ?, 'now', 'now', ?)`,
      );
      write.run('http://a/v1', 'k1', 'in_doubt', '18764000001/CT-1');
      expect(() => write.run('http://a/v1', 'k2', 'accepted', '18764000001/CT-1')).toThrow(/UNIQUE/);
      // Another company's address, another ticket, a refused invoice and invoices without a ticket are free.
      write.run('http://b/v1', 'k3', 'pending', '18764000001/CT-1');
      write.run('http://a/v1', 'k4', 'pending', '18764000001/CT-2');
      write.run('http://a/v1', 'k5', 'rejected', '18764000001/CT-1');
      write.run('http://a/v1', 'k6', 'accepted', null);
      write.run('http://a/v1', 'k7', 'accepted', null);
      // The holder refused: the ticket is free again for the same sale sent corrected.
      store.db.prepare("UPDATE submissions SET state = 'rejected' WHERE idempotency_key = 'k1'").run();
      const again = Number(write.run('http://a/v1', 'k8', 'sending', '18764000001/CT-1').lastInsertRowid);

      const company = { baseUrl: 'http://a/v1', companyId: 7 };
      const ticket = { resolution: '18764000001', prefix: 'CT', number: 1 };
      const engine = sqliteEngine(store.db);
      expect(await ticketHolder(engine.db, company, ticket, null)).toMatchObject({ id: again });
      expect(await ticketHolder(engine.db, company, ticket, 'k8')).toBeNull();
      const plan = store.db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT id, document_number AS number FROM submissions
            WHERE base_url = ? AND company_id = ? AND ticket_ref = ? AND idempotency_key != ?
              AND ticket_ref IS NOT NULL AND state NOT IN ('rejected', 'failed', 'conflict')
            ORDER BY id LIMIT 1`,
        )
        .all('http://a/v1', 7, '18764000001/CT-1', '') as { detail: string }[];
      expect(plan.map((step) => step.detail).join('\n')).toContain('USING INDEX submissions_ticket');
    } finally {
      store.close();
    }
  });

  it('over a ledger written by 0025 with contingency sales: each names its ticket; of two holders of one ticket the older keeps it', async () => {
    const file = join(dir.path, 'db.sqlite');
    const old = Store.open(file, { migrations: migrations.slice(0, 25) });
    insert(old, 'queued', fe(`Mesa 4\n${line(1)}`));
    insert(old, 'typed', fe(line(2)), 'accepted');
    insert(old, 'typed-again', fe(line(2)), 'pending');
    insert(old, 'refused', fe(line(2)), 'rejected');
    insert(old, 'not-contingency', fe(line(3), false), 'accepted');
    insert(old, 'plain', fe('Gracias por su compra'), 'accepted');
    insert(old, 'dse', fe(line(4)), 'accepted', 'DSE');
    insert(old, 'other-address', fe(line(1)), 'accepted', 'FE', 'http://b/v1');
    insert(old, 'broken', Buffer.from('{"observaciones": "Contingencia tipo 3: talonario ', 'utf8'), 'in_doubt');
    old.close();

    const store = Store.open(file, { migrations: migrations.slice(0, 26) });
    try {
      expect(refs(store)).toEqual([
        { key: 'queued', ticket_ref: '18764000001/CT-1' },
        { key: 'typed', ticket_ref: '18764000001/CT-2' },
        { key: 'typed-again', ticket_ref: null },
        { key: 'refused', ticket_ref: '18764000001/CT-2' },
        { key: 'not-contingency', ticket_ref: null },
        { key: 'plain', ticket_ref: null },
        { key: 'dse', ticket_ref: null },
        { key: 'other-address', ticket_ref: '18764000001/CT-1' },
        { key: 'broken', ticket_ref: null },
      ]);
      const company = { baseUrl: 'http://a/v1', companyId: 7 };
      expect(
        await ticketHolder(sqliteEngine(store.db).db, company, { resolution: '18764000001', prefix: 'CT', number: 2 }, null),
      ).toMatchObject({
        id: 2,
      });
      // The index now refuses another holder of a back-filled ticket.
      expect(() =>
        store.db
          .prepare(
            `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
               payload_hash, state, created_at, updated_at, ticket_ref)
               VALUES (1, 'http://a/v1', 7, 'FE', 'new', '/p', x'7b7d', 'h', 'sending', 'now', 'now', '18764000001/CT-1')`,
          )
          .run(),
      ).toThrow(/UNIQUE/);
    } finally {
      store.close();
    }
  });
});
