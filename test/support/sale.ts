// What the counter's end-to-end tests do and read alike: a cash sale typed by hand, and a screen's
// text with its spaces folded (es-CO amounts carry non-breaking spaces).
import type { Page } from 'playwright-core';

/** A one-line sale to a person (cédula), typed into Facturas. */
export async function fillSale(page: Page, numero: string, name: string, item: string): Promise<void> {
  await page.getByLabel('Tipo de documento').selectOption('13');
  await page.getByLabel('Número de documento').fill(numero);
  await page.getByLabel('Nombre o razón social').fill(name);
  await page.getByLabel('Descripción, línea 1').fill(item);
  await page.getByLabel('Valor unitario, línea 1').fill('20.000');
}

/** Text as read: runs of white space (non-breaking ones too) as one space, trimmed. */
export const folded = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
