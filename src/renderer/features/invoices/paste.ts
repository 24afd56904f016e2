// Lines pasted from a spreadsheet into the items grid: columns description, quantity, unit value and,
// optionally, the tax rate ("19", "19 %", "8"). A header row (quantity not a number) is skipped.
import { parseTabular, TabularError } from '#shared/tabular';
import { parseUserNumber } from '#shared/user-number';
import { emptyItem, type FeItemValues } from './model';

export const MAX_PASTED_LINES = 500;

/** True when the pasted text is more than one cell (several lines or columns). */
export function isTabularPaste(text: string): boolean {
  return /[\t\n]/.test(text.replace(/\r?\n$/, ''));
}

export function itemsFromPaste(text: string): FeItemValues[] {
  let rows: string[][];
  try {
    rows = parseTabular(text, { maxRows: MAX_PASTED_LINES + 1 });
  } catch (error) {
    if (error instanceof TabularError)
      throw new Error(`No se pudieron leer las líneas pegadas: ${error.message}`, { cause: error });
    throw error;
  }
  const items: FeItemValues[] = [];
  rows.forEach((row, index) => {
    const [desc = '', cant = '', unit = '', rate = ''] = row.map((cell) => cell.trim());
    if (index === 0 && cant !== '' && parseUserNumber(cant) === null) return;
    const rateNumber = parseUserNumber(rate.replace(/%/g, ''));
    items.push({
      ...emptyItem(),
      desc,
      cant: cant || '1',
      unit,
      iva: rateNumber !== null ? rateNumber : '19',
    });
  });
  if (items.length > MAX_PASTED_LINES) throw new Error(`Se pueden pegar hasta ${MAX_PASTED_LINES} líneas a la vez.`);
  return items;
}
