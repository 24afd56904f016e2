// Ajustes › Datos del emisor: the DV is computed from the NIT and shown read-only beside it (the
// shared NIT check digit), saved with the profile; a DV typed after a hyphen that disagrees is
// refused with a Spanish message and nothing is saved. The form judges through the profile's own
// schema (its bounds and messages, zod's in Spanish), and core's field errors land on their fields.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { IssuerProfile } from '#shared/rpc/methods/history';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const fake = installFakeBridge({
  'history.issuer': () => null,
  'history.issuerWarnings': () => [],
  'history.setIssuer': (profile) => {
    if (profile.ciudad === 'Ciudad Rechazada')
      throw rpcError('invalid_input', 'Revise los datos del emisor.', {
        fields: [{ path: 'ciudad', message: 'Esa ciudad no existe.' }],
      });
    return IssuerProfile.parse(profile);
  },
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

describe('IssuerProfilePanel: bad input is refused on its field, in Spanish, and nothing is saved', () => {
  const saveButton = () => screen.getByRole('button', { name: 'Guardar datos del emisor' });
  const errorOf = (label: string | RegExp) => {
    const field = screen.getByLabelText(label).closest('.field') as HTMLElement;
    return within(field).queryByRole('alert')?.textContent ?? null;
  };

  it('an empty company name and a NIT that is no number', async () => {
    const user = userEvent.setup();
    renderWithQueries(<IssuerProfilePanel />);
    await screen.findByRole('textbox', { name: 'Razón social' });
    await user.type(screen.getByRole('textbox', { name: 'NIT' }), 'abc');
    await user.click(saveButton());
    await waitFor(() => expect(errorOf('Razón social')).toBe('Escriba la razón social del emisor.'));
    expect(errorOf('NIT')).toBe('El NIT va sin dígito de verificación, solo números (5 a 15).');
    expect(screen.getByTestId('issuer-dv').textContent).toBe('—');
    expect(fake.inputsOf('history.setIssuer')).toHaveLength(0);
  });

  it('a name longer than the profile allows, a DV of two digits and a range that is no whole number', async () => {
    const user = userEvent.setup();
    renderWithQueries(<IssuerProfilePanel />);
    await user.click(await screen.findByRole('textbox', { name: 'Razón social' }));
    await user.paste('x'.repeat(201));
    await user.type(screen.getByRole('textbox', { name: 'NIT' }), '900123456-88');
    await user.type(screen.getByLabelText('Número de la resolución'), '18764000001');
    await user.type(screen.getByLabelText('Fecha de la resolución'), '2026-01-01');
    await user.type(screen.getByLabelText('Vigente hasta'), '2027-12-31');
    await user.type(screen.getByLabelText('Rango desde el número'), '1,5');
    await user.type(screen.getByLabelText('Hasta el número'), 'mil');
    await user.click(saveButton());
    await waitFor(() => expect(errorOf('Razón social')).toBe('Admite como máximo 200 caracteres.'));
    expect(errorOf('NIT')).toBe('Después del guion va un solo dígito, el de verificación.');
    expect(errorOf('Rango desde el número')).toBe('Debe ser un número entero.');
    expect(errorOf('Hasta el número')).toBe('Debe ser un número.');
    expect(fake.inputsOf('history.setIssuer')).toHaveLength(0);
  });

  it('a resolution half written names what it lacks; left blank it is no resolution', async () => {
    const user = userEvent.setup();
    renderWithQueries(<IssuerProfilePanel />);
    await fillName(user);
    await user.type(screen.getByRole('textbox', { name: 'NIT' }), '900123456');
    await user.type(screen.getByLabelText('Número de la resolución'), '18764000001');
    await user.click(saveButton());
    await waitFor(() => expect(errorOf('Fecha de la resolución')).toBe('Indique la fecha de la resolución.'));
    expect(errorOf('Rango desde el número')).toBe('Este campo es obligatorio.');
    expect(fake.inputsOf('history.setIssuer')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Número de la resolución'));
    await user.click(saveButton());
    await screen.findByText('Datos del emisor guardados.');
    expect(fake.inputsOf('history.setIssuer')[0]).toMatchObject({ resolucion: null, contingencia: null });
  });

  it("core's field error is shown on its field", async () => {
    const user = userEvent.setup();
    renderWithQueries(<IssuerProfilePanel />);
    await fillName(user);
    await user.type(screen.getByRole('textbox', { name: 'NIT' }), '900123456');
    await user.type(screen.getByRole('textbox', { name: 'Ciudad' }), 'Ciudad Rechazada');
    await user.click(saveButton());
    await waitFor(() => expect(errorOf('Ciudad')).toBe('Esa ciudad no existe.'));
    expect(screen.queryByText('Datos del emisor guardados.')).toBeNull();
  });
});
