// A backup's ledger compared with the current one by content (keys, outbox entries, document ids),
// never by file times: a copied or touched backup has a new modification time and the same rows.
//   - before a restore: what the current ledger holds that the backup does not; a submission still
//     open among those exists only here, so forgetting it could make a second document of it;
//   - during a restore: every entry the backup still has open or queued that the current ledger knows
//     as settled is closed in the restored copy with that settlement (its rows carried over), so the
//     restored app never sends it again (a DSE re-dated under a new key, an FE rewritten as a
//     contingency invoice and then accepted).
import Database from 'better-sqlite3';
import { OPEN_SUBMISSION_STATES } from '#shared/rpc/methods/submissions';
import { STATE_LISTS_SQL } from '../ledger-reads/state-groups';
import type { Db } from './store';

/** A submission the current ledger holds and the backup does not know, still without a final answer. */
export interface UnknownToBackup {
  id: number;
  kind: 'FE' | 'DSE';
  counterpart: string | null;
  document_number: string | null;
  local_ref: string | null;
}

export interface LedgerComparison {
  /** Documents (not refused before creation) the current ledger holds and the backup does not, per kind. */
  fe: number;
  dse: number;
  /** Those of them still open: a restore would forget their keys. */
  open: UnknownToBackup[];
}

const ALIAS = 'restore_candidate';
const SAME_KEY = `b.base_url = s.base_url AND b.company_id = s.company_id AND b.kind = s.kind AND b.idempotency_key = s.idempotency_key`;

/**
 * Compares the current ledger (`db`, the running store's connection) with a backup's, attached for
 * the moment and only read. Throws when the backup cannot be read.
 */
export function compareWithBackup(db: Db, backupFile: string): LedgerComparison {
  db.prepare(`ATTACH DATABASE ? AS ${ALIAS}`).run(backupFile);
  try {
    const hasLedger =
      db.prepare(`SELECT 1 FROM ${ALIAS}.sqlite_master WHERE type = 'table' AND name = 'submissions'`).get() !== undefined;
    const unknown = hasLedger ? `NOT EXISTS (SELECT 1 FROM ${ALIAS}.submissions b WHERE ${SAME_KEY})` : '1';
    const counts = db
      .prepare<[], { kind: string; n: number }>(
        `SELECT s.kind, count(*) AS n FROM main.submissions s WHERE s.state <> 'failed' AND ${unknown} GROUP BY s.kind`,
      )
      .all();
    const open = db
      .prepare<[], UnknownToBackup>(
        `SELECT s.id, s.kind, s.counterpart, s.document_number, o.local_ref
           FROM main.submissions s LEFT JOIN main.outbox o ON o.submission_id = s.id
          WHERE s.state IN ${STATE_LISTS_SQL.open} AND ${unknown} ORDER BY s.id`,
      )
      .all();
    const count = (kind: string) => counts.find((row) => row.kind === kind)?.n ?? 0;
    return { fe: count('FE'), dse: count('DSE'), open };
  } finally {
    db.prepare(`DETACH DATABASE ${ALIAS}`).run();
  }
}

/** How a refusal names an open submission in the shop's words. */
export function nameOf(row: UnknownToBackup): string {
  const what = row.kind === 'FE' ? 'la factura electrónica' : 'el documento soporte';
  const who = row.counterpart ? ` ${row.kind === 'FE' ? 'a' : 'de'} «${row.counterpart}»` : '';
  const ref = row.local_ref ?? row.document_number;
  return `${what}${who}${ref ? ` (${ref})` : ''}`;
}

interface LedgerRow {
  id: number;
  connection_id: number;
  base_url: string;
  company_id: number;
  kind: string;
  idempotency_key: string;
  state: string;
  document_id: number | null;
  updated_at: string;
  [column: string]: unknown;
}

interface QueuedEntry {
  outbox_id: number | null;
  local_ref: string | null;
  original_hash: string | null;
  queued_at: string | null;
}

interface OutboxEntry {
  submission_id: number;
  transmitted_at: string | null;
}

const OPEN = new Set<string>(OPEN_SUBMISSION_STATES);
/** What an attempt or a re-dating settles on a row; its identity (connection, key) is never copied. */
const SETTLEMENT = [
  'state',
  'attempts',
  'http_status',
  'document_id',
  'document_number',
  'fiscal_key',
  'estado_dian',
  'response_body',
  'error_code',
  'error_message',
  'updated_at',
  'last_attempt_at',
  'request_body',
  'payload_hash',
  'credential',
  'content_hash',
  'unreachable_attempts',
  'field_errors',
];

/**
 * Closes, in the restored copy (`restored`, migrated to this version), every entry the backup left
 * open or queued that the current ledger (`currentFile`, opened read-only) knows as settled, with
 * the rows that settled it. Returns how many entries were closed. The current file is never written.
 */
