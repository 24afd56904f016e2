// Exactly-once submissions against the real sandbox: the write-ahead record precedes the first byte,
// every uncertain outcome is resolved with the same key and bytes (or by querying the DSE), and each
// operation ends as exactly one document.
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '#core/core';
import { testBed, type TestBed } from '#test/core/sandbox';
import { ENGINE_KINDS } from '#test/engines';
import { dse, dseDocumentIds, fe, feTotal, MAGIC } from '#test/requests/outcomes';
import { waitUntil } from '#test/wait';
import { CORE_TOKENS as TOKENS } from '#test/seed';

const SETTLE_MS = 150;
const SEEDED_FE = 3;

type Core = Awaited<ReturnType<TestBed['core']>>;

interface LedgerRow {
  id: number;
  state: string;
  request_body: Buffer;
  response_body: string | null;
  error_message: string | null;
  payload_hash: string;
  claimed_by: string | null;
}

/** The ledger's rows as another process reads them (only what was committed), newest first. */
async function committedRows(bed: TestBed, core: Core): Promise<LedgerRow[]> {
  const query =
    'SELECT id, state, request_body, response_body, error_message, payload_hash, claimed_by FROM submissions ORDER BY id DESC';
  const url = bed.databaseOf(core);
  if (url === null) {
    const reader = new Database(join(core.parts.home, DATABASE_FILE), { readonly: true });
    try {
      return reader.prepare(query).all() as LedgerRow[];
    } finally {
      reader.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<LedgerRow>(query)).rows.map((row) => ({ ...row, id: Number(row.id) }));
  } finally {
    await client.end();
  }
}

