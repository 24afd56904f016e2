// Informes: the bookkeeper's period close from the local history and the ledger. Money is
// in integer cents (exact sums, numbers a spreadsheet can keep); every figure says where it comes
// from: the exact request of a document this app issued, or the totals of one known through sync.
import { z } from 'zod';
import { IsoDate } from '#shared/api/index';
import { method } from '../define';
import { IssuerProfile } from './history';
import { DocumentKind } from './submissions';

export const ReportFilter = z
  .object({
    from: IsoDate,
    to: IsoDate,
    /** both kinds when omitted */
    kind: DocumentKind.optional(),
    /** the active connection when omitted */
    connection_id: z.number().int().positive().optional(),
  })
  .strict()
  .refine((f) => f.from <= f.to, { message: 'La fecha inicial no puede ser posterior a la final.', path: ['from'] })
  .refine((f) => Date.parse(`${f.to}T00:00:00Z`) - Date.parse(`${f.from}T00:00:00Z`) <= 3 * 366 * 86_400_000, {
    message: 'El periodo de un informe es de máximo tres años.',
    path: ['to'],
  });
export type ReportFilter = z.infer<typeof ReportFilter>;

const Cents = z.number().int();

/** Sums of a group of documents: how many, and their subtotal, taxes and total. */
export const Sums = z.object({ documents: z.number().int(), subtotal: Cents, taxes: Cents, total: Cents });
export type Sums = z.infer<typeof Sums>;

export const DaySums = Sums.extend({ kind: DocumentKind, date: IsoDate });
export type DaySums = z.infer<typeof DaySums>;
export const MonthSums = Sums.extend({ kind: DocumentKind, month: z.string().regex(/^\d{4}-\d{2}$/) });
export type MonthSums = z.infer<typeof MonthSums>;

/** 'exact': from the request this app sent; 'totals': documents known through sync, no breakdown. */
export const FigureSource = z.enum(['exact', 'totals']);
export type FigureSource = z.infer<typeof FigureSource>;

export const TaxRow = z.object({
  kind: DocumentKind,
  source: FigureSource,
  /** '01' IVA, '04' INC, '03' ICA; '' for the totals of synced documents */
  code: z.string(),
  name: z.string(),
  /** percent ("19"); '' for the totals of synced documents */
  rate: z.string(),
  documents: z.number().int(),
  base: Cents,
  amount: Cents,
});
export type TaxRow = z.infer<typeof TaxRow>;

export const TaxMonth = z.object({
  month: z.string(),
  kind: DocumentKind,
  iva: Cents,
  inc: Cents,
  other: Cents,
  unbroken: Cents,
});
export type TaxMonth = z.infer<typeof TaxMonth>;

export const WithholdingRow = z.object({
  code: z.enum(['05', '06', '07']),
  name: z.string(),
  documents: z.number().int(),
  base: Cents,
  amount: Cents,
});
export type WithholdingRow = z.infer<typeof WithholdingRow>;

export const SupplierWithholdingRow = WithholdingRow.extend({
  supplier_doc: z.string(),
  supplier_name: z.string(),
  /** percent; a supplier withheld at two rates has two rows */
  rate: z.string(),
});
export type SupplierWithholdingRow = z.infer<typeof SupplierWithholdingRow>;

export const PartyRow = z.object({
  kind: DocumentKind,
  doc: z.string(),
  name: z.string(),
  documents: z.number().int(),
  subtotal: Cents,
  taxes: Cents,
  total: Cents,
});
export type PartyRow = z.infer<typeof PartyRow>;

export const OpenDocument = z.object({
  id: z.number().int(),
  kind: DocumentKind,
  number: z.string(),
  issue_date: z.string(),
  counterpart_name: z.string(),
  estado_dian: z.string(),
  total: Cents,
  moneda: z.string(),
});
export type OpenDocument = z.infer<typeof OpenDocument>;

export const PeriodReport = z.object({
  filter: z.object({ from: IsoDate, to: IsoDate, kind: DocumentKind.nullable(), connection_id: z.number().int() }),
  connection_label: z.string(),
  /** accepted documents in COP, per kind and source; what every other table sums */
  summary: z.array(Sums.extend({ kind: DocumentKind, source: FigureSource, withholdings: Cents })),
  by_day: z.array(DaySums),
  by_month: z.array(MonthSums),
  taxes: z.array(TaxRow),
  taxes_by_month: z.array(TaxMonth),
  withholdings: z.array(WithholdingRow),
  withholdings_by_supplier: z.array(SupplierWithholdingRow),
  top_customers: z.array(PartyRow),
  top_suppliers: z.array(PartyRow),
  rejected: z.object({ count: z.number().int(), total: Cents, items: z.array(OpenDocument) }),
  pending: z.object({ count: z.number().int(), total: Cents, items: z.array(OpenDocument) }),
  /** accepted documents in another currency (USD): counted, never added to COP sums */
  other_currency: z.object({ count: z.number().int() }),
  generated_at: z.string(),
});
export type PeriodReport = z.infer<typeof PeriodReport>;

