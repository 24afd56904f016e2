// Ajustes › Datos del emisor: the DV is computed from the NIT and shown read-only beside it (the
// shared NIT check digit), saved with the profile; a DV typed after a hyphen that disagrees is
// refused with a Spanish message and nothing is saved.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { IssuerProfile } from '#shared/rpc/methods/history';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const fake = installFakeBridge({
  'history.issuer': () => null,
  'history.issuerWarnings': () => [],
  'history.setIssuer': (profile) => IssuerProfile.parse(profile),
});

let IssuerProfilePanel: typeof import('#renderer/features/settings/IssuerProfilePanel').IssuerProfilePanel;
beforeAll(async () => {
  IssuerProfilePanel = (await import('#renderer/features/settings/IssuerProfilePanel')).IssuerProfilePanel;
});
afterEach(cleanup);

async function fillName(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Razón social' }), 'Tienda Demo S.A.S.');
}

describe('IssuerProfilePanel: the NIT check digit', () => {
  it('computes the DV from the NIT, shows it read-only and saves it', async () => {
    const user = userEvent.setup();
    renderWithQueries(<IssuerProfilePanel />);
    await fillName(user);
    expect(screen.getByTestId('issuer-dv').textContent).toBe('—');
    await user.type(screen.getByRole('textbox', { name: 'NIT' }), '900.123.456');
    expect(nitCheckDigit('900123456')).toBe('8');
    expect(screen.getByTestId('issuer-dv').textContent).toBe('8');
    expect(screen.queryByRole('textbox', { name: 'DV' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar datos del emisor' }));
    await waitFor(() => expect(fake.inputsOf('history.setIssuer')).toHaveLength(1));
    expect(fake.inputsOf('history.setIssuer')[0]).toMatchObject({ nit: '900123456', dv: '8' });
  });

  it('accepts the NIT written with its right DV', async () => {
    const user = userEvent.setup();
    renderWithQueries(<IssuerProfilePanel />);
    await fillName(user);
    const before = fake.inputsOf('history.setIssuer').length;
    await user.type(screen.getByRole('textbox', { name: 'NIT' }), '900123456-8');
    await user.click(screen.getByRole('button', { name: 'Guardar datos del emisor' }));
    await waitFor(() => expect(fake.inputsOf('history.setIssuer')).toHaveLength(before + 1));
    expect(fake.inputsOf('history.setIssuer').at(-1)).toMatchObject({ nit: '900123456', dv: '8' });
  });

  it('refuses a typed DV that disagrees with the NIT and saves nothing', async () => {
    const user = userEvent.setup();
    renderWithQueries(<IssuerProfilePanel />);
    await fillName(user);
    const before = fake.inputsOf('history.setIssuer').length;
    await user.type(screen.getByRole('textbox', { name: 'NIT' }), '900123456-3');
    await user.click(screen.getByRole('button', { name: 'Guardar datos del emisor' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El dígito de verificación de ese NIT es 8, no 3: revise el NIT o escríbalo sin el dígito.',
    );
    expect(fake.inputsOf('history.setIssuer')).toHaveLength(before);
  });
});
