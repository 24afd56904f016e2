// The history mirror's rows: upserts from API documents (the Historial's search is query.ts).
import type { DseDocumentAsRead, FeDocument } from '#shared/api/index';
import { dec } from '#shared/money';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../store/store';

export interface MirrorRow {
  connection_id: number;
  kind: 'FE' | 'DSE';
  remote_id: number;
  tipo_dian: string;
  number: string;
  prefijo: string;
  consecutivo: number;
  estado_dian: string;
  fiscal_key: string;
  issue_date: string;
  counterpart_name: string;
  counterpart_doc: string;
  subtotal: string;
  impuestos: string;
  total: string;
  total_cents: number;
  moneda: string;
  items_text: string;
  document_json: string;
  submission_id: number | null;
  synced_at: string;
}

export function feRow(connectionId: number, doc: FeDocument, syncedAt: string): MirrorRow {
  return {
    connection_id: connectionId,
    kind: 'FE',
    remote_id: doc.id,
    tipo_dian: doc.tipo_dian,
    number: `${doc.prefijo}${doc.consecutivo}`,
    prefijo: doc.prefijo,
    consecutivo: doc.consecutivo,
    estado_dian: doc.estado_dian,
    fiscal_key: doc.cufe,
    issue_date: doc.fecha_emision.slice(0, 10),
    counterpart_name: doc.tercero.nombre,
    counterpart_doc: doc.tercero.numero_documento,
    subtotal: doc.subtotal,
    impuestos: doc.impuestos,
    total: doc.total,
    total_cents: cents(doc.total),
    moneda: doc.moneda,
    items_text: doc.items.map((item) => item.descripcion).join('\n'),
    document_json: JSON.stringify(doc),
    submission_id: null,
    synced_at: syncedAt,
  };
}

/** The supplier's name and number come from the request the ledger kept (the DSE document has only an id). */
export function dseRow(
  connectionId: number,
  doc: DseDocumentAsRead,
  supplier: { nombre: string; nit: string; items: string[] },
  submissionId: number,
  syncedAt: string,
): MirrorRow {
  return {
    connection_id: connectionId,
    kind: 'DSE',
    remote_id: doc.id,
    tipo_dian: '05',
    number: `${doc.prefijo}${doc.consecutivo}`,
    prefijo: doc.prefijo,
    consecutivo: doc.consecutivo,
    estado_dian: doc.estado_dian,
    fiscal_key: doc.cuds,
    issue_date: doc.document_date,
    counterpart_name: supplier.nombre,
    counterpart_doc: supplier.nit,
    subtotal: doc.subtotal,
    impuestos: doc.impuestos,
    total: doc.total,
    total_cents: cents(doc.total),
    moneda: doc.moneda,
    items_text: supplier.items.join('\n'),
    document_json: JSON.stringify(doc),
    submission_id: submissionId,
    synced_at: syncedAt,
  };
}

function cents(money: string): number {
  return dec(money).times(100).toDecimalPlaces(0).toNumber();
}

interface LocalRecord {
  id: number;
  submission_id: number | null;
  number: string;
  fiscal_key: string;
  counterpart_doc: string;
  total_cents: number;
  issue_date: string;
  idempotency_key: string | null;
}

const COLUMNS = [
  'connection_id',
  'kind',
  'remote_id',
  'tipo_dian',
  'number',
  'prefijo',
  'consecutivo',
  'estado_dian',
  'fiscal_key',
  'issue_date',
  'counterpart_name',
  'counterpart_doc',
  'subtotal',
  'impuestos',
  'total',
  'total_cents',
  'moneda',
  'items_text',
  'document_json',
  'submission_id',
  'synced_at',
] as const;

export class HistoryMirror {
  private readonly upsertStatement: Statement<[MirrorRow]>;
  private readonly knownStatement: Statement<[number, string, number], { estado_dian: string; local: number | null }>;
  private readonly localsStatement: Statement<[number], LocalRecord>;