export function carrySettled(restored: Db, currentFile: string, nativeBinding?: string): number {
  let current: Database.Database;
  try {
    current = new Database(currentFile, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  } catch {
    return 0;
  }
  try {
    // A damaged current file (the reason for many restores) cannot say what settled: nothing is carried.
    let readable: boolean;
    try {
      readable = current.pragma('quick_check(1)', { simple: true }) === 'ok';
    } catch {
      readable = false;
    }
    if (!readable) return 0;
    const hasOutbox = (db: Db) =>
      db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'`).get() !== undefined;
    if (current.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'submissions'`).get() === undefined)
      return 0;
    const currentOutbox = hasOutbox(current);
    const columns = new Set(
      restored
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('submissions')`)
        .all()
        .map((c) => c.name),
    );
    const settlement = SETTLEMENT.filter((column) => columns.has(column));
    const byKey = (db: Db, row: LedgerRow) =>
      db
        .prepare<[string, number, string, string], LedgerRow>(
          'SELECT * FROM submissions WHERE base_url = ? AND company_id = ? AND kind = ? AND idempotency_key = ?',
        )
        .get(row.base_url, row.company_id, row.kind, row.idempotency_key);
    const byDocument = (row: LedgerRow) =>
      row.document_id === null
        ? undefined
        : current
            .prepare<[string, number, string, number], LedgerRow>(
              'SELECT * FROM submissions WHERE base_url = ? AND company_id = ? AND kind = ? AND document_id = ? ORDER BY id LIMIT 1',
            )
            .get(row.base_url, row.company_id, row.kind, row.document_id);
    // The same sale in the current outbox: its reference, the hash of the body as first sold, and when.
    const entryOf = (entry: QueuedEntry, kind: string) =>
      !currentOutbox || entry.outbox_id === null
        ? undefined
        : current
            .prepare<[string, string, string, string], OutboxEntry>(
              `SELECT submission_id, transmitted_at FROM outbox WHERE kind = ? AND local_ref = ? AND original_hash = ? AND queued_at = ?`,
            )
            .get(kind, entry.local_ref!, entry.original_hash!, entry.queued_at!);
    const settle = (id: number, from: LedgerRow) => {
      restored
        .prepare(`UPDATE submissions SET ${settlement.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`)
        .run({ ...pick(from, settlement), id });
      restored.prepare('DELETE FROM poll_schedule WHERE submission_id = ?').run(id);
    };
    const insert = (from: LedgerRow, connectionId: number) => {
      const names = [...columns].filter((c) => c !== 'id' && c in from);
      const result = restored
        .prepare(`INSERT INTO submissions (${names.join(', ')}) VALUES (${names.map((c) => `@${c}`).join(', ')})`)
        .run({ ...pick(from, names), connection_id: connectionId });
      return Number(result.lastInsertRowid);
    };

    const historyColumns = restored
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('history_documents')`)
      .all()
      .map((c) => c.name)
      .filter((c) => c !== 'id');
    const hasHistory =
      historyColumns.length > 0 &&
      current.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'history_documents'`).get() !== undefined;
    // The settled document's Historial entry comes along too (a DSE has no list endpoint to bring it back).
    const carryHistory = (truth: LedgerRow, connectionId: number, submissionId: number) => {
      if (!hasHistory || truth.document_id === null) return;
      const entry = current
        .prepare<[number, string, number], Record<string, unknown>>(
          'SELECT * FROM history_documents WHERE connection_id = ? AND kind = ? AND remote_id = ?',
        )
        .get(truth.connection_id, truth.kind, truth.document_id);
      if (!entry) return;
      const names = historyColumns.filter((c) => c in entry);
      restored
        .prepare(
          `INSERT INTO history_documents (${names.join(', ')}) VALUES (${names.map((c) => `@${c}`).join(', ')})
             ON CONFLICT (connection_id, kind, remote_id) DO NOTHING`,
        )
        .run({
          ...Object.fromEntries(names.map((c) => [c, entry[c] ?? null])),
          connection_id: connectionId,
          submission_id: submissionId,
        });
    };

    const waiting = restored
      .prepare<[], LedgerRow & QueuedEntry>(
        `SELECT s.*, o.id AS outbox_id, o.local_ref, o.original_hash, o.queued_at
           FROM submissions s LEFT JOIN outbox o ON o.submission_id = s.id AND o.transmitted_at IS NULL
          WHERE s.state IN ${STATE_LISTS_SQL.open} OR o.id IS NOT NULL ORDER BY s.id`,
      )
      .all();
    let closed = 0;
    restored.transaction(() => {
      for (const row of waiting) {
        const sale = entryOf(row, row.kind);
        const truth =
          (sale
            ? current.prepare<[number], LedgerRow>('SELECT * FROM submissions WHERE id = ?').get(sale.submission_id)
            : undefined) ??
          byKey(current, row) ??
          byDocument(row);
        if (!truth || OPEN.has(truth.state)) continue;
        let settledId = row.id;
        if (truth.idempotency_key === row.idempotency_key) settle(row.id, truth);
        else {
          // Replaced (a DSE re-dated under a new key): this row closes as the current ledger closed it,
          // and the row that replaced it comes along with its settlement.
          const own = byKey(current, row);
          if (own && !OPEN.has(own.state)) settle(row.id, own);
          const existing = byKey(restored, truth);
          if (existing) settle((settledId = existing.id), truth);
          else settledId = insert(truth, row.connection_id);
        }
        carryHistory(truth, row.connection_id, settledId);
        if (row.outbox_id !== null) {
          restored
            .prepare(
              `UPDATE outbox SET submission_id = ?, replaced_id = CASE WHEN ? = submission_id THEN replaced_id ELSE submission_id END,
                 transmitted_at = ?, last_error = NULL WHERE id = ?`,
            )
            .run(settledId, settledId, sale?.transmitted_at ?? truth.updated_at, row.outbox_id);
        }
        closed += 1;
      }
    })();
    return closed;
  } finally {
    current.close();
  }
}

function pick(row: LedgerRow, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, row[name] ?? null]));
}
