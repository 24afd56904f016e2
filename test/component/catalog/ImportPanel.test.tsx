// The catalog import reads a chosen file through the shared reader: a Spanish Excel "CSV"
// (Windows-1252) arrives in core with its accents («Piña golden», «sí»), a file over the limit is
// refused with both sizes before a byte of it is read, and a large preview lays out a bounded number
// of rows, those with errors first.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '#shared/rpc/methods/catalog';
import { installFakeBridge } from '#test/component/fake-bridge';

let answer: ImportPreview = { rows: [], create: 0, update: 0, unchanged: 0, errors: 0, problem: null };
const fake = installFakeBridge({ 'catalog.previewImport': () => answer });
// Imported once the fake is installed: the transport takes the bridge when it loads.
let ImportPanel: typeof import('#renderer/features/catalog/ImportPanel').ImportPanel;
let PREVIEW_ROWS_SHOWN: number;
beforeAll(async () => {
  ({ ImportPanel, PREVIEW_ROWS_SHOWN } = await import('#renderer/features/catalog/ImportPanel'));
});

afterEach(() => cleanup());

const SPANISH_EXCEL = 'Código;Descripción;Precio;Incluye IVA;Impuesto\r\nPIN1;Piña golden;7.900;sí;0\r\n';
/** Windows-1252 bytes, as Excel in es-CO saves "CSV (delimitado por comas)". */
const cp1252 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(Buffer.from(text, 'latin1'));

/** A chosen file; jsdom's File has no arrayBuffer(), which every browser's has. */
function fileOf(bytes: Uint8Array<ArrayBuffer>, name: string): File {
  const file = new File([bytes], name, { type: 'text/csv' });
  Object.defineProperty(file, 'arrayBuffer', { value: () => Promise.resolve(bytes.slice().buffer) });
  return file;
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Archivo CSV de productos'), { target: { files: [file] } });
}

describe('catalog import panel', () => {
  it('sends a Windows-1252 file to core as the text it is, and says how it was read', async () => {
    render(<ImportPanel onDone={() => undefined} onClose={() => undefined} />);
    choose(fileOf(cp1252(SPANISH_EXCEL), 'productos.csv'));
    expect((await screen.findByTestId('import-file')).textContent).toMatch(/productos\.csv.*codificación Windows-1252/);
    await userEvent.click(screen.getByRole('button', { name: 'Ver vista previa' }));
    await waitFor(() => expect(fake.inputsOf('catalog.previewImport')).toHaveLength(1));
    const { text } = fake.inputsOf('catalog.previewImport')[0]!;
    expect(text).toBe(SPANISH_EXCEL);
    expect(text).not.toContain('\uFFFD');
  });

  it('refuses a 50 MB file with both sizes, without reading it or calling core', async () => {
    render(<ImportPanel onDone={() => undefined} onClose={() => undefined} />);
    const file = new File(['x'], 'enorme.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: 50 * 1024 * 1024 });
    const read = vi.fn(() => Promise.reject(new Error('read')));
    for (const name of ['arrayBuffer', 'text', 'slice', 'stream']) Object.defineProperty(file, name, { value: read });
    choose(file);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El archivo tiene 50 MB; el máximo es 5 MB. Divídalo en archivos más pequeños.',
    );
    expect(read).not.toHaveBeenCalled();
    expect(screen.queryByTestId('import-file')).toBeNull();
    expect(fake.calls).toHaveLength(0);
  });

  it('lays out a bounded preview of a large import, rows with errors first', async () => {
    const rows = Array.from({ length: 15_000 }, (_, i) => ({
      line: i + 2,
      action: i === 14_000 ? ('error' as const) : ('create' as const),
      code: `P${i}`,
      description: `Producto ${i}`,
      changes: [],
      errors: i === 14_000 ? ['Falta el precio.'] : [],
    }));
    answer = { rows, create: 14_999, update: 0, unchanged: 0, errors: 1, problem: null };
    render(<ImportPanel onDone={() => undefined} onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Filas para importar'), 'P1;Uno');
    await userEvent.click(screen.getByRole('button', { name: 'Ver vista previa' }));
    expect((await screen.findByTestId('import-shown')).textContent).toBe(
      `Se muestran ${PREVIEW_ROWS_SHOWN} de 15.000 filas: primero las que tienen errores.`,
    );
    const laidOut = screen.getAllByTestId('import-row');
    expect(laidOut).toHaveLength(PREVIEW_ROWS_SHOWN);
    expect(laidOut[0]!.textContent).toContain('Falta el precio.');
    expect((screen.getByRole('button', { name: 'Importar 14.999 productos' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
