// Catalog import (CSV file or spreadsheet paste) and export. The import is previewed row by row
// before anything changes: what each row creates or changes, and each row's errors in the user's
// words; applying plans again and writes only the valid rows, all in one transaction of the engine
// (the file is one batch: all of it or nothing). Products are matched by code; products absent from
// the file are left as they are.
import { parseCatalogPrice, parseCatalogTax, parseYesNo, ProductInput, type Product } from '#shared/catalog/product';
import { taxRateLabel } from '#shared/dian/tax-rates';
import { decimalComma } from '#shared/format';
import { formatCop } from '#shared/money';
import type { ImportPreview, ImportRow } from '#shared/rpc/methods/catalog';
import { CSV_BOM, csvLine, csvNumber, csvText, unguardedText } from '#shared/spreadsheet-cells';
import { parseTabular, TabularError } from '#shared/tabular';
import type { Catalog, Queries } from './catalog';

type Column = 'code' | 'barcodes' | 'description' | 'price' | 'includes' | 'tax' | 'unit' | 'unspsc';

/** Header names people use, accents and case folded. */
const HEADER_NAMES: Record<string, Column> = {
  codigo: 'code',
  referencia: 'code',
  codigo_barras: 'barcodes',
  codigos_barras: 'barcodes',
  codigo_de_barras: 'barcodes',
  codigos_de_barras: 'barcodes',
  barras: 'barcodes',
  ean: 'barcodes',
  descripcion: 'description',
  nombre: 'description',
  producto: 'description',
  precio: 'price',
  precio_unitario: 'price',
  valor_unitario: 'price',
  incluye_iva: 'includes',
  precio_incluye_iva: 'includes',
  iva_incluido: 'includes',
  impuesto: 'tax',
  tarifa: 'tax',
  iva: 'tax',
  unidad: 'unit',
  unidad_medida: 'unit',
  unidad_de_medida: 'unit',
  unspsc: 'unspsc',
  codigo_unspsc: 'unspsc',
};

/** The order of a paste without a header row (also the export's). */
export const DEFAULT_COLUMNS: readonly Column[] = [
  'code',
  'barcodes',
  'description',
  'price',
  'includes',
  'tax',
  'unit',
  'unspsc',
];
export const EXPORT_HEADER = [
  'codigo',
  'codigo_barras',
  'descripcion',
  'precio',
  'incluye_iva',
  'impuesto',
  'unidad',
  'unspsc',
  'activo',
];
export const DEFAULT_UNIT = 'unidad';

