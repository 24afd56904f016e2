// Printing, one domain: the receipt printer (raw ESC/POS over the network or through the system's
// spooler, and the cash drawer wired to it), answered by core; and what only the desktop shell can
// do with a window (its printers, printing the page silently, saving it as PDF), answered by
// src/main/print.ts. The browser keeps its own print dialog for the page.
import { z } from 'zod';
import { TICKET_COLUMNS } from '#shared/print/ticket';
import { IsoDate } from '#shared/api/common';
import { method } from '#shared/rpc/define';
import { PRINT_LAYOUTS } from '#shared/print/paper';

/** Printed layouts (shared/print/paper.ts): a full page (A4 or letter) or a thermal ticket 80 or 58 mm wide. */
export const PrintLayout = z.enum(PRINT_LAYOUTS, {
  message: 'Elija un formato de impresión: A4, carta, tirilla de 80 mm o de 58 mm.',
});

/** How the window's page prints: the layout, by itself after acceptance, and the desktop's printer. */
export const PrintSettings = z
  .object({
    /** the layout used when printing from the counter, and first offered everywhere else */
    layout: PrintLayout,
    /** an accepted invoice prints by itself, once */
    auto_print: z.boolean(),
    /** the desktop printer printed to without a dialog ('' = the system's default printer) */
    printer: z.string().trim().max(200),
  })
  .strict();
export type PrintSettings = z.infer<typeof PrintSettings>;

/** Code pages the receipt printer is told to use (ESC t), each with the characters of Spanish. */
export const CODE_PAGES = ['pc858', 'pc850', 'wpc1252'] as const;
export const CodePage = z.enum(CODE_PAGES, { message: 'Elija la página de códigos de la impresora.' });
export type CodePage = z.infer<typeof CodePage>;

export const CODE_PAGE_LABELS: Record<CodePage, string> = {
  pc858: 'PC858 (Europa occidental con €, Epson y la mayoría)',
  pc850: 'PC850 (Europa occidental, impresoras antiguas)',
  wpc1252: 'WPC1252 (Windows latino, algunas genéricas)',
};

const HOST_PATTERN = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;

/**
 * The receipt printer of this equipment: none (the page path prints), one on the network
 * (host:port, 9100 by default) or one the operating system knows by name, sent raw to its spooler.
 */
export const ThermalSettings = z
  .object({
    connection: z.enum(['none', 'network', 'system'], { message: 'Elija cómo está conectada la impresora.' }),
    host: z
      .string()
      .trim()
      .max(253)
      .refine((v) => v === '' || HOST_PATTERN.test(v), 'Escriba la IP o el nombre de la impresora, como 192.168.1.50.'),
    port: z
      .number({ message: 'El puerto es un número, normalmente 9100.' })
      .int('El puerto es un número entero, normalmente 9100.')
      .min(1, 'El puerto va de 1 a 65535 (normalmente 9100).')
      .max(65_535, 'El puerto va de 1 a 65535 (normalmente 9100).'),
    /** the printer's name in the system (CUPS queue; on Windows, the printer's share name) */
    queue: z
      .string()
      .trim()
      .max(200)
      .refine((v) => !/[\\/"\r\n]/.test(v), 'El nombre de la impresora no lleva barras, comillas ni saltos de línea.'),
    /** characters per line: 48 or 42 on 80 mm paper, 32 on 58 mm */
    columns: z.union(TICKET_COLUMNS.map((n) => z.literal(n)) as [z.ZodLiteral<48>, z.ZodLiteral<42>, z.ZodLiteral<32>], {
      message: 'Elija el ancho: 48 o 42 columnas (80 mm) o 32 (58 mm).',
    }),
    code_page: CodePage,
    /** the printer has its own QR command (GS ( k); otherwise the QR is sent as an image */
    native_qr: z.boolean(),
    /** a cash sale opens the drawer wired to the printer */
    drawer_on_cash: z.boolean(),
  })
  .strict()
  .refine((s) => s.connection !== 'network' || s.host !== '', {
    message: 'Escriba la IP o el nombre de la impresora de red.',
    path: ['host'],
  })
  .refine((s) => s.connection !== 'system' || s.queue !== '', {
    message: 'Escriba el nombre de la impresora en el sistema.',
    path: ['queue'],
  });
export type ThermalSettings = z.infer<typeof ThermalSettings>;

export const DEFAULT_THERMAL: ThermalSettings = {
  connection: 'none',
  host: '',
  port: 9100,
  queue: '',
  columns: 48,
  code_page: 'pc858',
  native_qr: true,
  drawer_on_cash: true,
};

/** What a printed ticket reports: the drawer opened or not, and a note when something printed differently. */
export const TicketPrinted = z.object({
  drawer_opened: z.boolean(),
  /** e.g. characters the code page lacks (printed as «?»), a logo that could not be read left out (and why); null when all printed as shown */
  warning: z.string().nullable(),
});
export type TicketPrinted = z.infer<typeof TicketPrinted>;

/** The document whose receipt prints: a Historial entry, or a contingency sale not yet transmitted. */
export const ReceiptSource = z.union([
  z.object({ history_id: z.number().int().positive() }).strict(),
  z.object({ submission_id: z.number().int().positive() }).strict(),
]);
export type ReceiptSource = z.infer<typeof ReceiptSource>;

export const printMethods = {
  /** The page path's settings (per connection): layout, printing by itself, the desktop's printer. */
  'print.settings': method(z.object({}).strict(), PrintSettings),
  'print.setSettings': method(PrintSettings, PrintSettings),
  'print.thermal': method(z.object({}).strict(), ThermalSettings),
  'print.setThermal': method(ThermalSettings, ThermalSettings),
  /**
   * The receipt of a sale on the receipt printer. `sale`: printed at the counter right after the
   * sale (a cash sale opens the drawer); `reprint`: again, later, the drawer stays shut.
   */
  'print.receipt': method(z.object({ source: ReceiptSource, occasion: z.enum(['sale', 'reprint']) }).strict(), TicketPrinted),
  'print.dayClose': method(z.object({ date: IsoDate }).strict(), TicketPrinted),
  /** The test page of Ajustes › Impresora, on the printer as the form has it (saved or not). */
  'print.test': method(ThermalSettings, TicketPrinted),
  'print.openDrawer': method(z.object({}).strict(), z.object({ opened: z.literal(true) })),
  /** The desktop's printers (Electron only; the browser chooses in its own print dialog). */
  'print.printers': method(
    z.object({}).strict(),
    z.array(z.object({ name: z.string(), label: z.string(), is_default: z.boolean() })),
  ),
  /**
   * Prints the window's printable content without a dialog to the chosen printer (Electron only;
   * the browser opens its print dialog instead). A ticket's page is as long as the ticket on screen
   * (`page_height_mm`, measured by the window); without it, one A4 length.
   */
  'print.silently': method(
    z
      .object({
        layout: PrintLayout,
        printer: z.string().trim().max(200),
        page_height_mm: z.number().min(10).max(5000).optional(),
      })
      .strict(),
    z.object({ printed: z.boolean() }),
  ),
  /**
   * Saves the printed representation now on screen as a PDF (Electron: printToPDF and a save
   * dialog). Under the web bridge the browser's own print dialog does it instead.
   */
  'print.exportPdf': method(
    z.object({ id: z.number().int().positive(), filename: z.string().regex(/^[\w.-]{1,120}\.pdf$/) }).strict(),
    z.object({ saved: z.boolean(), path: z.string().nullable() }),
  ),
};