describe.each(ENGINE_KINDS)('submissions on %s', (kind) => {
  let bed: TestBed;
  beforeAll(async () => {
    bed = await testBed({ feDocuments: SEEDED_FE, settleMs: SETTLE_MS, engine: kind });
  });
  afterAll(async () => {
    await bed?.close();
  });

  /** Checks the submission until it has a final answer (the sandbox settles it settle-ms after creating it). */
  const settledCheck = (core: Core, id: number) =>
    waitUntil(
      () => core.parts.submissions.check(id),
      (submission) => !['pending', 'in_doubt', 'sending'].includes(submission.state),
      { what: `submission ${id} settled` },
    );

  describe('DSE submissions', () => {
    it('commits key, exact bytes and hash durably before the first byte is sent', async () => {
      let seenAtSend: LedgerRow | undefined;
      let sentBody: Buffer | undefined;
      const core: Core = await bed.core({
        fetch: async (input, init) => {
          seenAtSend = (await committedRows(bed, core))[0];
          sentBody = Buffer.from(init!.body as Uint8Array);
          return fetch(input, init);
        },
      });
      const submission = await core.parts.submissions.submitDse(dse(MAGIC.accept));
      expect(seenAtSend?.state).toBe('sending');
      expect(seenAtSend?.request_body.equals(sentBody!)).toBe(true);
      // On PostgreSQL claimed by this process while the request is out (claims.ts), released after the
      // outcome's commit; on SQLite the folder's lock is the claim, and no row is marked.
      expect(seenAtSend?.claimed_by).toBe(bed.kind === 'postgres' ? core.parts.submissions.claims.owner : null);
      expect((await committedRows(bed, core)).find((row) => row.id === submission.id)?.claimed_by).toBeNull();
      expect(submission).toMatchObject({ state: 'accepted', estado_dian: 'aceptado', attempts: 1, http_status: 201 });
      expect(submission.document_number).toMatch(/^DS\d+$/);
      expect(submission.fiscal_key).toMatch(/^[0-9a-f]{96}$/);
      expect(submission.payload_hash).toBe(seenAtSend?.payload_hash);
    });

    it('422: rejected, kept, never resent', async () => {
      const core = await bed.core();
      const submission = await core.parts.submissions.submitDse(dse(MAGIC.reject));
      expect(submission).toMatchObject({ state: 'rejected', http_status: 422 });
      expect(submission.error?.code).toBe('api_rejected');
      expect(await core.parts.submissions.check(submission.id)).toMatchObject({ state: 'rejected', attempts: 1 });
    });

    it('502 pending: the document id is kept and queried until it settles as aceptado', async () => {
      const core = await bed.core();
      const submission = await core.parts.submissions.submitDse(dse(MAGIC.uncertainAccept));
      expect(submission).toMatchObject({ state: 'pending', http_status: 502 });
      expect(submission.document_id).not.toBeNull();
      expect(submission.next_check_at).not.toBeNull();
      const settled = await settledCheck(core, submission.id);
      expect(settled).toMatchObject({
        state: 'accepted',
        estado_dian: 'aceptado',
        document_id: submission.document_id,
        attempts: 1,
      });
      expect(settled.next_check_at).toBeNull();
    });

    it('uncertain then rechazado: queried, not resent', async () => {
      const core = await bed.core();
      const submission = await core.parts.submissions.submitDse(dse(MAGIC.uncertainReject));
      expect(submission.state).toBe('pending');
      expect(await settledCheck(core, submission.id)).toMatchObject({
        state: 'rejected',
        estado_dian: 'rechazado',
        attempts: 1,
      });
    });

    it('dropped connection after the server created it: in doubt, then the same bytes find the same document', async () => {
      const core = await bed.core();
      const before = await dseDocumentIds(bed.sandbox.baseUrl, TOKENS.full);
      const submission = await core.parts.submissions.submitDse(dse(MAGIC.drop));
      expect(submission).toMatchObject({ state: 'in_doubt', http_status: null, document_id: null });
      const resolved = await core.parts.submissions.check(submission.id);
      expect(resolved).toMatchObject({ state: 'accepted', attempts: 2, http_status: 200 });
      const after = await dseDocumentIds(bed.sandbox.baseUrl, TOKENS.full);
      expect(after.filter((id) => !before.includes(id))).toEqual([resolved.document_id]);
    });

    it('500 on the first attempt: in doubt, then created once with the same key', async () => {
      const core = await bed.core();
      const submission = await core.parts.submissions.submitDse(dse(MAGIC.failFirst));
      expect(submission).toMatchObject({ state: 'in_doubt', http_status: 500 });
      const resolved = await core.parts.submissions.check(submission.id);
      expect(resolved).toMatchObject({ state: 'accepted', attempts: 2, http_status: 201 });
    });

    it('a concurrent repeat of a slow submission meets 202 and later finds the same document', async () => {
      const first = await bed.core();
      const second = await bed.core();
      const request = dse(MAGIC.slow);
      const key = `prueba-lenta-${Date.now()}`;
      // Both at once: the one the sandbox reads first holds the key while it transmits slowly, and the
      // other meets it, whatever order they arrive in.
      const both = await Promise.all([first, second].map((core) => core.parts.submissions.submitDse(request, key)));
      const index = both.findIndex((submission) => submission.http_status === 202);
      const [repeat, original] = [both[index]!, both[1 - index]!];
      const repeatedBy = [first, second][index]!;
      // The 202 carries the document being transmitted: its id is kept and it is followed by id.
      expect(repeat).toMatchObject({ state: 'pending', http_status: 202 });
      expect(original.state).toBe('accepted');
      expect(repeat.document_id).toBe(original.document_id);
      const resolved = await repeatedBy.parts.submissions.check(repeat.id);
      expect(resolved).toMatchObject({ state: 'accepted', document_id: original.document_id });
    });

    it('a timeout is in doubt, never a new key', async () => {
      const core = await bed.core({
        fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(20) }),
      });
      const submission = await core.parts.submissions.submitDse(dse(MAGIC.slow));
      expect(submission.state).toBe('in_doubt');
      await core.close(); // a restart: one process at a time holds the data folder
      const later = await bed.core({ home: core.parts.home });
      const resolved = await settledCheck(later, submission.id);
      expect(resolved).toMatchObject({ state: 'accepted', idempotency_key: submission.idempotency_key });
    });

    it('409 (same key, another payload, from another installation): internal error, row kept, never resent', async () => {
      const key = `clave-repetida-${Date.now()}`;
      const a = await bed.core();
      const b = await bed.core();
      expect((await a.parts.submissions.submitDse(dse(MAGIC.accept, 'uno'), key)).state).toBe('accepted');
      const conflict = await b.parts.submissions.submitDse(dse(MAGIC.accept, 'dos'), key);
      expect(conflict).toMatchObject({ state: 'conflict', http_status: 409 });
      expect(conflict.error?.code).toBe('api_key_conflict');
      expect(await b.parts.submissions.check(conflict.id)).toMatchObject({ state: 'conflict', attempts: 1 });
      expect((await b.parts.submissions.supportInfo(conflict.id)).text).toContain(key);
    });

    it('refuses locally to reuse a key with another payload, sending nothing', async () => {
      const core = await bed.core();
      const key = `local-${Date.now()}`;
      await core.parts.submissions.submitDse(dse(MAGIC.accept, 'uno'), key);
      await expect(core.parts.submissions.submitDse(dse(MAGIC.accept, 'otro'), key)).rejects.toMatchObject({ code: 'conflict' });
      expect(await core.parts.submissions.list()).toHaveLength(1);
    });

    it('400: failed with the server reason, nothing scheduled', async () => {
      const core = await bed.core();
      const submission = await core.parts.submissions.submitDse({ ...dse(MAGIC.accept), fecha_documento: '2020-01-01' });
      expect(submission).toMatchObject({ state: 'failed', http_status: 400, next_check_at: null });
      expect(submission.error?.code).toBe('api_invalid');
    });

    it('403 without dse.write: failed, naming the scope', async () => {
      const core = await bed.core({ token: TOKENS.readOnly });
      const submission = await core.parts.submissions.submitDse(dse(MAGIC.accept));
      expect(submission).toMatchObject({ state: 'failed', http_status: 403 });
      expect(submission.error?.message).toContain('dse.write');
    });
  });

  describe('FE submissions', () => {
    it('accepted, rejected, 500-first and uncertain each end as exactly one invoice', async () => {
      const core = await bed.core();
      const before = await feTotal(bed.sandbox.baseUrl, TOKENS.full);
      const accepted = await core.parts.submissions.submitFe(fe(MAGIC.accept));
      expect(accepted).toMatchObject({ state: 'accepted', estado_dian: 'aceptado' });
      expect(accepted.fiscal_key).toMatch(/^[0-9a-f]{96}$/);
      expect((await core.parts.submissions.submitFe(fe(MAGIC.reject))).state).toBe('rejected');
      const failing = await core.parts.submissions.submitFe(fe(MAGIC.failFirst));
      expect(failing).toMatchObject({ state: 'in_doubt', http_status: 500 });
      expect((await core.parts.submissions.check(failing.id)).state).toBe('accepted');
      const uncertain = await core.parts.submissions.submitFe(fe(MAGIC.uncertainAccept));
      expect(uncertain).toMatchObject({ state: 'pending', http_status: 202 });
      expect((await settledCheck(core, uncertain.id)).state).toBe('accepted');
      expect((await feTotal(bed.sandbox.baseUrl, TOKENS.full)) - before).toBe(4);
    });

    it('keeps a given draft_key', async () => {
      const core = await bed.core();
      const draftKey = `borrador-${Date.now()}`;
      const submission = await core.parts.submissions.submitFe({ ...fe(MAGIC.accept), draft_key: draftKey });
      expect(submission.idempotency_key).toBe(draftKey);
    });
  });

  describe('secrets', () => {
    it('support information has the contract list and never the token; the token is nowhere in the store nor the ledger', async () => {
      const core = await bed.core();
      const submission = await core.parts.submissions.submitDse(dse(MAGIC.uncertainAccept));
      const info = await core.parts.submissions.supportInfo(submission.id);
      for (const label of [
        'Fecha y hora',
        'company_id',
        'Endpoint',
        'Estado HTTP',
        'Idempotency-Key',
        'documento.id',
        'CUDS',
        'estado_dian',
        'Hash del payload (SHA-256)',
        'Respuesta (sanitizada)',
      ]) {
        expect(info.fields.map((f) => f.label)).toContain(label);
      }
      expect(info.text).toMatch(/-05:00/);
      expect(info.text).not.toContain(TOKENS.full);
      // On SQLite, the file itself; on PostgreSQL there is no file in the data folder, and the rows are read below.
      if (core.parts.store) {
        core.parts.store.db.pragma('wal_checkpoint(TRUNCATE)');
        const bytes = readFileSync(join(core.parts.home, DATABASE_FILE));
        expect(bytes.includes(Buffer.from(TOKENS.full))).toBe(false);
      } else expect(existsSync(join(core.parts.home, DATABASE_FILE))).toBe(false);
      const rows = await committedRows(bed, core);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.request_body.includes(Buffer.from(TOKENS.full))).toBe(false);
        expect(`${row.response_body ?? ''} ${row.error_message ?? ''}`).not.toContain(TOKENS.full);
      }
    });
  });
});
