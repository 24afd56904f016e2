// Migration 0028 from an empty database: a sale's payments are recorded with its submission, in the
// ledger's own insert (the trigger), exactly as staged; a submission with nothing staged gets none.
// What SalePayments refuses, on both engines: test/integration/sales/sale-payments.test.ts.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '#core/store/migrations';
import { sqliteEngine } from '#core/store/engine';
import { Store } from '#core/store/store';
import { SalePayments } from '#core/sales/sale-payments';
import type { Submission } from '#shared/rpc/methods/submissions';
import type { SalePayment } from '#shared/sales/sale-payment';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const COMPANY = { baseUrl: 'https://api.example.co', companyId: 7 };
const CASH: SalePayment = { method_id: 1, means: '10', label: 'Efectivo', amount: '20000', received: '50000', change: '30000' };
const NEQUI: SalePayment = { method_id: 9, means: '47', label: 'Nequi', amount: '9750.50', received: null, change: null };

function insertSubmission(store: Store, key: string, kind = 'FE'): number {
  const info = store.db
    .prepare(
      `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body, payload_hash,
         state, created_at, updated_at)
       VALUES (1, @baseUrl, @companyId, @kind, @key, '/x', x'00', 'h', 'sending', 'now', 'now')`,
    )
    .run({ ...COMPANY, kind, key });
  return Number(info.lastInsertRowid);
}

function request(total: number) {
  return {
    receptor: { tipo_doc: '13', numero_doc: '222222222222', nombre: 'Consumidor final', email: '', direccion: '' },
    items: [],
    subtotal: total,
    impuestos: 0,
    total,
    es_contingencia: false,
    fecha_emision: '2026-11-27',
    payment: { form: 'contado' as const, method_id: 1, means_code: '10', due_date: '' },
    aiu: { enabled: false },
    withholdings: [],
    attachment_tokens: [],
    draft_key: 'fe-1',
  };
}

describe('migration 0028 (sale payments)', () => {
  it('from an empty database: the payments staged under a key go to the submission the ledger inserts', async () => {
    const store = Store.open(join(dir.path, 'empty.sqlite'), { migrations: migrations.slice(0, 28) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(28);
      const sales = new SalePayments(sqliteEngine(store.db));
      let id = 0;
      const submit = (r: { draft_key?: string }) => {
        id = insertSubmission(store, r.draft_key!);
        return Promise.resolve({ id } as Submission);
      };
      await sales.submit(COMPANY, request(29750.5) as never, [CASH, NEQUI], () => false, submit as never);
      expect(await sales.of(id)).toEqual([CASH, NEQUI]);
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM sale_payments_staged').get()).toEqual({ n: 0 });
      const stored = store.db
        .prepare('SELECT position, means, amount, received, change FROM sale_payments ORDER BY position')
        .all();
      expect(stored).toEqual([
        { position: 1, means: '10', amount: '20000', received: '50000', change: '30000' },
        { position: 2, means: '47', amount: '9750.50', received: null, change: null },
      ]);
      // Another submission (a DSE, or an FE sent with nothing staged) records no payments.
      expect(await sales.of(insertSubmission(store, 'fe-2'))).toEqual([]);
      // Change is only for cash, and goes with what was received.
      expect(() =>
        store.db
          .prepare(
            `INSERT INTO sale_payments (submission_id, position, means, method_id, label, amount, received, change)
                    VALUES (?, 1, '47', 9, 'Nequi', '1', '2', '1')`,
          )
          .run(id),
      ).toThrow(/CHECK/);
    } finally {
      store.close();
    }
  });
});
