// A ticket as a receipt printer prints it: blocks of text (aligned, bold, double size), rules, the
// logo and the QR, laid out in the printer's columns. Built from the same print model as the ticket
// page (print-model.ts), so the paper from a thermal printer and the page in the window say the
// same words in the same order; core encodes the laid-out lines as ESC/POS (core/print/escpos.ts).
import { formatDate, formatWallClock } from '#shared/dates';
import { formatPercent } from '#shared/format';
import { formatCop, formatUsd } from '#shared/money';
import { formatQuantity } from '#shared/quantity';
import type { SalePayment } from '#shared/sales/sale-payment';
import { contingencyMark, PENDING_FOOTER, PENDING_KEY, type PrintModel } from './print-model';

export type Align = 'left' | 'center' | 'right';

export type TicketBlock =
  | { kind: 'text'; text: string; align?: Align; bold?: boolean; double?: boolean }
  /** a label and its amount on one line, the amount flush right */
  | { kind: 'row'; left: string; right: string; bold?: boolean; double?: boolean }
  | { kind: 'rule' }
  /** the issuer's logo, a PNG or JPEG data URL */
  | { kind: 'logo'; dataUrl: string }
  | { kind: 'qr'; text: string };

/** A printed line: text already wrapped to the columns it has (half of them at double size). */
export type TicketLine =
  | { kind: 'text'; text: string; align: Align; bold: boolean; double: boolean }
  | { kind: 'logo'; dataUrl: string }
  | { kind: 'qr'; text: string };

/** Characters per line of Font A: 80 mm paper prints 48 (42 on some printers), 58 mm prints 32. */
export const TICKET_COLUMNS = [48, 42, 32] as const;
export type TicketColumns = (typeof TICKET_COLUMNS)[number];

/**
 * How the sale was paid, as a ticket prints it under the totals: each means and its amount; for
 * cash, what was received and the change.
 */
export function paidRows(payments: readonly SalePayment[]): { label: string; value: string }[] {
  return payments.flatMap((p) => [
    { label: p.label, value: p.amount },
    ...(p.received !== null && p.change !== null
      ? [
          { label: 'Recibido en efectivo', value: p.received },
          { label: 'Cambio', value: p.change },
        ]
      : []),
  ]);
}

/** The ticket of an FE or a DSE: what TicketPage shows, block for block (`payments`: the sale's, recorded with it). */
/** `register`: the name of the register that made the sale (its key names it), printed under the date. */
export function documentTicket(
  model: PrintModel,
  payments: readonly SalePayment[] = [],
  register: string | null = null,
): TicketBlock[] {
  const amount = (value: string) => (model.currency === 'USD' ? formatUsd(value) : formatCop(value));
  const blocks: TicketBlock[] = [];
  const center = (text: string, bold = false) => blocks.push({ kind: 'text', text, align: 'center', bold });
  const left = (text: string, bold = false) => blocks.push({ kind: 'text', text, bold });
  if (model.logo) blocks.push({ kind: 'logo', dataUrl: model.logo });
  blocks.push({ kind: 'text', text: model.issuer.nombre, align: 'center', bold: true, double: true });
  center(model.issuer.documento);
  model.issuer.lines.forEach((line) => center(line));
  blocks.push({ kind: 'rule' });
  center(model.title);
  if (model.contingency) {
    center(contingencyMark(model.contingency), true);
    if (model.contingency.resolution) center(model.contingency.resolution, true);
    if (model.contingency.problem) center(model.contingency.problem, true);
  }
  center(`No. ${model.number}`, true);
  // Colombia's wall clock as the page writes it, without the zone offset a reader does not need.
  center(formatWallClock(`${model.issueDate}T${model.issueTime}`));
  if (register) center(`Caja: ${register}`);
  if (model.ambiente === '2') center('Documento de prueba (habilitación): sin validez fiscal', true);
  if (model.resolution) left(model.resolution);
  if (model.period) {
    left(`Documento semanal acumulado · periodo del ${formatDate(model.period.from)} al ${formatDate(model.period.to)}`);
  }
  blocks.push({ kind: 'rule' });
  left(model.counterpart.role);
  left(model.counterpart.nombre, true);
  left(model.counterpart.documento);
  blocks.push({ kind: 'rule' });
  for (const line of model.lines) {
    left(`${line.codigo ? `${line.codigo} · ` : ''}${line.descripcion}`);
    blocks.push({
      kind: 'row',
      left: `${formatQuantity(line.cantidad, line.unidad)} × ${amount(line.valor_unitario)}`,
      right: amount(line.base),
    });
    if (line.tipo_impuesto) left(`${line.tipo_impuesto} ${formatPercent(line.tarifa)}`);
  }
  blocks.push({ kind: 'rule' });
  for (const tax of model.taxes)
    blocks.push({ kind: 'row', left: `${tax.name} base ${amount(tax.base)}`, right: amount(tax.amount) });
  for (const w of model.withholdings) {
    blocks.push({
      kind: 'row',
      left: `Retención ${w.name} ${formatPercent(w.percent)}`,
      right: w.amount ? amount(w.amount) : '',
    });
  }
  for (const total of model.totals) {
    blocks.push({ kind: 'row', left: total.label, right: amount(total.value), bold: total.strong, double: total.strong });
  }
  if (model.payment) left(`Forma de pago: ${model.payment}`);
  for (const row of paidRows(payments)) blocks.push({ kind: 'row', left: row.label, right: amount(row.value) });
  if (model.notes) left(`Observaciones: ${model.notes}`);
  blocks.push({ kind: 'rule' });
  if (model.qrText !== null) blocks.push({ kind: 'qr', text: model.qrText });
  center(model.fiscalKeyLabel, true);
  center(model.qrText === null ? PENDING_KEY : model.fiscalKey);
  center(
    model.qrText === null
      ? `Comprobante de venta en contingencia · Software: ${model.software} · ${PENDING_FOOTER}`
      : `Representación gráfica de documento electrónico · Software: ${model.software} · consulte el documento en la DIAN con el código QR.`,
  );
  return blocks;
}

