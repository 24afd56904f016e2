// Ajustes › Impresión, the page path's test: a page in the layout and on the printer the form has
// now (saved or not), marked «Documento de prueba» at its head and foot, printed as a sale's page
// prints (the desktop silently to that printer, the browser through its dialog), then taken away.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THERMAL } from '#shared/rpc/methods/print';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const MARK = 'Documento de prueba: no es una venta ni una factura';
let transport: 'web' | 'electron' = 'web';
/** The test printout's text at the moment it was sent to the printer. */
let printedText: string | null = null;
let printerFails = false;

const printout = () => document.querySelector('[data-testid="page-test-printout"]');

const fake = installFakeBridge({
  'app.info': () => ({
    version: '0.1.0',
    schemaVersion: 5,
    dataFolder: '/datos',
    transport,
    database: { engine: 'sqlite', address: null },
  }),
  'print.settings': () => ({ layout: 'ticket80', auto_print: false, printer: '' }),
  'print.thermal': () => DEFAULT_THERMAL,
  'print.printers': () => [
    { name: 'EPSON_TM_T20', label: 'EPSON TM-T20', is_default: false },
    { name: 'HP', label: 'HP LaserJet', is_default: true },
  ],
  'print.silently': () => {
    printedText = printout()?.textContent ?? null;
    if (printerFails) throw rpcError('internal', 'La impresora no recibió el documento (sin papel).');
    return { printed: true };
  },
});

let PrintSettingsPanel: typeof import('#renderer/features/settings/PrintSettingsPanel').PrintSettingsPanel;
beforeAll(async () => {
  ({ PrintSettingsPanel } = await import('#renderer/features/settings/PrintSettingsPanel'));
});
beforeEach(() => {
  printedText = null;
  printerFails = false;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Ajustes › Impresión: the page test', () => {
  it('in the browser, opens the print dialog on a test page in the layout on screen, marked as a test', async () => {
    transport = 'web';
    const user = userEvent.setup();
    let shown: string | null = null;
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      shown = printout()?.textContent ?? null;
    });
    renderWithQueries(<PrintSettingsPanel />);
    const form = await screen.findByRole('form', { name: 'Impresión' });
    await user.selectOptions(within(form).getByLabelText('Formato al imprimir desde Facturas'), 'ticket58');
    await user.click(within(form).getByRole('button', { name: 'Imprimir página de prueba' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(shown).toContain('Página de prueba');
    expect(shown).toContain('Formato: Tirilla de 58 mm');
    expect(shown!.split(MARK)).toHaveLength(3);
    // Taken away once printed; nothing was saved.
    await waitFor(() => expect(printout()).toBeNull());
    expect(fake.inputsOf('print.setSettings')).toEqual([]);
  });

  it('on the desktop, prints silently to the printer chosen on screen, and says when the printer failed', async () => {
    transport = 'electron';
    const user = userEvent.setup();
    renderWithQueries(<PrintSettingsPanel />);
    const form = await screen.findByRole('form', { name: 'Impresión' });
    await within(form).findByRole('option', { name: 'EPSON TM-T20' });
    await user.selectOptions(within(form).getByLabelText('Impresora'), 'EPSON_TM_T20');
    await user.selectOptions(within(form).getByLabelText('Formato al imprimir desde Facturas'), 'a4');
    await user.click(within(form).getByRole('button', { name: 'Imprimir página de prueba' }));
    await within(form).findByText('Página de prueba enviada a «EPSON_TM_T20».');
    expect(fake.inputsOf('print.silently')).toEqual([{ layout: 'a4', printer: 'EPSON_TM_T20' }]);
    expect(printedText).toContain('Formato: Hoja A4');
    expect(printedText).toContain('Impresora: EPSON_TM_T20');
    expect(printedText!.split(MARK)).toHaveLength(3);
    expect(printout()).toBeNull();

    printerFails = true;
    await user.click(within(form).getByRole('button', { name: 'Imprimir página de prueba' }));
    await within(form).findByText('La impresora no recibió el documento (sin papel).');
  });
});
