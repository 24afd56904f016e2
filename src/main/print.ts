// "Guardar PDF", the printers and silent printing: only the shell can print a window, so these
// RPC methods (history.exportPdf, history.printers, history.printSilently) are answered here (input
// checked with the contract's schema) and every other message goes on to core. The page printed is the one on screen, and only when it is the
// printable view of the very document asked for.
import { app, dialog, type BrowserWindow } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dispatcher } from '../core/rpc/registry';
import { rpcContract } from '../shared/rpc/contract';
import { RpcRequest, type RpcReply } from '../shared/rpc/envelope';
import { AppError, invalidInput } from '../shared/rpc/errors';
import { listPrinters, printSilently } from './silent-print';

const SHELL_METHODS = ['history.exportPdf', 'history.printers', 'history.printSilently'] as const;
type ShellMethod = (typeof SHELL_METHODS)[number];
const isShellMethod = (name: string): name is ShellMethod => (SHELL_METHODS as readonly string[]).includes(name);

export function withPdfExport(core: Dispatcher, currentWindow: () => BrowserWindow | undefined): Dispatcher {
  return {
    async dispatch(message) {
      const envelope = RpcRequest.safeParse(message);
      if (!envelope.success || !isShellMethod(envelope.data.method)) return core.dispatch(message);
      const { id, input, method } = envelope.data;
      try {
        return { id, ok: true, output: await answer(method, input, currentWindow()) };
      } catch (error) {
        return failure(
          id,
          error instanceof AppError
            ? error
            : new AppError(
                'internal',
                'No se pudo imprimir ni crear el PDF. Intente de nuevo, o use «Imprimir» y elija «Guardar como PDF».',
              ),
        );
      }
    },
  };
}

async function answer(method: ShellMethod, input: unknown, window: BrowserWindow | undefined): Promise<unknown> {
  if (method === 'history.exportPdf') {
    const parsed = rpcContract[method].input.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error);
    return savePdf(window, parsed.data.id, parsed.data.filename);
  }
  if (!window) throw new AppError('internal', 'La ventana de Factura Desk no está abierta.');
  if (method === 'history.printers') {
    const parsed = rpcContract[method].input.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error);
    return listPrinters(window.webContents);
  }
  const parsed = rpcContract[method].input.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return printSilently(window.webContents, parsed.data.layout, parsed.data.printer, parsed.data.page_height_mm);
}

async function savePdf(
  window: BrowserWindow | undefined,
  documentId: number,
  filename: string,
): Promise<{ saved: boolean; path: string | null }> {
  if (!window) throw new AppError('internal', 'La ventana de Factura Desk no está abierta.');
  const hash = new URL(window.webContents.getURL()).hash;
  if (hash !== `#/historial/${documentId}/imprimir`) {
    throw new AppError('invalid_input', 'Abra la representación gráfica del documento antes de guardarla como PDF.');
  }
  const pdf = await window.webContents.printToPDF({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true });
  const choice = await dialog.showSaveDialog(window, {
    title: 'Guardar representación gráfica',
    defaultPath: join(app.getPath('documents'), filename),
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  });
  if (choice.canceled || !choice.filePath) return { saved: false, path: null };
  try {
    await writeFile(choice.filePath, pdf);
  } catch {
    throw new AppError(
      'internal',
      `No se pudo escribir «${choice.filePath}». Elija otra carpeta en la que tenga permiso de escritura.`,
    );
  }
  return { saved: true, path: choice.filePath };
}

function failure(id: RpcReply['id'], error: AppError): RpcReply {
  return { id, ok: false, error: error.toShape() };
}
