// Rows pasted from a spreadsheet (tab-separated) or read from a CSV file (comma or semicolon, as
// Excel in es-CO writes it), with RFC 4180 quoting. Pure: the forms and the CSV import share it.

export interface TabularOptions {
  /** When omitted: tab if the first line has one, else ';' if it has one, else ','. */
  delimiter?: '\t' | ',' | ';';
  /** Refuse more rows than this (bounded cost on hostile input). */
  maxRows?: number;
}

export class TabularError extends Error {}

/**
 * The separator of the first line, counting only outside quotes: a tab wins (a paste), else the
 * more frequent of ';' and ',' (a Spanish spreadsheet writes ';' and may have commas inside quoted
 * text or decimals; an English one writes ','), ';' on a tie.
 */
export function detectDelimiter(text: string): '\t' | ',' | ';' {
  let tabs = 0;
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n' || char === '\r') break;
    else if (char === '\t') tabs += 1;
    else if (char === ';') semicolons += 1;
    else if (char === ',') commas += 1;
  }
  if (tabs > 0) return '\t';
  if (semicolons === 0 && commas === 0) return ',';
  return semicolons >= commas ? ';' : ',';
}

export function parseTabular(text: string, options: TabularOptions = {}): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = options.delimiter ?? detectDelimiter(source);
  const maxRows = options.maxRows ?? 10_000;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const pushRow = () => {
    row.push(cell);
    cell = '';
    if (!(row.length === 1 && row[0]!.trim() === '')) {
      if (rows.length >= maxRows) throw new TabularError(`Hay más de ${maxRows} filas.`);
      rows.push(row);
    }
    row = [];
  };
  while (i < source.length) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else cell += char;
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      pushRow();
    } else cell += char;
    i += 1;
  }
  if (quoted) throw new TabularError('Hay una comilla sin cerrar.');
  if (cell !== '' || row.length > 0) pushRow();
  return rows;
}
