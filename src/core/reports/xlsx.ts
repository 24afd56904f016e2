// The period report as an XLSX workbook (exceljs's streaming WorkbookWriter: each row is written to
// the file as it is committed, so 100,000 documents never sit in memory). One sheet per table of the
// report, and one with every document of the period read from the database a chunk at a time. Money cells are
// numbers in pesos with a COP format, dates are dates (Excel serials), rates are numbers; text cells go
// through the one spreadsheet guard (shared/spreadsheet-cells.ts).
import ExcelJS from 'exceljs';
import type { DocumentKind } from '#shared/rpc/methods/submissions';
import type { PeriodReport, ReportFilter, ShiftsReport, ShiftTotals } from '#shared/rpc/methods/reports';
import { toColombia } from '#shared/dates';
import { safeText } from '#shared/spreadsheet-cells';
import { sql } from 'kysely';
import type { Engine } from '../store/engine';
import { collectGarbage } from '../memory';
import { moneyCents } from './period-report';
import { estadoLabel } from '#shared/estados';

/** Rows of the documents sheet between two full collections (ten chunks; see core/memory.ts). */
const GC_EVERY_ROWS = 5_000;

export const COP_FORMAT = '"$"#,##0.00;-"$"#,##0.00';
export const DATE_FORMAT = 'dd/mm/yyyy';
const MONTH_FORMAT = 'mm/yyyy';
const RATE_FORMAT = '0.####"%"';
const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';

type Kind = 'text' | 'money' | 'date' | 'datetime' | 'month' | 'int' | 'rate';
interface Column {
  header: string;
  kind: Kind;
  width?: number;
}

const KIND_LABEL: Record<DocumentKind, string> = { FE: 'Factura electrónica', DSE: 'Documento soporte' };
const SOURCE_LABEL = {
  exact: 'Emitido desde esta aplicación (solicitud exacta)',
  totals: 'Sincronizado (solo totales)',
} as const;

/** Integer cents as a number of pesos (the nearest double to the exact two-decimal amount). */
const pesos = (cents: number) => cents / 100;
/** YYYY-MM-DD as the Date of that day at 00:00 UTC: exceljs writes it as that day's serial. */
const day = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);
const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);
/** An instant as the Date of its Colombian wall clock in UTC: exceljs writes that clock's serial (a serial has no zone). */
const wallClock = (iso: string) => {
  const { date, time } = toColombia(new Date(iso));
  return new Date(`${date}T${time}Z`);
};

function format(kind: Kind): string | undefined {
  return kind === 'money'
    ? COP_FORMAT
    : kind === 'date'
      ? DATE_FORMAT
      : kind === 'datetime'
        ? DATETIME_FORMAT
        : kind === 'month'
          ? MONTH_FORMAT
          : kind === 'rate'
            ? RATE_FORMAT
            : kind === 'int'
              ? '0'
              : undefined;
}

function sheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Column[]): ExcelJS.Worksheet {
  const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? (c.kind === 'text' ? 28 : 16),
    ...(format(c.kind) ? { style: { numFmt: format(c.kind)! } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

/**
 * A row's values as written: every text cell through the one spreadsheet guard (a counterpart named
 * "=HIPERVINCULO(…)" or "-1+1" gets a leading apostrophe, as in the CSV files); numbers and dates
 * are cells of their own type and never guarded, so negative amounts stay numbers.
 */
function guarded(values: unknown[]): unknown[] {
  return values.map((value) => (typeof value === 'string' ? safeText(value) : value));
}

function table(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Column[], rows: Iterable<unknown[]>): number {
  const ws = sheet(workbook, name, columns);
  ws.getRow(1).commit();
  let count = 0;
  for (const values of rows) {
    ws.addRow(guarded(values)).commit();
    count += 1;
  }
  ws.commit();
  return count;
}

/**
 * The pipe exceljs hands a worksheet's XML to (archiver's PassThrough for the zip entry). exceljs
 * writes into it without looking at its answer, so a sheet written faster than it is compressed and
 * written to the file piles up in that pipe: the rows are written a chunk at a time and the next
 * chunk waits until the pipe has drained. (exceljs 4 internals; without them, a turn of the event
 * loop between chunks, as before.)
 */
function sheetPipe(ws: ExcelJS.Worksheet): SheetPipe | null {
  const stream = (ws as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const pipe = stream?.pipes?.[0] as Partial<SheetPipe> | undefined;
  return pipe && typeof pipe.once === 'function' && typeof pipe._writableState === 'object' ? (pipe as SheetPipe) : null;
}

/** archiver's PassThrough (readable-stream's, not node:stream's): what is read of it here. */
interface SheetPipe {
  _writableState: { needDrain?: boolean; length?: number };
  destroyed?: boolean;
  once(event: 'drain' | 'error' | 'close', listener: (...args: unknown[]) => void): unknown;
  removeListener(event: 'drain' | 'error' | 'close', listener: (...args: unknown[]) => void): unknown;
}

/** Resolves once `pipe` wants more (at once when it does already), or when it fails or closes. */
async function drained(pipe: SheetPipe | null): Promise<void> {
  if (!pipe || !pipe._writableState.needDrain || pipe.destroyed) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return;
  }
  await new Promise<void>((resolve) => {
    const done = () => {
      pipe.removeListener('drain', done);
      pipe.removeListener('error', done);
      pipe.removeListener('close', done);
      resolve();
    };
    pipe.once('drain', done);
    pipe.once('error', done);
    pipe.once('close', done);
  });
}

/** A table written a chunk at a time, each after the zip has taken the previous one (see sheetPipe). */
async function streamedTable(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: Column[],
  chunks: AsyncIterable<unknown[][]>,
): Promise<number> {
  const ws = sheet(workbook, name, columns);
  ws.getRow(1).commit();
  const pipe = sheetPipe(ws);
  let count = 0;
  for await (const chunk of chunks) {
    for (const values of chunk) ws.addRow(guarded(values)).commit();
    count += chunk.length;
    await drained(pipe);
    // The garbage of each 5,000 rows goes before the next (see core/memory.ts).
    if (count % GC_EVERY_ROWS === 0) collectGarbage();
  }
  ws.commit();
  return count;
}

interface DocumentRow {
  kind: DocumentKind;
  number: string;
  issue_date: string;
  estado_dian: string;
  counterpart_name: string;
  counterpart_doc: string;
  subtotal: string;
  impuestos: string;
  total_cents: number;
  moneda: string;
  exact: number | boolean;
  withheld: number | null;
  period_from: string | null;
  period_to: string | null;
  fiscal_key: string;
}

/** Writes the workbook to `filename`; returns the number of data rows written (every sheet). */
/** «Turnos del período»: a sheet of the shifts and one each of their totals per cashier and per register. */
function shiftSheets(workbook: ExcelJS.stream.xlsx.WorkbookWriter, shifts: ShiftsReport): number {
  const money = (header: string): Column => ({ header, kind: 'money' });
  const amount = (value: string | null) => (value === null ? null : Number(value));
  let rows = table(
    workbook,
    'Turnos',
    [
      { header: 'Caja', kind: 'text', width: 16 },
      { header: 'Cajero', kind: 'text', width: 20 },
      { header: 'Apertura', kind: 'datetime', width: 18 },
      { header: 'Cierre', kind: 'datetime', width: 18 },
      { header: 'Ventas', kind: 'int' },
      money('Total vendido'),
      money('Efectivo esperado'),
      money('Contado'),
      money('Diferencia'),
    ],
    shifts.shifts.map((s) => [
      s.register_name,
      s.cashier_name,
      wallClock(s.opened_at),
      s.closed_at === null ? 'abierto' : wallClock(s.closed_at),
      s.sales_documents,
      amount(s.sales_total),
      amount(s.expected_cash),
      amount(s.counted_cash),
      amount(s.difference),
    ]),
  );
  const totals = (name: string, label: string, of: ShiftTotals[]) =>
    table(
      workbook,
      name,
      [
        { header: label, kind: 'text', width: 20 },
        { header: 'Turnos', kind: 'int' },
        { header: 'Abiertos', kind: 'int' },
        { header: 'Ventas', kind: 'int' },
        money('Total vendido'),
        money('Efectivo esperado'),
        money('Contado (cerrados)'),
        money('Diferencia (cerrados)'),
      ],
      of.map((t) => [
        t.name,
        t.shifts,
        t.open,
        t.sales_documents,
        amount(t.sales_total),
        amount(t.expected_cash),
        amount(t.counted_cash),
        amount(t.difference),
      ]),
    );
  rows += totals('Turnos por cajero', 'Cajero', shifts.by_cashier);
  rows += totals('Turnos por caja', 'Caja', shifts.by_register);
  return rows;
}

/** The workbook; with `shifts`, the period's shifts too (sheets «Turnos», «Turnos por cajero», «Turnos por caja»). */
export async function writeReportXlsx(
  engine: Engine,
  report: PeriodReport,
  filter: ReportFilter,
  filename: string,
  shifts?: ShiftsReport,
): Promise<number> {
  // Start from what is live, not from the garbage of the report just computed (see core/memory.ts).
  collectGarbage();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Factura Desk';
  let rows = 0;
  const money = (header: string): Column => ({ header, kind: 'money' });
  rows += table(
    workbook,
    'Resumen',
    [
      { header: 'Tipo', kind: 'text' },
      { header: 'Origen de las cifras', kind: 'text', width: 44 },
      { header: 'Documentos', kind: 'int' },
      money('Subtotal'),
      money('Impuestos'),
      money('Total'),
      money('Retenciones'),
    ],
    report.summary.map((s) => [
      KIND_LABEL[s.kind],
      SOURCE_LABEL[s.source],
      s.documents,
      pesos(s.subtotal),
      pesos(s.taxes),
      pesos(s.total),
      pesos(s.withholdings),
    ]),
  );
  const sums = [{ header: 'Documentos', kind: 'int' as const }, money('Subtotal'), money('Impuestos'), money('Total')];
  rows += table(
    workbook,
    'Por día',
    [{ header: 'Fecha', kind: 'date' }, { header: 'Tipo', kind: 'text' }, ...sums],
    report.by_day.map((d) => [day(d.date), KIND_LABEL[d.kind], d.documents, pesos(d.subtotal), pesos(d.taxes), pesos(d.total)]),
  );
  rows += table(
    workbook,
    'Por mes',
    [{ header: 'Mes', kind: 'month' }, { header: 'Tipo', kind: 'text' }, ...sums],
    report.by_month.map((m) => [
      monthStart(m.month),
      KIND_LABEL[m.kind],
      m.documents,
      pesos(m.subtotal),
      pesos(m.taxes),
      pesos(m.total),
    ]),
  );
  rows += table(
    workbook,
    'Impuestos',
    [
      { header: 'Tipo de documento', kind: 'text' },
      { header: 'Origen de las cifras', kind: 'text', width: 44 },
      { header: 'Código', kind: 'text', width: 8 },
      { header: 'Impuesto', kind: 'text' },
      { header: 'Tarifa', kind: 'rate' },
      { header: 'Documentos', kind: 'int' },
      money('Base'),
      money('Valor'),
    ],
    report.taxes.map((t) => [
      KIND_LABEL[t.kind],
      SOURCE_LABEL[t.source],
      t.code,
      t.name,
      t.rate === '' ? null : Number(t.rate),
      t.documents,
      pesos(t.base),
      pesos(t.amount),
    ]),
  );
  rows += table(
    workbook,
    'Impuestos por mes',
    [
      { header: 'Mes', kind: 'month' },
      { header: 'Tipo', kind: 'text' },
      money('IVA'),
      money('INC'),
      money('Otros'),
      money('Sin desglose (sincronizados)'),
    ],
    report.taxes_by_month.map((m) => [
      monthStart(m.month),
      KIND_LABEL[m.kind],
      pesos(m.iva),
      pesos(m.inc),
      pesos(m.other),
      pesos(m.unbroken),
    ]),
  );
  rows += table(
    workbook,
    'Retenciones',
    [
      { header: 'Código', kind: 'text', width: 8 },
      { header: 'Retención', kind: 'text' },
      { header: 'Documentos', kind: 'int' },
      money('Base'),
      money('Valor'),
    ],
    report.withholdings.map((w) => [w.code, w.name, w.documents, pesos(w.base), pesos(w.amount)]),
  );
  rows += table(
    workbook,
    'Retenciones por proveedor',
    [
      { header: 'Proveedor', kind: 'text', width: 36 },
      { header: 'Documento', kind: 'text', width: 16 },
      { header: 'Código', kind: 'text', width: 8 },
      { header: 'Retención', kind: 'text' },
      { header: 'Tarifa', kind: 'rate' },
      { header: 'Documentos', kind: 'int' },
      money('Base'),
      money('Valor'),
    ],
    report.withholdings_by_supplier.map((w) => [
      w.supplier_name,
      w.supplier_doc,
      w.code,
      w.name,
      Number(w.rate),
      w.documents,
      pesos(w.base),
      pesos(w.amount),
    ]),
  );
  const party = [
    { header: 'Nombre', kind: 'text' as const, width: 36 },
    { header: 'Documento', kind: 'text' as const, width: 16 },
    ...sums,
  ];
  rows += table(
    workbook,
    'Principales clientes',
    party,
    report.top_customers.map((p) => [p.name, p.doc, p.documents, pesos(p.subtotal), pesos(p.taxes), pesos(p.total)]),
  );
  rows += table(
    workbook,
    'Principales proveedores',
    party,
    report.top_suppliers.map((p) => [p.name, p.doc, p.documents, pesos(p.subtotal), pesos(p.taxes), pesos(p.total)]),
  );
  const open = [
    { header: 'Tipo', kind: 'text' as const },
    { header: 'Número', kind: 'text' as const },
    { header: 'Fecha', kind: 'date' as const },
    { header: 'Contraparte', kind: 'text' as const, width: 36 },
    { header: 'Estado DIAN', kind: 'text' as const },
    money('Total'),
    { header: 'Moneda', kind: 'text' as const, width: 8 },
  ];
  const openRow = (d: PeriodReport['pending']['items'][number]) => [
    KIND_LABEL[d.kind],
    d.number,
    day(d.issue_date),
    d.counterpart_name,
    estadoLabel(d.estado_dian),
    pesos(d.total),
    d.moneda,
  ];
  rows += table(workbook, 'Rechazados', open, report.rejected.items.map(openRow));
  rows += table(workbook, 'Pendientes', open, report.pending.items.map(openRow));
  if (shifts) rows += shiftSheets(workbook, shifts);
  rows += await streamedTable(
    workbook,
    'Documentos',
    [
      { header: 'Tipo', kind: 'text' },
      { header: 'Número', kind: 'text', width: 16 },
      { header: 'Fecha', kind: 'date' },
      { header: 'Estado DIAN', kind: 'text' },
      { header: 'Contraparte', kind: 'text', width: 36 },
      { header: 'Documento contraparte', kind: 'text', width: 16 },
      money('Subtotal'),
      money('Impuestos'),
      money('Total'),
      { header: 'Moneda', kind: 'text', width: 8 },
      { header: 'Origen de las cifras', kind: 'text', width: 44 },
      money('Retenciones'),
      { header: 'Periodo desde', kind: 'date' },
      { header: 'Periodo hasta', kind: 'date' },
      { header: 'CUFE/CUDS', kind: 'text', width: 40 },
    ],
    documentChunks(engine, report.filter.connection_id, filter),
  );
  await workbook.commit();
  collectGarbage();
  return rows;
}

export const XLSX_DOCUMENT_CHUNK = 500;

/**
 * Every document of the period, a chunk at a time after a keyset cursor (issue date, id): no
 * statement stays open between chunks, so other calls use the database while the file is written.
 * The cursor's date is also a plain lower bound, so each chunk starts in the index where the last
 * one ended instead of walking the period from its first day (quadratic over a year).
 */
async function* documentChunks(engine: Engine, connectionId: number, filter: ReportFilter): AsyncGenerator<unknown[][]> {
  let after = { date: '', id: 0 };
  for (;;) {
    const { rows: read } = await sql<DocumentRow & { id: number }>`SELECT h.id, h.kind, h.number, h.issue_date, h.estado_dian,
            h.counterpart_name, h.counterpart_doc, h.subtotal, h.impuestos, h.total_cents, h.moneda,
            (r.submission_id IS NOT NULL) AS exact, r.period_from, r.period_to, h.fiscal_key,
            (SELECT CAST(sum(a.amount_cents) AS BIGINT) FROM report_amounts a WHERE a.history_id = h.id AND a.fact = 'withholding') AS withheld
     FROM history_documents h LEFT JOIN report_documents r ON r.history_id = h.id
     WHERE h.connection_id = ${connectionId} AND h.issue_date >= ${filter.from} AND h.issue_date <= ${filter.to}
       ${filter.kind ? sql`AND h.kind = ${filter.kind}` : sql``}
       AND h.issue_date >= ${after.date} AND (h.issue_date > ${after.date} OR (h.issue_date = ${after.date} AND h.id > ${after.id}))
     ORDER BY h.issue_date, h.id LIMIT ${sql.raw(String(XLSX_DOCUMENT_CHUNK))}`.execute(engine.db);
    if (read.length === 0) return;
    yield read.map((d) => [
      KIND_LABEL[d.kind],
      d.number,
      day(d.issue_date),
      estadoLabel(d.estado_dian),
      d.counterpart_name,
      d.counterpart_doc,
      pesos(moneyCents(d.subtotal)),
      pesos(moneyCents(d.impuestos)),
      pesos(d.total_cents),
      d.moneda,
      SOURCE_LABEL[d.exact ? 'exact' : 'totals'],
      d.exact ? pesos(d.withheld ?? 0) : null,
      d.period_from ? day(d.period_from) : null,
      d.period_to ? day(d.period_to) : null,
      d.fiscal_key,
    ]);
    const last = read.at(-1)!;
    after = { date: last.issue_date, id: last.id };
    if (read.length < XLSX_DOCUMENT_CHUNK) return;
  }
}
