// The XLSX report read back with exceljs's reader: one sheet per table, money as numbers in pesos
// with the COP format, dates as dates, and every document of the period in its sheet; the file then
// travels in base64 chunks that join to the same bytes. On both engines, with one body: the history
// is generated once in a scratch SQLite store and copied to each.
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportFiles } from '#core/reports/exports';
import { LedgerReads } from '#core/ledger-reads/ledger-reads';
import { periodReport } from '#core/reports/period-report';
import { COP_FORMAT, DATE_FORMAT, writeReportXlsx, XLSX_DOCUMENT_CHUNK } from '#core/reports/xlsx';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { copyHistory, generateHistory, type GeneratedDoc } from '#test/history-generator';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let scratch: OpenedEngine;
let docs: GeneratedDoc[];
beforeAll(async () => {
  dir = tempDir();
  scratch = await openEngine('sqlite');
  ({ docs } = generateHistory(scratch.store!.db, {
    connectionId: 1,
    count: 6_000,
    seed: 17,
    from: '2026-01-01',
    to: '2026-06-30',
  }));
});
afterAll(async () => {
  await scratch.close();
  dir.remove();
});

describe.each(ENGINE_KINDS)('XLSX report on %s', (kind) => {
  let opened: OpenedEngine;
  beforeAll(async () => {
    opened = await openEngine(kind);
    await copyHistory(scratch.store!.db, opened.engine);
  });
  afterAll(async () => {
    await opened.close();
  });

  it('writes one sheet per table and every document, with numbers, COP formats and dates a spreadsheet reads as such', async () => {
    const filter = { from: '2026-02-01', to: '2026-05-31' };
    const report = await periodReport(
      opened.engine,
      new LedgerReads(opened.engine),
      { connectionId: 1, connectionLabel: 'Pruebas', now: new Date() },
      filter,
    );
    const path = join(dir.path, `informe-${kind}.xlsx`);
    const rows = await writeReportXlsx(opened.engine, report, filter, path);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual([
      'Resumen',
      'Por día',
      'Por mes',
      'Impuestos',
      'Impuestos por mes',
      'Retenciones',
      'Retenciones por proveedor',
      'Principales clientes',
      'Principales proveedores',
      'Rechazados',
      'Pendientes',
      'Documentos',
    ]);
    const inPeriod = docs
      .filter((d) => d.issue_date >= filter.from && d.issue_date <= filter.to)
      .sort((a, b) => (a.issue_date < b.issue_date ? -1 : a.issue_date > b.issue_date ? 1 : a.id - b.id));
    expect(inPeriod.length).toBeGreaterThan(XLSX_DOCUMENT_CHUNK);
    const documents = workbook.getWorksheet('Documentos')!;
    expect(documents.rowCount - 1).toBe(inPeriod.length);
    const dataRows = workbook.worksheets.reduce((acc, ws) => acc + ws.rowCount - 1, 0);
    expect(rows).toBe(dataRows);

    // Spot the first, a middle and the last document: number, date, total and key, cell by cell.
    for (const index of [0, Math.floor(inPeriod.length / 2), inPeriod.length - 1]) {
      const expected = inPeriod[index]!;
      const row = documents.getRow(index + 2);
      expect(row.getCell(2).value).toBe(expected.number);
      expect(row.getCell(3).value).toEqual(new Date(`${expected.issue_date}T00:00:00Z`));
      expect(row.getCell(3).numFmt).toBe(DATE_FORMAT);
      expect(row.getCell(9).value).toBe(Number(expected.total));
      expect(typeof row.getCell(9).value).toBe('number');
      expect(row.getCell(9).numFmt).toBe(COP_FORMAT);
      expect(row.getCell(15).value).toBe(expected.fiscal_key);
    }

    // The summary sheet says the same as the report, in pesos.
    const summary = workbook.getWorksheet('Resumen')!;
    report.summary.forEach((s, i) => {
      const row = summary.getRow(i + 2);
      expect(row.getCell(3).value).toBe(s.documents);
      expect(row.getCell(6).value).toBe(s.total / 100);
      expect(row.getCell(6).numFmt).toBe(COP_FORMAT);
    });
    const byDay = workbook.getWorksheet('Por día')!;
    expect(byDay.getRow(2).getCell(1).value).toEqual(new Date(`${report.by_day[0]!.date}T00:00:00Z`));
    expect(byDay.rowCount - 1).toBe(report.by_day.length);
    const rejected = workbook.getWorksheet('Rechazados')!;
    expect(rejected.rowCount - 1).toBe(Math.min(report.rejected.count, 200));
  });

  it('hands the file over in base64 chunks that join to the same bytes, then removes it', async () => {
    const files = new ExportFiles(dir.path, () => new Date());
    const file = files.create('xlsx');
    const filter = { from: '2026-01-01', to: '2026-06-30' };
    const report = await periodReport(
      opened.engine,
      new LedgerReads(opened.engine),
      { connectionId: 1, connectionLabel: 'Pruebas', now: new Date() },
      filter,
    );
    await writeReportXlsx(opened.engine, report, filter, file.path);
    const original = readFileSync(file.path);
    const parts: Buffer[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const chunk = files.read(file.id, 'xlsx', offset);
      parts.push(Buffer.from(chunk.data, 'base64'));
      offset = chunk.next;
    }
    expect(parts.length).toBeGreaterThan(1);
    expect(Buffer.concat(parts).equals(original)).toBe(true);
    expect(() => files.read(file.id, 'xlsx', 0)).toThrow(/ya no está disponible/);
  });
});
