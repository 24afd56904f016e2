// Printing without a dialog from the desktop app: the counter prints the
// window's printable content (the ticket or page the print stylesheet leaves visible) straight to
// the printer chosen in Ajustes. Only types come from Electron, so this runs under test with a
// typed fake of the two WebContents methods it uses.
import type { WebContents, WebContentsPrintOptions } from 'electron';
import { ROLL_FALLBACK_LENGTH_MM, TICKET_WIDTH_MM, type PrintLayout } from '../shared/print/paper';
import { AppError } from '../shared/rpc/errors';

export type PrintTarget = Pick<WebContents, 'print' | 'getPrintersAsync'>;

const roll = (widthMm: number) => ({ width: widthMm * 1000, height: ROLL_FALLBACK_LENGTH_MM * 1000 });

/**
 * Paper per layout (in microns); tickets are a roll as wide as the shared print model says, as long
 * as the ticket when the window says how long it is, else one A4 length (Chromium needs a height).
 */
const PAGE_SIZE: Record<PrintLayout, WebContentsPrintOptions['pageSize']> = {
  a4: 'A4',
  letter: 'Letter',
  ticket80: roll(TICKET_WIDTH_MM.ticket80),
  ticket58: roll(TICKET_WIDTH_MM.ticket58),
};

function pageSize(layout: PrintLayout, heightMm: number | undefined): WebContentsPrintOptions['pageSize'] {
  const paper = PAGE_SIZE[layout];
  if (heightMm === undefined || typeof paper !== 'object') return paper;
  return { width: paper.width, height: Math.round(heightMm * 1000) };
}

export async function listPrinters(target: PrintTarget): Promise<{ name: string; label: string; is_default: boolean }[]> {
  const printers = await target.getPrintersAsync();
  return printers.map((printer) => ({
    name: printer.name,
    label: printer.displayName || printer.name,
    is_default: (printer as { isDefault?: boolean }).isDefault === true,
  }));
}

/** Prints silently; a printer that no longer exists is refused before anything is sent. */
export async function printSilently(
  target: PrintTarget,
  layout: PrintLayout,
  printer: string,
  pageHeightMm?: number,
): Promise<{ printed: boolean }> {
  if (printer !== '') {
    const known = await target.getPrintersAsync();
    if (!known.some((p) => p.name === printer)) {
      throw new AppError(
        'invalid_input',
        `La impresora «${printer}» no está disponible en este equipo. Elija otra en Ajustes › Impresión, o revise que esté encendida y conectada.`,
      );
    }
  }
  const options: WebContentsPrintOptions = {
    silent: true,
    printBackground: true,
    pageSize: pageSize(layout, pageHeightMm),
    margins: { marginType: layout.startsWith('ticket') ? 'none' : 'default' },
    ...(printer !== '' ? { deviceName: printer } : {}),
  };
  return new Promise((resolve, reject) => {
    target.print(options, (success, reason) => {
      if (success) resolve({ printed: true });
      else if (reason === 'cancelled') resolve({ printed: false });
      else
        reject(
          new AppError(
            'internal',
            `La impresora no recibió el documento (${reason || 'sin detalle'}). Revise que tenga papel y esté conectada, y vuelva a imprimir.`,
          ),
        );
    });
  });
}