/** The mark of every test printout (ticket and page): nobody takes it for a sale. */
export const TEST_PRINT_MARK = 'Documento de prueba: no es una venta ni una factura';

/**
 * The test ticket of Ajustes › Impresora: the characters a Colombian ticket needs, sizes, the
 * shop's logo when it has one, a QR and the cut, marked as a test at its head and at its foot.
 */
export function testTicket(
  printer: string,
  columns: TicketColumns,
  codePage: string,
  now: string,
  logo: string | null = null,
): TicketBlock[] {
  return [
    ...(logo ? [{ kind: 'logo', dataUrl: logo } as const] : []),
    { kind: 'text', text: 'Página de prueba', align: 'center', bold: true, double: true },
    { kind: 'text', text: TEST_PRINT_MARK, align: 'center', bold: true },
    { kind: 'text', text: `Impresora: ${printer}`, align: 'center' },
    { kind: 'text', text: `${columns} columnas · página de códigos ${codePage}`, align: 'center' },
    { kind: 'text', text: now, align: 'center' },
    { kind: 'rule' },
    { kind: 'text', text: 'Eñe y tildes: ñ Ñ á é í ó ú Á É Í Ó Ú ü' },
    { kind: 'text', text: 'Signos: ¿Cuánto? ¡Gracias! «comillas» $ 1.234,56' },
    { kind: 'text', text: 'Negrilla', bold: true },
    { kind: 'row', left: 'Total', right: formatCop('12345.67'), bold: true, double: true },
    { kind: 'rule' },
    { kind: 'qr', text: 'https://catalogo-vpfe.dian.gov.co/document/searchqr' },
    { kind: 'text', text: 'Si lee bien esta página, la impresora está lista.', align: 'center' },
    { kind: 'text', text: TEST_PRINT_MARK, align: 'center', bold: true },
  ];
}

/** Wraps text at word boundaries to `width` characters; a word longer than a line (a CUFE) is split. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/[ \t\n]+/).filter((w) => w.length > 0)) {
    let rest = word;
    if (current.length > 0 && current.length + 1 + rest.length <= width) {
      current += ` ${rest}`;
      continue;
    }
    if (current.length > 0) lines.push(current);
    while (rest.length > width) {
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    current = rest;
  }
  if (current.length > 0 || lines.length === 0) lines.push(current);
  return lines;
}

/** Lays blocks out in `columns` characters: the lines the printer prints, in order. */
export function layOut(blocks: readonly TicketBlock[], columns: TicketColumns): TicketLine[] {
  const out: TicketLine[] = [];
  for (const block of blocks) {
    if (block.kind === 'logo' || block.kind === 'qr') {
      out.push(block);
      continue;
    }
    if (block.kind === 'rule') {
      out.push({ kind: 'text', text: '-'.repeat(columns), align: 'left', bold: false, double: false });
      continue;
    }
    const double = block.double === true;
    const bold = block.bold === true;
    const width = double ? Math.floor(columns / 2) : columns;
    if (block.kind === 'text') {
      for (const text of wrap(block.text, width)) out.push({ kind: 'text', text, align: block.align ?? 'left', bold, double });
      continue;
    }
    if (block.left.length + 1 + block.right.length <= width) {
      const gap = width - block.left.length - block.right.length;
      out.push({ kind: 'text', text: `${block.left}${' '.repeat(gap)}${block.right}`, align: 'left', bold, double });
    } else {
      for (const text of wrap(block.left, width)) out.push({ kind: 'text', text, align: 'left', bold, double });
      if (block.right) out.push({ kind: 'text', text: block.right, align: 'right', bold, double });
    }
  }
  return out;
}

/** The printed text, line by line (logo and QR left out): what a reader sees on the paper. */
export function ticketText(lines: readonly TicketLine[]): string[] {
  return lines.flatMap((line) => (line.kind === 'text' ? [line.text] : []));
}