export const CertificateLine = z.object({
  code: z.enum(['05', '06', '07']),
  name: z.string(),
  rate: z.string(),
  base: Cents,
  amount: Cents,
});
export const Certificate = z.object({
  supplier_doc: z.string(),
  supplier_name: z.string(),
  lines: z.array(CertificateLine),
  base: Cents,
  amount: Cents,
  documents: z.array(z.object({ number: z.string(), issue_date: z.string(), total: Cents, withheld: Cents })),
});
export type Certificate = z.infer<typeof Certificate>;

export const CertificatesOutput = z.object({
  filter: z.object({ from: IsoDate, to: IsoDate, connection_id: z.number().int() }),
  /** the withholding agent (this company), from the issuer profile; null until it is filled in */
  issuer: IssuerProfile.nullable(),
  certificates: z.array(Certificate),
  /** accepted DSE of the period known only through their totals: their withholdings cannot be certified here */
  without_detail: z.number().int(),
});
export type CertificatesOutput = z.infer<typeof CertificatesOutput>;

export const XlsxExport = z.object({
  export_id: z.string(),
  filename: z.string(),
  bytes: z.number().int(),
  rows: z.number().int(),
});
/** The shifts of a period (by their opening, Colombian days, both ends included). Money as exact strings ("150000.00"). */
export const ShiftsPeriodFilter = z
  .object({ from: IsoDate, to: IsoDate })
  .strict()
  .refine((f) => f.from <= f.to, { message: 'La fecha inicial no puede ser posterior a la final.', path: ['from'] });
export type ShiftsPeriodFilter = z.infer<typeof ShiftsPeriodFilter>;

export const ShiftReportRow = z.object({
  id: z.number().int(),
  register_name: z.string(),
  cashier_name: z.string(),
  opened_at: z.string(),
  /** null while the shift is open: its figures are then the ones so far */
  closed_at: z.string().nullable(),
  sales_documents: z.number().int(),
  sales_total: z.string(),
  expected_cash: z.string(),
  /** null while open */
  counted_cash: z.string().nullable(),
  difference: z.string().nullable(),
});
export type ShiftReportRow = z.infer<typeof ShiftReportRow>;

/** The shifts of one cashier or one register summed; counted cash and difference only of the closed ones. */
export const ShiftTotals = z.object({
  name: z.string(),
  shifts: z.number().int(),
  open: z.number().int(),
  sales_documents: z.number().int(),
  sales_total: z.string(),
  expected_cash: z.string(),
  counted_cash: z.string(),
  difference: z.string(),
});
export type ShiftTotals = z.infer<typeof ShiftTotals>;

export const ShiftsReport = z.object({
  from: IsoDate,
  to: IsoDate,
  shifts: z.array(ShiftReportRow),
  by_cashier: z.array(ShiftTotals),
  by_register: z.array(ShiftTotals),
});
export type ShiftsReport = z.infer<typeof ShiftsReport>;

export const XLSX_CHUNK_BYTES = 512 * 1024;

export const reportMethods = {
  'reports.period': method(ReportFilter, PeriodReport),
  /** Withholding certificates per supplier and period (DSE accepted, from their exact requests). */
  'reports.certificates': method(
    z
      .object({
        from: IsoDate,
        to: IsoDate,
        connection_id: z.number().int().positive().optional(),
        supplier: z.string().trim().max(20).optional(),
      })
      .strict()
      .refine((f) => f.from <= f.to, { message: 'La fecha inicial no puede ser posterior a la final.', path: ['from'] }),
    CertificatesOutput,
  ),
  /**
   * Writes the report as an XLSX workbook (one sheet per table, and every document of the period) to
   * a file in core, streamed row by row; the file is then read with 'reports.exportChunk'.
   */
  'reports.exportXlsx': method(ReportFilter, XlsxExport),
  /** «Turnos del período»: every shift opened in the period, and its totals per cashier and per register. */
  'reports.shifts': method(ShiftsPeriodFilter, ShiftsReport),
  /** Part of an exported file, base64, from `offset`; `next` is null after the last part (the file is then removed). */
  'reports.exportChunk': method(
    z.object({ export_id: z.string().regex(/^[a-f0-9-]{36}$/), offset: z.number().int().min(0) }).strict(),
    z.object({ data: z.string(), next: z.number().int().nullable() }),
  ),
};
