// The smallest valid FE and DSE, typed into their forms as a person would, for tests about what
// happens once the form is sent.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** An FE to a person (cédula 52345678 named `nombre`) for one coffee at $ 10.000. */
export async function fillInvoice(user: UserEvent, nombre: string): Promise<void> {
  await user.type(screen.getByLabelText('Número de documento'), '52345678');
  await user.type(screen.getByLabelText('Nombre o razón social'), nombre);
  await user.type(screen.getByLabelText('Descripción, línea 1'), 'Café');
  await user.type(screen.getByLabelText('Valor unitario, línea 1'), '10.000');
}

/** A DSE from Pedro Gómez (1020304050) for one gardening service at $ 100.000. */
export async function fillSupportDocument(user: UserEvent): Promise<void> {
  await user.type(screen.getByLabelText('Número de identificación'), '1020304050');
  await user.type(screen.getByLabelText('Nombre o razón social'), 'Pedro Gómez');
  await user.type(screen.getByLabelText('Código UNSPSC, línea 1'), '70111703');
  await user.type(screen.getByLabelText('Descripción, línea 1'), 'Mantenimiento de jardines');
  await user.type(screen.getByLabelText('Precio unitario, línea 1'), '100.000');
}
