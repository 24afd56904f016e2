// «Consultar en la DIAN» with an answer that carries only part of the customer: what it found fills
// the form, what it lacks is named for the user to type, and nothing already typed is erased.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Acquirer } from '#shared/api/fe';
import { installFakeBridge } from '#test/component/fake-bridge';
import { CASH } from '#test/component/fixtures';
import { renderWithQueries, testQueryClient } from '#test/component/render';

let answer: Acquirer;

installFakeBridge({
  'drafts.get': () => null,
  'drafts.save': () => ({ kind: 'FE', idempotency_key: 'k', data: {}, updated_at: '2026-11-20T15:00:00Z' }),
  'drafts.discard': () => ({ discarded: true }),
  'fe.paymentMethods': () => [CASH],
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
  'fe.lookupAcquirer': () => answer,
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;
beforeAll(async () => {
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
});
afterEach(cleanup);

const base = { identification_type: '13', identification_number: '1020304050', dv: null };

async function lookUp(typedEmail = '') {
  const user = userEvent.setup();
  renderWithQueries(<InvoicesScreen />, testQueryClient());
  await screen.findByRole('button', { name: 'Emitir factura' });
  await user.type(screen.getByLabelText('Número de documento'), '1020304050');
  if (typedEmail) await user.type(screen.getByLabelText('Correo electrónico'), typedEmail);
  await user.click(screen.getByRole('button', { name: 'Consultar en la DIAN' }));
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('acquirer lookup', () => {
  it('a name only: fills it and names the e-mail and the address to type, keeping what was typed', async () => {
    answer = { ...base, nombre: 'Ana María Pérez Gómez', email: '', direccion: '' };
    await lookUp('ana@correo.co');
    expect(
      await screen.findByText(
        'Datos de la DIAN: Ana María Pérez Gómez. Escriba a mano el correo electrónico y la dirección: la consulta no los trajo.',
      ),
    ).toBeTruthy();
    expect(value('Nombre o razón social')).toBe('Ana María Pérez Gómez');
    expect(value('Correo electrónico')).toBe('ana@correo.co');
  });

  it('an e-mail without a name: says the name is missing and asks for it', async () => {
    answer = { ...base, nombre: '', email: 'compras@tornillo.co', direccion: 'Cra 7 # 8-9' };
    await lookUp();
    expect(
      await screen.findByText(
        'La DIAN respondió sin el nombre del cliente. Escriba a mano el nombre o razón social: la consulta no lo trajo.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(value('Correo electrónico')).toBe('compras@tornillo.co'));
  });

  it('a whole record: fills everything and asks for nothing', async () => {
    answer = { ...base, nombre: 'Ferretería El Tornillo SAS', email: 'compras@tornillo.co', direccion: 'Cra 7 # 8-9' };
    await lookUp();
    expect(await screen.findByText('Datos de la DIAN: Ferretería El Tornillo SAS.')).toBeTruthy();
    expect(value('Dirección')).toBe('Cra 7 # 8-9');
  });
});
