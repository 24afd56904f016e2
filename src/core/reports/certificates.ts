// Withholding certificates: per supplier and period, the base, rate and amount of
// each withholding type (ReteIVA 05, ReteRenta 06, ReteICA 07) withheld in accepted DSE, from their
// exact requests (report facts), with the documents they come from. The withholding agent is the
// company (issuer profile); a DSE known only by its totals cannot be certified and is counted apart.
import type { Certificate, CertificatesOutput } from '#shared/rpc/methods/reports';
import type { IssuerProfile } from '#shared/rpc/methods/history';
import { sql } from 'kysely';
import type { Engine } from '../store/engine';
import { ReportFacts } from './facts';
import type { LedgerReads } from '../ledger-reads/ledger-reads';
import { STATE_LISTS_SQL } from '../ledger-reads/state-groups';

interface Row {
  history_id: number;
  number: string;
  issue_date: string;
  counterpart_doc: string;
  counterpart_name: string;
  total_cents: number;
  code: '05' | '06' | '07';
  name: string;
  rate: string;
  base_cents: number;
  amount_cents: number;
}

export async function withholdingCertificates(
  engine: Engine,
  reads: LedgerReads,
  connectionId: number,
  issuer: IssuerProfile | null,
  filter: { from: string; to: string; supplier?: string | undefined },
): Promise<CertificatesOutput> {
  await new ReportFacts(engine, reads).ensure(connectionId, filter.from, filter.to);
  const supplier = filter.supplier !== undefined ? sql`AND h.counterpart_doc = ${filter.supplier}` : sql``;
  const accepted = sql.raw(STATE_LISTS_SQL.accepted);
  const { rows } =
    await sql<Row>`SELECT h.id AS history_id, h.number, h.issue_date, h.counterpart_doc, h.counterpart_name, h.total_cents,
              a.code, a.name, a.rate, a.base_cents, a.amount_cents
       FROM history_documents h JOIN report_documents r ON r.history_id = h.id AND r.submission_id IS NOT NULL
       JOIN report_amounts a ON a.history_id = h.id AND a.fact = 'withholding'
       WHERE h.connection_id = ${connectionId} AND h.kind = 'DSE' AND h.estado_dian IN ${accepted} AND h.moneda = 'COP'
         AND h.issue_date >= ${filter.from} AND h.issue_date <= ${filter.to} ${supplier}
       ORDER BY h.issue_date, h.id, a.code`.execute(engine.db);
  const { rows: counted } = await sql<{ n: number }>`SELECT count(*) AS n FROM history_documents h
       LEFT JOIN report_documents r ON r.history_id = h.id
       WHERE h.connection_id = ${connectionId} AND h.kind = 'DSE' AND h.estado_dian IN ${accepted}
         AND h.issue_date >= ${filter.from} AND h.issue_date <= ${filter.to} ${supplier} AND r.submission_id IS NULL`.execute(
    engine.db,
  );
  const withoutDetail = counted[0]?.n ?? 0;
  const bySupplier = new Map<string, Certificate & { docs: Map<number, Certificate['documents'][number]> }>();
  for (const row of rows) {
    let certificate = bySupplier.get(row.counterpart_doc);
    if (!certificate) {
      certificate = {
        supplier_doc: row.counterpart_doc,
        supplier_name: row.counterpart_name,
        lines: [],
        base: 0,
        amount: 0,
        documents: [],
        docs: new Map(),
      };
      bySupplier.set(row.counterpart_doc, certificate);
    }
    certificate.supplier_name = row.counterpart_name;
    let line = certificate.lines.find((l) => l.code === row.code && l.rate === row.rate);
    if (!line) {
      line = { code: row.code, name: row.name, rate: row.rate, base: 0, amount: 0 };
      certificate.lines.push(line);
    }
    line.base += row.base_cents;
    line.amount += row.amount_cents;
    certificate.base += row.base_cents;
    certificate.amount += row.amount_cents;
    const doc = certificate.docs.get(row.history_id) ?? {
      number: row.number,
      issue_date: row.issue_date,
      total: row.total_cents,
      withheld: 0,
    };
    doc.withheld += row.amount_cents;
    certificate.docs.set(row.history_id, doc);
  }
  const certificates = [...bySupplier.values()]
    .map(({ docs, ...certificate }) => ({
      ...certificate,
      lines: certificate.lines.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : Number(a.rate) - Number(b.rate))),
      documents: [...docs.values()],
    }))
    .sort((a, b) =>
      a.supplier_name < b.supplier_name ? -1 : a.supplier_name > b.supplier_name ? 1 : a.supplier_doc < b.supplier_doc ? -1 : 1,
    );
  return {
    filter: { from: filter.from, to: filter.to, connection_id: connectionId },
    issuer,
    certificates,
    without_detail: withoutDetail,
  };
}
