// The history mirror's rows: upserts from API documents (the Historial's search is query.ts), on either engine.
import type { DseDocumentAsRead, FeDocument } from '#shared/api/index';
import { dec } from '#shared/money';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { localRecords } from '../ledger-reads/local-records';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';

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

/** The columns an upsert writes over a stored document (its key stays). */
const UPDATED = COLUMNS.filter((c) => c !== 'connection_id' && c !== 'kind' && c !== 'remote_id');

/** Rows per upsert statement: 21 parameters each, well under either engine's limit. */
const UPSERT_ROWS = 200;

/**
 * The mirror's rows on either engine. A sync writes a page of documents per statement, inside the
 * transaction that also moves the sync's cursor (sync.ts); pass that transaction as `db`.
 */
export class HistoryMirror {
  /** The ON CONFLICT update: each column from the incoming row, the known submission kept when it brings none. */
  private readonly updateSet: Record<(typeof UPDATED)[number], RawBuilder<never>>;
  /** Whether the incoming row differs from the stored one in anything but synced_at. */
  private readonly differs: RawBuilder<SqlBool>;

  constructor(private readonly engine: Engine) {
    const value = (c: string) => (c === 'submission_id' ? `COALESCE(excluded.${c}, history_documents.${c})` : `excluded.${c}`);
    this.updateSet = Object.fromEntries(UPDATED.map((c) => [c, sql.raw<never>(value(c))])) as typeof this.updateSet;
    // A document the mirror already holds as it is now is left alone: an UPDATE, even to the same
    // values, fires SQLite's FTS trigger (0009), which deletes and re-adds the row's terms, so a sync
    // of 100,000 unchanged documents rewrote the whole search index (tens of seconds to minutes); on
    // PostgreSQL it would write a new row version and its index entries for nothing.
    // synced_at alone is no change: it records when the row's content was last written.
    const distinct = engine.kind === 'postgres' ? 'IS DISTINCT FROM' : 'IS NOT';
    this.differs = sql<SqlBool>`${sql.raw(
      UPDATED.filter((c) => c !== 'synced_at')
        .map((c) => `history_documents.${c} ${distinct} ${value(c)}`)
        .join(' OR '),
    )}`;
  }

  /**
   * Server's FE documents that are rejections this app recorded locally without an id (an FE refused
   * with no `factura_id`): each local record is removed and the server's row takes its submission,
   * so the Historial shows one row. Matched, in order, by the operation's key when the server lists
   * it (`draft_key`, an extra field), the CUFE, the number, and else by counterpart, total and date
   * when exactly one local rejection has them and the server's document is rejected. Call inside
   * the transaction that upserts the rows.
   */
  async adoptLocalRecords(db: Kysely<Schema>, rows: readonly { row: MirrorRow; draftKey?: string }[]): Promise<MirrorRow[]> {
    const out = rows.map(({ row }) => row);
    const connections = [
      ...new Set(rows.filter(({ row }) => row.kind === 'FE' && row.remote_id >= 0).map(({ row }) => row.connection_id)),
    ];
    for (const connectionId of connections) {
      const locals = await localRecords(db, connectionId);
      if (locals.length === 0) continue;
      const same = (a: string, b: string | null) => a !== '' && a === b;
      for (const [i, { row, draftKey }] of rows.entries()) {
        if (row.connection_id !== connectionId || row.kind !== 'FE' || row.remote_id < 0) continue;
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
        if (!match) continue;
        await db.deleteFrom('history_documents').where('id', '=', match.id).execute();
        locals.splice(locals.indexOf(match), 1);
        out[i] = { ...row, submission_id: match.submission_id };
      }
    }
    return out;
  }

  /** Whether a row of the mirror is already linked to this submission (its local record was adopted). */
  async linked(connectionId: number, kind: 'FE' | 'DSE', submissionId: number): Promise<boolean> {
    const row = await this.engine.db
      .selectFrom('history_documents')
      .select('id')
      .where('connection_id', '=', connectionId)
      .where('kind', '=', kind)
      .where('submission_id', '=', submissionId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Writes the row when it is new or differs from the stored one; true when it wrote. */
  async upsert(row: MirrorRow, db: Kysely<Schema> = this.engine.db): Promise<boolean> {
    return (await this.upsertAll([row], db)) > 0;
  }

  /** Writes each row that is new or differs from the stored one; how many it wrote. */
  async upsertAll(rows: readonly MirrorRow[], db: Kysely<Schema> = this.engine.db): Promise<number> {
    // One row per document in a statement (PostgreSQL refuses to update a row twice in one); the last wins.
    const unique = [...new Map(rows.map((row) => [`${row.connection_id}|${row.kind}|${row.remote_id}`, row])).values()];
    let written = 0;
    for (let at = 0; at < unique.length; at += UPSERT_ROWS) {
      const result = await db
        .insertInto('history_documents')
        .values(unique.slice(at, at + UPSERT_ROWS))
        .onConflict((conflict) =>
          conflict
            .columns(['connection_id', 'kind', 'remote_id'])
            .doUpdateSet(this.updateSet)
            .where(() => this.differs),
        )
        .executeTakeFirst();
      written += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return written;
  }

  /**
   * The state the mirror holds for one remote document, to skip unchanged ones; `local` when the row
   * is only Factura Desk's local record of a rejection (local-record.ts), which the server's document replaces.
   */
  async known(
    connectionId: number,
    kind: 'FE' | 'DSE',
    remoteId: number,
  ): Promise<{ estado_dian: string; local: boolean } | undefined> {
    const row = await this.engine.db
      .selectFrom('history_documents')
      .select(['estado_dian', 'document_json'])
      .where('connection_id', '=', connectionId)
      .where('kind', '=', kind)
      .where('remote_id', '=', remoteId)
      .executeTakeFirst();
    return row ? { estado_dian: row.estado_dian, local: isLocalRecordJson(row.document_json) } : undefined;
  }

  async count(connectionId: number): Promise<number> {
    const row = await this.engine.db
      .selectFrom('history_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('connection_id', '=', connectionId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** Whether a stored document is this app's local record of a rejection (local-record.ts writes `registro_local: true`). */
function isLocalRecordJson(json: string): boolean {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && (value as { registro_local?: unknown }).registro_local === true;
  } catch {
    return false;
  }
}