function headerKey(cell: string): string {
  return cell
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The columns of a header row, or null when the first row is data. */
function readHeader(row: string[]): (Column | null)[] | null {
  const columns = row.map((cell) => HEADER_NAMES[headerKey(cell)] ?? null);
  return columns.includes('code') && columns.includes('description') ? columns : null;
}

const priceText = (value: string) => formatCop(value);
const yes = (value: boolean) => (value ? 'sí' : 'no');

function changesOf(before: Product, after: ProductInput): string[] {
  const out: string[] = [];
  if (before.description !== after.description) out.push(`descripción: «${before.description}» → «${after.description}»`);
  if (before.unit_price !== after.unit_price)
    out.push(`precio: ${priceText(before.unit_price)} → ${priceText(after.unit_price)}`);
  if (before.price_includes_tax !== after.price_includes_tax)
    out.push(`precio incluye IVA: ${yes(before.price_includes_tax)} → ${yes(after.price_includes_tax)}`);
  if (before.tax_rate !== after.tax_rate)
    out.push(`impuesto: ${taxRateLabel(before.tax_rate)} → ${taxRateLabel(after.tax_rate)}`);
  if (before.unit !== after.unit) out.push(`unidad: ${before.unit} → ${after.unit}`);
  if (before.unspsc !== after.unspsc) out.push(`UNSPSC: ${before.unspsc ?? '—'} → ${after.unspsc ?? '—'}`);
  const a = [...before.barcodes].sort().join(', ');
  const b = [...after.barcodes].sort().join(', ');
  if (a !== b) out.push(`códigos de barras: ${a || '—'} → ${b || '—'}`);
  return out;
}

interface PlannedRow extends ImportRow {
  input?: ProductInput;
  id?: number;
}

/**
 * Reads the text and says what each row would do; changes nothing. The catalog is read once (its
 * products and barcodes), not per row: `db` is the apply's transaction, or the engine for a preview.
 */
export async function planImport(
  catalog: Catalog,
  connectionId: number,
  text: string,
  db?: Queries,
): Promise<{ preview: ImportPreview; planned: PlannedRow[] }> {
  const empty = (problem: string) => ({
    preview: { rows: [], create: 0, update: 0, unchanged: 0, errors: 0, problem },
    planned: [],
  });
  let table: string[][];
  try {
    table = parseTabular(text, { maxRows: 50_001 });
  } catch (error) {
    if (error instanceof TabularError) return empty(`No se pudo leer el texto: ${error.message}`);
    throw error;
  }
  const header = table.length > 0 ? readHeader(table[0]!) : null;
  const body = header ? table.slice(1) : table;
  if (body.length === 0)
    return empty(
      'No hay filas de productos. Pegue filas de una hoja de cálculo o elija un archivo CSV con encabezado (codigo; descripcion; precio; impuesto…).',
    );
  if (body.length > 50_000) return empty('Hay más de 50.000 productos; divida el archivo en partes.');
  const columns = header ?? DEFAULT_COLUMNS;
  const byCode = new Map<string, Product>();
  const barcodeOwners = new Map<string, string>();
  for (const product of await catalog.all(connectionId, db)) {
    byCode.set(product.code, product);
    for (const barcode of product.barcodes) barcodeOwners.set(barcode, product.code);
  }
  const firstLine = header ? 2 : 1;
  const seenCodes = new Map<string, number>();
  const seenBarcodes = new Map<string, { line: number; code: string }>();
  const planned: PlannedRow[] = body.map((cells, index) => {
    const line = firstLine + index;
    const cell = (column: Column): string | undefined => {
      const at = columns.indexOf(column);
      // The apostrophe the export's formula guard wrote is not part of the value.
      return at >= 0 ? unguardedText((cells[at] ?? '').trim()) : undefined;
    };
    const errors: string[] = [];
    const code = cell('code') ?? '';
    const existing = code ? (byCode.get(code) ?? null) : null;
    const description = cell('description') ?? '';

    const priceCell = cell('price');
    let unitPrice = existing?.unit_price ?? null;
    if (priceCell) {
      unitPrice = parseCatalogPrice(priceCell);
      if (unitPrice === null)
        errors.push(
          `El precio «${priceCell}» no es un valor válido: escriba por ejemplo 12.500 o 12.500,50, sin signo negativo.`,
        );
    } else if (!existing) errors.push('Falta el precio.');

    const includesCell = cell('includes');
    let includes = existing?.price_includes_tax ?? false;
    if (includesCell) {
      const read = parseYesNo(includesCell);
      if (read === null) errors.push(`«${includesCell}» en «incluye IVA» no se entiende: escriba sí o no.`);
      else includes = read;
    }

    const taxCell = cell('tax');
    let tax = existing?.tax_rate ?? null;
    if (taxCell) {
      tax = parseCatalogTax(taxCell);
      if (tax === null) errors.push(`El impuesto «${taxCell}» no es válido: escriba 19, 5 (IVA), 8 (INC) o 0 (sin impuesto).`);
    } else if (!existing) errors.push('Falta el impuesto: escriba 19, 5 (IVA), 8 (INC) o 0 (sin impuesto).');

    const unit = cell('unit') || existing?.unit || DEFAULT_UNIT;
    const unspscCell = cell('unspsc');
    const unspsc = unspscCell ? unspscCell : (existing?.unspsc ?? null);
    const barcodesCell = cell('barcodes');
    const barcodes =
      barcodesCell !== undefined ? barcodesCell.split(/[\s|,]+/).filter((b) => b !== '') : (existing?.barcodes ?? []);

    if (code && seenCodes.has(code)) errors.push(`El código ${code} ya aparece en la fila ${seenCodes.get(code)}.`);
    else if (code) seenCodes.set(code, line);
    for (const barcode of new Set(barcodes)) {
      const earlier = seenBarcodes.get(barcode);
      if (earlier && earlier.code !== code)
        errors.push(`El código de barras ${barcode} ya aparece en la fila ${earlier.line} (producto ${earlier.code}).`);
      else seenBarcodes.set(barcode, { line, code });
      const owner = barcodeOwners.get(barcode);
      if (owner !== undefined && owner !== code)
        errors.push(`El código de barras ${barcode} ya es del producto ${owner} del catálogo.`);
    }

    // The schema's own messages for the rest (code, description, barcodes, UNSPSC); a price or tax
    // already reported stands in as 0 so that its message is not repeated.
    let input: ProductInput | undefined;
    const parsed = ProductInput.safeParse({
      code,
      barcodes,
      description,
      unit_price: unitPrice ?? '0',
      price_includes_tax: includes,
      tax_rate: tax ?? '0',
      unit,
      unspsc: unspsc || null,
    });
    if (parsed.success) input = parsed.data;
    else {
      for (const issue of parsed.error.issues) {
        const message = fieldMessage(issue.path[0], issue.message, code, description);
        if (!errors.includes(message)) errors.push(message);
      }
    }
    const base = { line, code, description };
    if (errors.length > 0 || !input) return { ...base, action: 'error' as const, changes: [], errors };
    if (!existing) return { ...base, action: 'create' as const, changes: [], errors, input };
    const changes = changesOf(existing, input);
    return {
      ...base,
      action: changes.length > 0 ? ('update' as const) : ('unchanged' as const),
      changes,
      errors,
      input,
      id: existing.id,
    };
  });
  const count = (action: ImportRow['action']) => planned.filter((row) => row.action === action).length;
  const rows = planned.map(({ input: _input, id: _id, ...row }) => row);
  return {
    preview: {
      rows,
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      errors: count('error'),
      problem: null,
    },
    planned,
  };
}

function fieldMessage(field: PropertyKey | undefined, message: string, code: string, description: string): string {
  if (field === 'code' && code === '') return 'Falta el código.';
  if (field === 'description' && description === '') return 'Falta la descripción.';
  return message;
}

/**
 * Plans and applies in one transaction of the engine: the valid rows are written, the others left
 * out. On SQLite the transaction awaits only its own queries (the plan's reads and the writes).
 */
export function applyImport(catalog: Catalog, connectionId: number, text: string): Promise<ImportPreview> {
  return catalog.transaction(async (trx) => {
    const { preview, planned } = await planImport(catalog, connectionId, text, trx);
    // The plan read the catalog in this transaction and refused taken or repeated codes and
    // barcodes: new products go in bulk, changed ones one by one (with the write's own checks).
    await catalog.createMany(
      trx,
      connectionId,
      planned.flatMap((row) => (row.action === 'create' && row.input ? [row.input] : [])),
    );
    for (const row of planned) {
      if (row.action === 'update' && row.input) await catalog.write(trx, connectionId, row.input, row.id);
    }
    return preview;
  });
}

/**
 * Every product as CSV for Excel in es-CO: ';' between cells, decimal comma, a BOM; re-importable.
 * Text cells go through the one spreadsheet guard (a description such as "-1+1" or "=HIPERVINCULO(…)"
 * is written with a leading apostrophe, which the import takes off again); the price is a number.
 */
export async function exportCsv(catalog: Catalog, connectionId: number): Promise<{ content: string; rows: number }> {
  const lines = [csvLine(EXPORT_HEADER.map(csvText))];
  for (const p of await catalog.all(connectionId)) {
    lines.push(
      csvLine([
        csvText(p.code),
        csvText(p.barcodes.join(' ')),
        csvText(p.description),
        csvNumber(decimalComma(p.unit_price)),
        csvText(yes(p.price_includes_tax)),
        csvNumber(p.tax_rate),
        csvText(p.unit),
        csvText(p.unspsc ?? ''),
        csvText(yes(p.active)),
      ]),
    );
  }
  return { content: `${CSV_BOM}${lines.join('\r\n')}\r\n`, rows: lines.length - 1 };
}
