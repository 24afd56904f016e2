// A contingency invoice typed after the sale (a paper ticket sold during an outage): it names the
// ticket it replaces, number and time, in the shop's contingency numbering, and is sent with the
// reference line the sandbox and the DIAN read; without a numbering it says where to configure one
// and nothing is sent.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '#shared/api/fe';
import { parseContingencyReference } from '#shared/fe/index';
import type { IssuerProfile } from '#shared/rpc/methods/history';
import { installFakeBridge } from '#test/component/fake-bridge';
import { aSubmission, CASH } from '#test/component/fixtures';
import { fillInvoice } from '#test/component/form-filling';
import { renderWithQueries } from '#test/component/render';

const METHODS: PaymentMethod[] = [CASH];
const PROFILE: IssuerProfile = {
  nombre: 'Tienda',
  nit: '900123456',
  dv: '8',
  direccion: 'Calle 1',
  ciudad: 'Bogotá',
  email: '',
  telefono: '',
  logo: '',
  resolucion: null,
  contingencia: {
    numero: '18764000009',
    desde: '2026-01-01',
    hasta: '2027-12-31',
    prefijo: 'CT',
    rango_desde: 1,
    rango_hasta: 500,
  },
  plan: 'ilimitado',
};
let profile: IssuerProfile | null = PROFILE;

const fake = installFakeBridge({
  'drafts.get': () => null,
  'drafts.save': () => ({ kind: 'FE', idempotency_key: 'k', data: {}, updated_at: '2026-11-21T05:00:00Z' }),
  'drafts.discard': () => ({ discarded: true }),
  'fe.paymentMethods': () => METHODS,
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
  'history.issuer': () => profile,
  'fe.submit': () => aSubmission({ id: 11, idempotency_key: 'fe-x', state: 'accepted', counterpart: 'Ana' }),
  'submissions.get': () => aSubmission({ id: 11, idempotency_key: 'fe-x', state: 'accepted', counterpart: 'Ana' }),
  'submissions.list': () => [],
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;
beforeAll(async () => {
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
});
afterEach(() => {
  cleanup();
  profile = PROFILE;
});

async function contingencyForm() {
  const user = userEvent.setup();
  renderWithQueries(<InvoicesScreen />);
  const emit = await screen.findByRole('button', { name: 'Emitir factura' });
  await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
  await fillInvoice(user, 'Ana');
  await user.click(screen.getByText('Observaciones y contingencia'));
  await user.click(screen.getByLabelText(/Factura de contingencia/));
  const date = screen.getByLabelText<HTMLInputElement>('Fecha de emisión');
  await user.clear(date);
  await user.type(date, '19/11/2026');
  return { user, emit };
}

describe('a contingency invoice typed after the sale', () => {
  it('asks for the ticket number and time, refuses one outside the range, and sends the reference', async () => {
    const { user, emit } = await contingencyForm();
    const ticket = await screen.findByLabelText('Número del talonario');
    expect(screen.getByText(/Del CT1 al CT500/)).toBeTruthy();
    await user.click(emit);
    expect((await screen.findAllByText(/Escriba el número del talonario/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Escriba la hora de la venta/).length).toBeGreaterThan(0);
    await user.type(ticket, '900');
    await user.type(screen.getByLabelText('Hora de la venta'), '14:30');
    await user.click(emit);
    expect((await screen.findAllByText(/El talonario de contingencia va del CT1 al CT500/)).length).toBeGreaterThan(0);
    expect(fake.inputsOf('fe.submit')).toHaveLength(0);

    await user.clear(ticket);
    await user.type(ticket, '27');
    await user.click(emit);
    await waitFor(() => expect(fake.inputsOf('fe.submit')).toHaveLength(1));
    const request = fake.inputsOf('fe.submit')[0]!.request;
    expect(request).toMatchObject({ es_contingencia: true, fecha_emision: '2026-11-19' });
    expect(parseContingencyReference(request.observaciones)).toEqual({
      type: '3',
      number: 27,
      date: '2026-11-19',
      time: '14:30:00',
      numbering: { resolution: '18764000009', prefix: 'CT', from: 1, to: 500, validFrom: '2026-01-01', validTo: '2027-12-31' },
    });
  });

  it('without a contingency numbering, says where to configure it and sends nothing', async () => {
    profile = { ...PROFILE, contingencia: null };
    const { user, emit } = await contingencyForm();
    expect(await screen.findByText(/Configure primero la numeración de contingencia en Ajustes › Datos del emisor/)).toBeTruthy();
    await user.click(emit);
    expect((await screen.findAllByText(/configure primero la numeración de contingencia \(talonario\)/)).length).toBeGreaterThan(
      0,
    );
    expect(fake.inputsOf('fe.submit')).toHaveLength(0);
  });
});