  constructor(private readonly db: Db) {
    // Prepared once: a sync of 100,000 documents runs these statements 100,000 times.
    const updated = COLUMNS.filter((c) => !['connection_id', 'kind', 'remote_id'].includes(c));
    const value = (c: string) => (c === 'submission_id' ? `COALESCE(excluded.${c}, ${c})` : `excluded.${c}`);
    // A document the mirror already holds as it is now is left alone: an UPDATE, even to the same
    // values, fires the FTS trigger (0009), which deletes and re-adds the row's terms, so a sync of
    // 100,000 unchanged documents rewrote the whole search index (tens of seconds to minutes).
    // synced_at alone is no change: it records when the row's content was last written.
    const differs = updated
      .filter((c) => c !== 'synced_at')
      .map((c) => `${c} IS NOT ${value(c)}`)
      .join(' OR ');
    this.upsertStatement = db.prepare<[MirrorRow]>(
      `INSERT INTO history_documents (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})
       ON CONFLICT (connection_id, kind, remote_id) DO UPDATE SET ${updated.map((c) => `${c} = ${value(c)}`).join(', ')}
       WHERE ${differs}`,
    );
    this.knownStatement = db.prepare<[number, string, number], { estado_dian: string; local: number | null }>(
      `SELECT estado_dian, json_extract(document_json, '$.registro_local') AS local
       FROM history_documents WHERE connection_id = ? AND kind = ? AND remote_id = ?`,
    );
    // Local records without a server id have a negative remote_id (local-record.ts): a short range.
    this.localsStatement = db.prepare<[number], LocalRecord>(
      `SELECT h.id, h.submission_id, h.number, h.fiscal_key, h.counterpart_doc, h.total_cents, h.issue_date, s.idempotency_key
       FROM history_documents h LEFT JOIN submissions s ON s.id = h.submission_id
       WHERE h.connection_id = ? AND h.kind = 'FE' AND h.remote_id < 0`,
    );
  }

  /**
   * A server's FE document that is a rejection this app recorded locally without an id (an FE
   * refused with no `factura_id`): the local record is removed and the server's row takes its
   * submission, so the Historial shows one row. Matched, in order, by the operation's key when the
   * server lists it (`draft_key`, an extra field), the CUFE, the number, and else by counterpart,
   * total and date when exactly one local rejection has them and the server's document is rejected.
   * Call inside the transaction that upserts the row.
   */
  adoptLocalRecord(row: MirrorRow, draftKey?: string): MirrorRow {
    if (row.kind !== 'FE' || row.remote_id < 0) return row;
    const locals = this.localsStatement.all(row.connection_id);
    if (locals.length === 0) return row;
    const same = (a: string, b: string | null) => a !== '' && a === b;
    const match =
      (draftKey ? locals.find((l) => l.idempotency_key === draftKey) : undefined) ??
      locals.find((l) => same(row.fiscal_key, l.fiscal_key)) ??
      locals.find((l) => same(row.number, l.number)) ??
      (() => {
        if (row.estado_dian !== 'rechazado') return undefined;
        const alike = locals.filter(
          (l) =>
            l.counterpart_doc === row.counterpart_doc && l.total_cents === row.total_cents && l.issue_date === row.issue_date,
        );
        return alike.length === 1 ? alike[0] : undefined;
      })();
    if (!match) return row;
    this.db.prepare('DELETE FROM history_documents WHERE id = ?').run(match.id);
    return { ...row, submission_id: match.submission_id };
  }

  /** Whether a row of the mirror is already linked to this submission (its local record was adopted). */
  linked(connectionId: number, kind: 'FE' | 'DSE', submissionId: number): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM history_documents WHERE connection_id = ? AND kind = ? AND submission_id = ? LIMIT 1')
        .get(connectionId, kind, submissionId) !== undefined
    );
  }

  /** Writes the row when it is new or differs from the stored one; true when it wrote. */
  upsert(row: MirrorRow): boolean {
    return this.upsertStatement.run(row).changes > 0;
  }

  /**
   * The state the mirror holds for one remote document, to skip unchanged ones; `local` when the row
   * is only Factura Desk's local record of a rejection (local-record.ts), which the server's document replaces.
   */
  known(connectionId: number, kind: 'FE' | 'DSE', remoteId: number): { estado_dian: string; local: boolean } | undefined {
    const row = this.knownStatement.get(connectionId, kind, remoteId);
    return row ? { estado_dian: row.estado_dian, local: row.local === 1 } : undefined;
  }

  count(connectionId: number): number {
    return this.db
      .prepare<[number], { n: number }>('SELECT count(*) AS n FROM history_documents WHERE connection_id = ?')
      .get(connectionId)!.n;
  }
}
