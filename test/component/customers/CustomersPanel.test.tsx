// Clientes › Nuevo cliente in the one form idiom: the contract's CustomerInput judges what is typed;
// every message, those of the bounds the schema states without words of its own included, is
// Spanish under its field, and nothing reaches core until it passes.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_LIMITS } from '#shared/customers/customer';
import { fieldMessageOf } from '#test/component/field-message';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const ZOD_ENGLISH = /Invalid|Too (small|big)|expected|received|Required|must/;

const fake = installFakeBridge({
  'customers.search': () => ({ items: [], total: 0 }),
  'customers.save': (input) => ({
    id: 1,
    ...input.customer,
    dv: null,
    active: true,
    last_used_at: null,
    updated_at: '2026-11-27T10:00:00Z',
  }),
});

let CustomersPanel: typeof import('#renderer/features/customers/CustomersPanel').CustomersPanel;
beforeAll(async () => {
  ({ CustomersPanel } = await import('#renderer/features/customers/CustomersPanel'));
});
afterEach(cleanup);

describe('Nuevo cliente', () => {
  it('says in Spanish under each field what the contract refuses, and sends nothing', async () => {
    renderWithQueries(<CustomersPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nuevo cliente' }));
    const form = screen.getByRole('form', { name: 'Nuevo cliente' });
    const field = (label: string) => within(form).getByLabelText(label);
    await user.selectOptions(field('Tipo de documento'), '31');
    await user.type(field('Número de documento'), '900.123.456');
    await user.type(field('Correo electrónico'), 'sin-arroba');
    await user.type(field('Teléfono'), '3'.repeat(CUSTOMER_LIMITS.phoneMax + 1));
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await within(form).findByText('Escriba el nombre o la razón social.');
    expect(fieldMessageOf(field('Número de documento'))).toBe(
      'El número de documento admite solo letras, números y guion, sin espacios ni puntos.',
    );
    expect(fieldMessageOf(field('Correo electrónico'))).toBe('El correo electrónico no es válido.');
    expect(fieldMessageOf(field('Teléfono'))).toBe(`Admite como máximo ${CUSTOMER_LIMITS.phoneMax} caracteres.`);
    for (const alert of within(form).getAllByRole('alert')) expect(alert.textContent).not.toMatch(ZOD_ENGLISH);
    expect(fake.inputsOf('customers.save')).toEqual([]);
  });

  it('sends the customer as the contract reads it', async () => {
    renderWithQueries(<CustomersPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nuevo cliente' }));
    const form = screen.getByRole('form', { name: 'Nuevo cliente' });
    const field = (label: string) => within(form).getByLabelText(label);
    await user.selectOptions(field('Tipo de documento'), '31');
    await user.type(field('Número de documento'), '900123456');
    expect(within(form).getByText(/Sin el dígito de verificación \(DV \d\)/)).toBeTruthy();
    await user.type(field('Nombre o razón social'), '  Ferretería La 14 S.A.S. ');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await expect
      .poll(() => fake.inputsOf('customers.save'))
      .toEqual([
        {
          customer: {
            tipo_doc: '31',
            numero_doc: '900123456',
            nombre: 'Ferretería La 14 S.A.S.',
            email: '',
            direccion: '',
            telefono: '',
          },
        },
      ]);
  });
});
