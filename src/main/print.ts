// "Guardar PDF" of the printed representation: only the shell can print a window, so the one RPC
// method history.exportPdf is answered here (input checked with the contract's schema) and every
// other message goes on to core. The page printed is the one on screen, and only when it is the
// printable view of the very document asked for.
import { app, dialog, type BrowserWindow } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dispatcher } from '../core/rpc/registry';
import { rpcContract } from '../shared/rpc/contract';
import { RpcRequest, type RpcReply } from '../shared/rpc/envelope';
import { AppError, invalidInput } from '../shared/rpc/errors';

const METHOD = 'history.exportPdf';

export function withPdfExport(core: Dispatcher, currentWindow: () => BrowserWindow | undefined): Dispatcher {
  return {
    async dispatch(message) {
      const envelope = RpcRequest.safeParse(message);
      if (!envelope.success || envelope.data.method !== METHOD) return core.dispatch(message);
      const { id, input } = envelope.data;
      const parsed = rpcContract[METHOD].input.safeParse(input);
      if (!parsed.success) return failure(id, invalidInput(parsed.error));
      try {
        return { id, ok: true, output: await savePdf(currentWindow(), parsed.data.id, parsed.data.filename) };
      } catch (error) {
        return failure(
          id,
          error instanceof AppError
            ? error
            : new AppError('internal', 'No se pudo crear el PDF. Intente de nuevo, o use «Imprimir» y elija «Guardar como PDF».'),
        );
      }
    },
  };
}

async function savePdf(window: BrowserWindow | undefined, documentId: number, filename: string): Promise<{ saved: boolean; path: string | null }> {
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
    throw new AppError('internal', `No se pudo escribir «${choice.filePath}». Elija otra carpeta en la que tenga permiso de escritura.`);
  }
  return { saved: true, path: choice.filePath };
}

function failure(id: RpcReply['id'], error: AppError): RpcReply {
  return { id, ok: false, error: error.toShape() };
}
