// DSE documents and their idempotency reservations (key scoped to company and API client).
import type { DseDocument } from '#shared/api/index';
import type { AuthorityInput } from '../authority/rules';
import type { UblInvoice } from '../xml/ubl-model';
import type { Db } from './database';

export interface DseReservation {
  payload_hash: string;
  document_id: number | null;
}

export interface DseRow {
  doc: DseDocument;
  /** fields beyond the contract's DSE document that the sandbox also returns */
  extra: Record<string, unknown>;
}

export class DseStore {
  constructor(private readonly db: Db) {}

  reservation(companyId: number, clientId: string, key: string): DseReservation | undefined {
    return this.db
      .prepare('SELECT payload_hash, document_id FROM dse_requests WHERE company_id = ? AND client_id = ? AND idem_key = ?')
      .get(companyId, clientId, key) as DseReservation | undefined;
  }

  reserve(companyId: number, clientId: string, key: string, payloadHash: string, createdAt: string): void {
    this.db
      .prepare('INSERT INTO dse_requests (company_id, client_id, idem_key, payload_hash, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(companyId, clientId, key, payloadHash, createdAt);
  }

  attach(companyId: number, clientId: string, key: string, documentId: number): void {
    this.db
      .prepare('UPDATE dse_requests SET document_id = ? WHERE company_id = ? AND client_id = ? AND idem_key = ?')
      .run(documentId, companyId, clientId, key);
  }

  release(companyId: number, clientId: string, key: string): void {
    this.db
      .prepare('DELETE FROM dse_requests WHERE company_id = ? AND client_id = ? AND idem_key = ? AND document_id IS NULL')
      .run(companyId, clientId, key);
  }

  byId(companyId: number, id: number): DseRow | undefined {
    const r = this.db.prepare('SELECT doc, extra FROM dse_documents WHERE company_id = ? AND id = ?').get(companyId, id) as
      { doc: string; extra: string } | undefined;
    return r && { doc: JSON.parse(r.doc) as DseDocument, extra: JSON.parse(r.extra) as Record<string, unknown> };
  }

  byIdAnyCompany(id: number): DseRow | undefined {
    const r = this.db.prepare('SELECT doc, extra FROM dse_documents WHERE id = ?').get(id) as
      { doc: string; extra: string } | undefined;
    return r && { doc: JSON.parse(r.doc) as DseDocument, extra: JSON.parse(r.extra) as Record<string, unknown> };
  }

  insert<T extends DseRow>(companyId: number, year: string, build: (id: number) => T): T {
    const info = this.db
      .prepare(`INSERT INTO dse_documents (company_id, estado_dian, year, doc, extra) VALUES (?, 'firmado', ?, '{}', '{}')`)
      .run(companyId, year);
    const row = build(Number(info.lastInsertRowid));
    this.db
      .prepare('UPDATE dse_documents SET estado_dian = ?, doc = ?, extra = ? WHERE id = ?')
      .run(row.doc.estado_dian, JSON.stringify(row.doc), JSON.stringify(row.extra), row.doc.id);
    return row;
  }

  /**
   * Records that the document's XML is still to be signed, with the model to sign it from and what the
   * tax authority checks it with (kept in the model column as `{model, authority}`; a row written
   * before the rule engine holds the bare model). Returns that JSON.
   */
  markUnsigned(companyId: number, id: number, model: UblInvoice, authority: AuthorityInput): string {
    const json = JSON.stringify({ model, authority });
    this.db.prepare('INSERT INTO dse_unsigned (document_id, company_id, model) VALUES (?, ?, ?)').run(id, companyId, json);
    return json;
  }

  /** The document's XML is written: it is no longer unsigned. */
  markSigned(id: number): void {
    this.db.prepare('DELETE FROM dse_unsigned WHERE document_id = ?').run(id);
  }

  unsigned(id: number): { companyId: number; model: UblInvoice; authority?: AuthorityInput } | undefined {
    const r = this.db.prepare('SELECT company_id, model FROM dse_unsigned WHERE document_id = ?').get(id) as
      { company_id: number; model: string } | undefined;
    if (!r) return undefined;
    const stored = JSON.parse(r.model) as UblInvoice | { model: UblInvoice; authority: AuthorityInput };
    return 'authority' in stored
      ? { companyId: r.company_id, model: stored.model, authority: stored.authority }
      : { companyId: r.company_id, model: stored };
  }

  /** Documents signed and left `sending`: their transmission was interrupted (the process was killed). */
  sendingIds(): number[] {
    return (
      this.db
        .prepare(
          `SELECT id FROM dse_documents WHERE estado_dian = 'sending' AND id NOT IN (SELECT document_id FROM dse_unsigned) ORDER BY id`,
        )
        .all() as { id: number }[]
    ).map((r) => r.id);
  }

  unsignedIds(): number[] {
    return (this.db.prepare('SELECT document_id FROM dse_unsigned ORDER BY document_id').all() as { document_id: number }[]).map(
      (r) => r.document_id,
    );
  }

  /**
   * Patches the document and returns it as stored. `current`: the document as it is stored, when the
   * caller holds it (saves reading and parsing it back); otherwise it is read.
   */
  update(id: number, patch: Partial<DseDocument>, settle?: { at: number; to: string }, current?: DseDocument): DseDocument {
    const stored =
      current ??
      (JSON.parse((this.db.prepare('SELECT doc FROM dse_documents WHERE id = ?').get(id) as { doc: string }).doc) as DseDocument);
    const doc = { ...stored, ...patch };
    this.db
      .prepare('UPDATE dse_documents SET estado_dian = ?, doc = ?, settle_at = ?, settle_to = ? WHERE id = ?')
      .run(doc.estado_dian, JSON.stringify(doc), settle?.at ?? null, settle?.to ?? null, id);
    return doc;
  }

  dueSettlements(now: number): { id: number; to: string }[] {
    return this.db
      .prepare('SELECT id, settle_to AS "to" FROM dse_documents WHERE settle_at IS NOT NULL AND settle_at <= ?')
      .all(now) as { id: number; to: string }[];
  }

  nextSettlement(): number | null {
    const r = this.db.prepare('SELECT MIN(settle_at) AS at FROM dse_documents WHERE settle_at IS NOT NULL').get() as {
      at: number | null;
    };
    return r.at;
  }
}
