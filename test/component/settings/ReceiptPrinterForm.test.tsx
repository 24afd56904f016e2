// Ajustes › Impresión, the receipt printer: the test page prints with the values on screen (saved
// or not), core's refusal of a field shows beside that field, and saving keeps what was tested.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THERMAL } from '#shared/rpc/methods/print';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const HOST_MISSING = 'Escriba la IP o el nombre de la impresora de red.';
const LOGO_WARNING =
  'El logo no se imprimió en la tirilla: el JPEG del logo está dañado o no se puede leer. Guárdelo de nuevo (o en PNG) y súbalo en Ajustes › Datos del emisor.';

const fake = installFakeBridge({
  'print.test': (input) =>
    input.host === '10.0.0.9'
      ? Promise.reject(rpcError('printer_failed', 'La impresora 10.0.0.9:9100 no responde.'))
      : { drawer_opened: false, warning: input.host === '192.168.1.60' ? LOGO_WARNING : null },
  'print.setThermal': (input) => input,
});

let ReceiptPrinterForm: typeof import('#renderer/features/settings/ReceiptPrinterForm').ReceiptPrinterForm;
beforeAll(async () => {
  ({ ReceiptPrinterForm } = await import('#renderer/features/settings/ReceiptPrinterForm'));
});
afterEach(cleanup);

describe('Ajustes › Impresión: receipt printer', () => {
  it('says a missing host before sending, shows a printer that does not answer, tests as typed, then saves what printed', async () => {
    const user = userEvent.setup();
    renderWithQueries(<ReceiptPrinterForm initial={DEFAULT_THERMAL} />);
    const form = screen.getByRole('form', { name: 'Impresora de tirilla' });
    expect(within(form).queryByRole('button', { name: 'Imprimir página de prueba' })).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Conexión de la impresora'), 'network');
    await user.click(within(form).getByRole('button', { name: 'Imprimir página de prueba' }));
    await within(form).findByText(HOST_MISSING);
    expect(fake.inputsOf('print.test')).toEqual([]);

    await user.type(within(form).getByLabelText('IP o nombre de la impresora'), '10.0.0.9');
    await user.click(within(form).getByRole('button', { name: 'Imprimir página de prueba' }));
    await within(form).findByText('La impresora 10.0.0.9:9100 no responde.');
    await user.clear(within(form).getByLabelText('IP o nombre de la impresora'));

    await user.type(within(form).getByLabelText('IP o nombre de la impresora'), '192.168.1.50');
    await user.selectOptions(within(form).getByLabelText('Papel'), '32');
    await user.click(within(form).getByRole('button', { name: 'Imprimir página de prueba' }));
    await within(form).findByText('Página de prueba enviada a la impresora.');
    const tested = { ...DEFAULT_THERMAL, connection: 'network', host: '192.168.1.50', columns: 32 };
    expect(fake.inputsOf('print.test').at(-1)).toEqual(tested);
    expect(fake.inputsOf('print.setThermal')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Guardar impresora' }));
    await within(form).findByText('Impresora de tirilla guardada.');
    expect(fake.inputsOf('print.setThermal')).toEqual([tested]);
  });

  it('says plainly that the printer state cannot be read through the system spooler, and is asked on the network', async () => {
    const user = userEvent.setup();
    renderWithQueries(<ReceiptPrinterForm initial={DEFAULT_THERMAL} />);
    const form = screen.getByRole('form', { name: 'Impresora de tirilla' });
    expect(within(form).queryByTestId('thermal-status-note')).toBeNull();

    await user.selectOptions(within(form).getByLabelText('Conexión de la impresora'), 'system');
    expect(within(form).getByTestId('thermal-status-note').textContent).toMatch(
      /^Por el sistema de impresión no se puede leer el estado de la impresora \(sin papel, tapa abierta, cajón\)/,
    );
    await user.type(within(form).getByLabelText('Nombre de la impresora en el sistema'), 'TM-T20');
    await user.click(within(form).getByRole('button', { name: 'Imprimir página de prueba' }));
    await within(form).findByText(
      'Página de prueba entregada al sistema de impresión. Su estado no se puede leer desde aquí: revise que la tirilla haya salido.',
    );
    expect(fake.inputsOf('print.test').at(-1)).toMatchObject({ connection: 'system', queue: 'TM-T20' });

    await user.selectOptions(within(form).getByLabelText('Conexión de la impresora'), 'network');
    expect(within(form).getByTestId('thermal-status-note').textContent).toMatch(
      /se le pregunta a la impresora cómo está \(papel, tapa, cuchilla, errores\)/,
    );
  });

  it("says why the shop's logo did not print on the test ticket", async () => {
    const user = userEvent.setup();
    renderWithQueries(<ReceiptPrinterForm initial={{ ...DEFAULT_THERMAL, connection: 'network', host: '192.168.1.60' }} />);
    const form = screen.getByRole('form', { name: 'Impresora de tirilla' });
    await user.click(within(form).getByRole('button', { name: 'Imprimir página de prueba' }));
    expect((await within(form).findByText(LOGO_WARNING)).closest('[role="status"]')).not.toBeNull();
    expect(within(form).queryByText('Página de prueba enviada a la impresora.')).toBeNull();
  });
});
