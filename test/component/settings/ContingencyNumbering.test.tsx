// Ajustes › Datos del emisor, «Numeración de contingencia (talonario)», and Ajustes › Contingencia:
// the shop enters its contingency resolution once; without one (or with one expired or used up) both
// say in Spanish what the tickets printed in contingency lack. Against the fake bridge.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IssuerProfile } from '#shared/rpc/methods/history';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const MISSING =
  'Falta la numeración de contingencia: si el servicio no responde, las ventas se guardan y se imprimen igual, pero sin número de talonario de contingencia, y la DIAN rechaza esas facturas al transmitirlas. Escriba en Datos del emisor la resolución de contingencia que le autorizó la DIAN.';

let profile: IssuerProfile;
const fake = installFakeBridge({
  'history.issuer': () => profile,
  'history.issuerWarnings': () => [],
  'history.setIssuer': (input) => (profile = IssuerProfile.parse(input)),
  'outbox.status': () => ({
    queued: 0,
    last_check_at: null,
    reachable: null,
    transmitting: false,
    window_hours: 48,
    items: [],
    numbering_notice: profile.contingencia ? null : MISSING,
  }),
});

let IssuerProfilePanel: typeof import('#renderer/features/settings/IssuerProfilePanel').IssuerProfilePanel;
let ContingencyPanel: typeof import('#renderer/features/settings/ContingencyPanel').ContingencyPanel;
beforeAll(async () => {
  ({ IssuerProfilePanel } = await import('#renderer/features/settings/IssuerProfilePanel'));
  ({ ContingencyPanel } = await import('#renderer/features/settings/ContingencyPanel'));
});
afterEach(cleanup);
beforeEach(() => {
  profile = {
    nombre: 'Tienda Prueba S.A.S.',
    nit: '900123456',
    dv: '8',
    direccion: 'Calle 1 # 2-3',
    ciudad: 'Bogotá',
    email: '',
    telefono: '',
    logo: '',
    resolucion: null,
    contingencia: null,
    plan: 'ilimitado',
  };
});

function section() {
  return within(screen.getByRole('group', { name: 'Numeración de contingencia (talonario)' }));
}

describe('the contingency numbering in Ajustes', () => {
  it('without one, Ajustes › Contingencia says the tickets printed in contingency need it', async () => {
    renderWithQueries(<ContingencyPanel />);
    expect(await screen.findByText(MISSING)).toBeTruthy();
    fake.assertNoProblems();
  });

  it('is saved with the profile: resolution, prefix in capitals, range and validity; then the notice goes', async () => {
    const user = userEvent.setup();
    renderWithQueries(
      <>
        <IssuerProfilePanel />
        <ContingencyPanel />
      </>,
    );
    expect(await screen.findByText(MISSING)).toBeTruthy();
    await screen.findByRole('group', { name: 'Numeración de contingencia (talonario)' });
    await user.type(section().getByLabelText('Número de la resolución de contingencia'), '18764000001');
    await user.type(section().getByLabelText(/Prefijo de contingencia/), 'ct');
    await user.type(section().getByLabelText('Fecha de la resolución de contingencia'), '2026-01-01');
    await user.type(section().getByLabelText('Contingencia vigente hasta'), '2027-12-31');
    await user.type(section().getByLabelText('Contingencia desde el número'), '1');
    await user.type(section().getByLabelText('Contingencia hasta el número'), '5.000');
    await user.click(screen.getByRole('button', { name: 'Guardar datos del emisor' }));
    await screen.findByText('Datos del emisor guardados.');
    expect(fake.inputsOf('history.setIssuer').at(-1)?.contingencia).toEqual({
      numero: '18764000001',
      desde: '2026-01-01',
      hasta: '2027-12-31',
      prefijo: 'CT',
      rango_desde: 1,
      rango_hasta: 5000,
    });
    await waitFor(() => expect(screen.queryByText(MISSING)).toBeNull());
    fake.assertNoProblems();
  });

  it('a validity that ends before it starts is named on its field, in Spanish, and nothing is saved', async () => {
    const user = userEvent.setup();
    renderWithQueries(<IssuerProfilePanel />);
    await screen.findByRole('group', { name: 'Numeración de contingencia (talonario)' });
    await user.type(section().getByLabelText('Número de la resolución de contingencia'), '18764000001');
    await user.type(section().getByLabelText('Fecha de la resolución de contingencia'), '2027-01-01');
    await user.type(section().getByLabelText('Contingencia vigente hasta'), '2026-12-31');
    await user.type(section().getByLabelText('Contingencia desde el número'), '1');
    await user.type(section().getByLabelText('Contingencia hasta el número'), '100');
    await user.click(screen.getByRole('button', { name: 'Guardar datos del emisor' }));
    expect(await section().findByText('La vigencia termina antes de empezar: revise las fechas.')).toBeTruthy();
    expect(fake.inputsOf('history.setIssuer')).toHaveLength(0);
  });
});
