// Migration 0024 from an empty database and over a ledger written before it: a rejected submission
// keeps the tax authority's rejection as JSON data (submissions.rejection); older rows keep none.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '#core/store/migrations/index';
import { sqliteEngine } from '#core/store/engine';
import { Store } from '#core/store/store';
import { SubmissionLedger, toSubmission } from '#core/submissions/ledger';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const INSERT = `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
  payload_hash, state, error_code, error_message, created_at, updated_at)
  VALUES (1, 'http://a/v1', 7, 'DSE', ?, '/p', x'7b7d', 'h', 'rejected', 'api_rejected', 'La DIAN rechazó el documento: Regla: DSAJ24b, Rechazo: DV errado.', 'now', 'now')`;

describe('migration 0024 (submission rejection)', () => {
  it('from an empty database: submissions.rejection holds JSON or NULL, nothing else', () => {
    const store = Store.open(join(dir.path, 'empty.sqlite'), { migrations: migrations.slice(0, 24) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(24);
      store.db.prepare(INSERT).run('k1');
      expect(store.db.prepare('SELECT rejection FROM submissions').get()).toEqual({ rejection: null });
      const rejection = JSON.stringify({
        message: null,
        rules: [{ code: 'DSAJ24b', message: 'DV errado.', field: 'proveedor.dv' }],
      });
      store.db.prepare("UPDATE submissions SET rejection = ? WHERE idempotency_key = 'k1'").run(rejection);
      expect(store.db.prepare('SELECT rejection FROM submissions').get()).toEqual({ rejection });
      expect(() =>
        store.db.prepare("UPDATE submissions SET rejection = 'Regla: DSAJ24b' WHERE idempotency_key = 'k1'").run(),
      ).toThrow(/CHECK/);
    } finally {
      store.close();
    }
  });

  it('over a ledger written by 0023: an older rejected row keeps its text and names no rules', async () => {
    const file = join(dir.path, 'db.sqlite');
    const old = Store.open(file, { migrations: migrations.slice(0, 23) });
    old.db.prepare(INSERT).run('old');
    old.close();
    const store = Store.open(file, { migrations: migrations.slice(0, 24) });
    try {
      const row = (await new SubmissionLedger(sqliteEngine(store.db), () => new Date()).byKey('http://a/v1', 7, 'DSE', 'old'))!;
      expect(row.rejection).toBeNull();
      const submission = toSubmission(row);
      expect(submission.rejection).toBeUndefined();
      expect(submission.error).toEqual({
        code: 'api_rejected',
        message: 'La DIAN rechazó el documento: Regla: DSAJ24b, Rechazo: DV errado.',
      });
    } finally {
      store.close();
    }
  });
});
