// Ajustes › Conexión, the provider's own certificate authority: chosen from a PEM file (read in the
// window, bounded), shown with its subject, SHA-256 fingerprint and expiry in es-CO, removable; a
// refused file shows core's Spanish reason and changes nothing.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Connection } from '#shared/rpc/methods/connections';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBautoridad\n-----END CERTIFICATE-----\n';
const FINGERPRINT = 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89';
const KEY_REFUSED =
  'El archivo contiene una clave privada, no un certificado. No la comparta: pida a su proveedor el certificado de su autoridad de certificación.';

let connection: Connection;
const fake = installFakeBridge({
  'connections.list': () => [connection],
  'connections.keychain': () => ({ available: true, message: null }),
  'connections.trustCa': (input) => {
    if (input.pem.includes('PRIVATE KEY')) throw rpcError('invalid_input', KEY_REFUSED);
    connection = {
      ...connection,
      trusted_ca: [
        { subject: 'Autoridad de Pruebas, Proveedor SAS', fingerprint_sha256: FINGERPRINT, valid_to: '2027-03-01T17:00:00.000Z' },
      ],
    };
    return connection;
  },
  'connections.forgetCa': () => (connection = { ...connection, trusted_ca: null }),
  'app.info': () => ({
    version: '0.1.0',
    schemaVersion: 21,
    dataFolder: '/datos',
    transport: 'web',
    database: { engine: 'sqlite', address: null },
  }),
  'app.backupsKept': () => ({ keep: 30 }),
});

let SettingsScreen: typeof import('#renderer/features/settings/SettingsScreen').default;
beforeAll(async () => {
  SettingsScreen = (await import('#renderer/features/settings/SettingsScreen')).default;
});
afterEach(cleanup);
beforeEach(() => {
  connection = {
    id: 1,
    label: 'Proveedor propio',
    kind: 'production',
    base_url: 'https://facturas.proveedor.co/api/v1',
    company_id: 7,
    active: false,
    embedded: false,
    has_token: true,
    trusted_ca: null,
  };
});

/** A chosen file; jsdom's File has no arrayBuffer(), which every browser's has. */
function choose(name: string, text: string): void {
  const bytes = new TextEncoder().encode(text);
  const file = new File([bytes], name, { type: 'application/x-pem-file' });
  Object.defineProperty(file, 'arrayBuffer', { value: () => Promise.resolve(bytes.slice().buffer) });
  fireEvent.change(screen.getByLabelText('Archivo del certificado de la autoridad'), { target: { files: [file] } });
}

describe('Ajustes › Conexión: the provider certificate authority', () => {
  it('adds one from a PEM file and shows its subject, fingerprint and expiry; then removes it', async () => {
    renderWithQueries(<SettingsScreen />);
    const section = await screen.findByRole('region', { name: 'Autoridad de certificación del proveedor' });
    expect(within(section).getByText(/Se confía en las autoridades reconocidas por este equipo/)).toBeTruthy();
    choose('autoridad.pem', PEM);
    await within(section).findByText('Autoridad de Pruebas, Proveedor SAS');
    expect(fake.inputsOf('connections.trustCa')).toEqual([{ id: 1, pem: PEM }]);
    expect(within(section).getByText(FINGERPRINT)).toBeTruthy();
    // 17:00 UTC is 12:00 p. m. in Bogotá, written as es-CO writes it.
    expect(within(section).getByText(/^01\/03\/2027, 12:00/)).toBeTruthy();

    window.confirm = () => true;
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Quitar autoridad' }));
    await within(section).findByText(/Se confía en las autoridades reconocidas por este equipo/);
    expect(fake.inputsOf('connections.forgetCa')).toEqual([{ id: 1 }]);
    fake.assertNoProblems();
  });

  it("a refused file shows core's reason and changes nothing", async () => {
    renderWithQueries(<SettingsScreen />);
    const section = await screen.findByRole('region', { name: 'Autoridad de certificación del proveedor' });
    choose('clave.pem', '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n');
    await within(section).findByText(KEY_REFUSED);
    expect(within(section).queryByText('Huella SHA-256')).toBeNull();
    expect(within(section).getByText(/Se confía en las autoridades reconocidas/)).toBeTruthy();
  });

  it('a file over the bound is refused in the window, before core sees it', async () => {
    renderWithQueries(<SettingsScreen />);
    const section = await screen.findByRole('region', { name: 'Autoridad de certificación del proveedor' });
    choose('enorme.pem', 'x'.repeat(70 * 1024));
    await within(section).findByText(/el máximo es/);
    await waitFor(() => expect(fake.inputsOf('connections.trustCa')).toEqual([]));
  });
});
