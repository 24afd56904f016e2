// FE documents: stored as the detail endpoint's `doc`, with the columns listing, search,
// idempotency (`draft_key`, unique per company) and settlement need.
import type { FeDocument, FeListQuery } from '#shared/api/index';
import type { Db } from './database';

export interface FeRow {
  id: number;
  draft_key: string | null;
  payload_hash: string | null;
  estado_dian: string;
  doc: FeDocument;
}

interface RawRow {
  id: number;
  draft_key: string | null;
  payload_hash: string | null;
  estado_dian: string;
  doc: string;
}

const toRow = (r: RawRow): FeRow => ({
  id: r.id,
  draft_key: r.draft_key,
  payload_hash: r.payload_hash,
  estado_dian: r.estado_dian,
  doc: JSON.parse(r.doc) as FeDocument,
});

/** Lower-case text searched by `q`: id, number, CUFE, third party name and document. */
export function feSearchText(d: FeDocument): string {
  return [`#${d.id}`, `${d.prefijo}${d.consecutivo}`, String(d.consecutivo), d.cufe, d.tercero.nombre, d.tercero.numero_documento]
    .join(' ')
    .toLowerCase();
}

/** The list's `estado` filter against `estado_dian` (sandbox decision: FE states beyond `aceptado` are not shown). */
const ESTADO_FILTER: Record<string, string> = {
  aprobado: "estado_dian IN ('aceptado', 'aprobado')",
  rechazado: "estado_dian = 'rechazado'",
  pendiente: "estado_dian NOT IN ('aceptado', 'aprobado', 'rechazado')",
};

export class FeStore {
  constructor(private readonly db: Db) {}

  byId(companyId: number, id: number): FeRow | undefined {
    const r = this.db.prepare('SELECT * FROM fe_documents WHERE company_id = ? AND id = ?').get(companyId, id) as
      RawRow | undefined;
    return r && toRow(r);
  }

  byDraftKey(companyId: number, draftKey: string): FeRow | undefined {
    const r = this.db.prepare('SELECT * FROM fe_documents WHERE company_id = ? AND draft_key = ?').get(companyId, draftKey) as
      RawRow | undefined;
    return r && toRow(r);
  }

  /** Inserts a document whose `id` is assigned here; `build` receives it and returns the full doc. */
  insert(
    companyId: number,
    meta: { draftKey: string | null; payloadHash: string; clientId: string; year: string; habilitacion: boolean },
    build: (id: number) => FeDocument,
  ): FeDocument {
    const info = this.db
      .prepare(
        `INSERT INTO fe_documents (company_id, draft_key, payload_hash, client_id, tipo_dian, estado_dian, es_habilitacion, year, search, doc)
         VALUES (?, ?, ?, ?, '01', 'sending', ?, ?, '', '{}')`,
      )
      .run(companyId, meta.draftKey, meta.payloadHash, meta.clientId, meta.habilitacion ? 1 : 0, meta.year);
    const doc = build(Number(info.lastInsertRowid));
    this.db
      .prepare('UPDATE fe_documents SET estado_dian = ?, search = ?, doc = ? WHERE id = ?')
      .run(doc.estado_dian, feSearchText(doc), JSON.stringify(doc), doc.id);
    return doc;
  }

  /** Whether a type 03 invoice with this number was received and not rejected (a contingency ticket is sent once). */
  hasContingencyNumber(companyId: number, prefix: string, number: number): boolean {
    return (
      this.db
        .prepare(
          `SELECT 1 FROM fe_documents WHERE company_id = ? AND json_extract(doc, '$.tipo_factura') = '03' AND estado_dian != 'rechazado'
             AND json_extract(doc, '$.prefijo') = ? AND json_extract(doc, '$.consecutivo') = ?`,
        )
        .get(companyId, prefix, number) !== undefined
    );
  }

  /**
   * Colombia's date and time (`YYYY-MM-DDTHH:MM:SS`) of the first type 03 invoice the company
   * transmitted at or after `since` (same form), or null: the shop was back online then.
   */
  firstContingencySince(companyId: number, since: string): string | null {
    const row = this.db
      .prepare(
        `SELECT min(json_extract(doc, '$.fecha_emision')) AS at FROM fe_documents
           WHERE company_id = ? AND json_extract(doc, '$.tipo_factura') = '03' AND json_extract(doc, '$.fecha_emision') >= ?`,
      )
      .get(companyId, since) as { at: string | null } | undefined;
    return row?.at ?? null;
  }

  setState(id: number, estado: string, settle?: { at: number; to: string }): void {
    this.db
      .prepare(
        `UPDATE fe_documents SET estado_dian = ?, doc = json_set(doc, '$.estado_dian', ?), settle_at = ?, settle_to = ? WHERE id = ?`,
      )
      .run(estado, estado, settle?.at ?? null, settle?.to ?? null, id);
  }

  /** `rechazado` with the tax authority's reason, kept in the document as `last_status_error`. */
  setRejected(id: number, reason: string): void {
    this.db
      .prepare(
        `UPDATE fe_documents SET estado_dian = 'rechazado', doc = json_set(doc, '$.estado_dian', 'rechazado', '$.last_status_error', ?), settle_at = NULL, settle_to = NULL WHERE id = ?`,
      )
      .run(reason, id);
  }

  /** Production documents only ("FE documents of the enablement environment are excluded from listings"). */
  list(
    companyId: number,
    query: Required<Pick<FeListQuery, 'page' | 'per_page'>> & FeListQuery,
  ): { docs: FeDocument[]; total: number } {
    const where = ['company_id = ?', 'es_habilitacion = 0'];
    const params: (string | number)[] = [companyId];
    if (query.tipo) {
      where.push('tipo_dian = ?');
      params.push(query.tipo);
    }
    if (query.estado) where.push(ESTADO_FILTER[query.estado] as string);
    const q = query.q?.trim().toLowerCase();
    if (q) {
      where.push("(search LIKE ? ESCAPE '\\' OR id = ?)");
      params.push(`%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`, /^\d+$/.test(q) ? Number(q) : -1);
    }
    const clause = where.join(' AND ');
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM fe_documents WHERE ${clause}`).get(...params) as { n: number }).n;
    const rows = this.db
      .prepare(
        `SELECT doc FROM fe_documents WHERE ${clause} ORDER BY json_extract(doc, '$.fecha_emision') DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, query.per_page, (query.page - 1) * query.per_page) as { doc: string }[];
    return { docs: rows.map((r) => JSON.parse(r.doc) as FeDocument), total };
  }

  dueSettlements(now: number): { id: number; to: string }[] {
    return this.db
      .prepare('SELECT id, settle_to AS "to" FROM fe_documents WHERE settle_at IS NOT NULL AND settle_at <= ?')
      .all(now) as { id: number; to: string }[];
  }

  nextSettlement(): number | null {
    const r = this.db.prepare('SELECT MIN(settle_at) AS at FROM fe_documents WHERE settle_at IS NOT NULL').get() as {
      at: number | null;
    };
    return r.at;
  }
}
