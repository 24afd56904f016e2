// The Ajustes forms in the one form idiom: each judges what was typed with the zod schema of the RPC
// input it ends in, so its bounds and messages are the contract's, shown under the field in Spanish
// (a schema's own message, or the Spanish error map's), and nothing reaches core until it passes.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessageOf } from '#test/component/field-message';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

/** zod's English defaults, none of which may reach a screen. */
const ZOD_ENGLISH = /Invalid|Too (small|big)|expected|received|Required|must/;

let windowHours = 48;
const fake = installFakeBridge({
  'outbox.status': () => ({
    queued: 0,
    last_check_at: null,
    reachable: null,
    transmitting: false,
    window_hours: windowHours,
    items: [],
    numbering_notice: null,
  }),
  'outbox.setWindow': (input) => {
    windowHours = input.hours;
    return {
      queued: 0,
      last_check_at: null,
      reachable: null,
      transmitting: false,
      window_hours: windowHours,
      items: [],
      numbering_notice: null,
    };
  },
});

let ContingencyPanel: typeof import('#renderer/features/settings/ContingencyPanel').ContingencyPanel;
let NewConnectionForm: typeof import('#renderer/features/settings/NewConnectionForm').NewConnectionForm;
beforeAll(async () => {
  ({ ContingencyPanel } = await import('#renderer/features/settings/ContingencyPanel'));
  ({ NewConnectionForm } = await import('#renderer/features/settings/NewConnectionForm'));
});
afterEach(cleanup);

describe('Ajustes › Contingencia, judged by outbox.setWindow', () => {
  it.each([
    ['abc', 'Indique el plazo en horas, con números.'],
    ['2,5', 'Indique el plazo en horas enteras.'],
    ['0', 'El plazo es de al menos 1 hora.'],
    ['721', 'El plazo es de máximo 720 horas (30 días).'],
  ])('refuses «%s» under the field with the contract’s message, without calling core', async (typed, message) => {
    renderWithQueries(<ContingencyPanel />);
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Plazo para transmitir (horas)');
    await user.clear(field);
    await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Guardar plazo' }));
    await within(field.closest('form')!).findByText(message);
    expect(fieldMessageOf(field)).toBe(message);
    expect(fake.inputsOf('outbox.setWindow')).toEqual([]);
  });

  it('saves a window within the bounds as a number', async () => {
    renderWithQueries(<ContingencyPanel />);
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Plazo para transmitir (horas)');
    expect((field as HTMLInputElement).value).toBe('48');
    await user.clear(field);
    await user.type(field, '72');
    await user.click(screen.getByRole('button', { name: 'Guardar plazo' }));
    await screen.findByText('Plazo de contingencia guardado.');
    expect(fake.inputsOf('outbox.setWindow')).toEqual([{ hours: 72 }]);
  });
});

describe('Nueva conexión, judged by the contract’s connection fields', () => {
  it('says every refusal in Spanish, the bounds the contract holds included', async () => {
    renderWithQueries(<NewConnectionForm onSaved={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'x'.repeat(81));
    await user.type(screen.getByLabelText('Número de empresa'), '0');
    await user.type(screen.getByLabelText('Token de la API'), 'corto');
    await user.click(screen.getByRole('button', { name: 'Guardar y probar' }));
    const label = screen.getByLabelText('Nombre');
    await screen.findByText('Admite como máximo 80 caracteres.');
    expect(fieldMessageOf(label)).toBe('Admite como máximo 80 caracteres.');
    expect(fieldMessageOf(screen.getByLabelText('Número de empresa'))).toBe('Debe ser mayor que cero.');
    expect(fieldMessageOf(screen.getByLabelText('Token de la API'))).toBe('El token es demasiado corto.');
    expect(fieldMessageOf(screen.getByLabelText('URL base de la API'))).toBeTruthy();
    for (const alert of screen.getAllByRole('alert')) expect(alert.textContent).not.toMatch(ZOD_ENGLISH);
    expect(fake.inputsOf('connections.create')).toEqual([]);
  });

  it('asks for the company number when it is left empty or is no number', async () => {
    renderWithQueries(<NewConnectionForm onSaved={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Guardar y probar' }));
    await screen.findByText('Escriba el número de empresa.');
    expect(fieldMessageOf(screen.getByLabelText('Nombre'))).toBe('Escriba un nombre para reconocer la conexión.');
    await user.type(screen.getByLabelText('Número de empresa'), 'siete');
    await user.click(screen.getByRole('button', { name: 'Guardar y probar' }));
    expect(fieldMessageOf(screen.getByLabelText('Número de empresa'))).toBe('Escriba el número de empresa.');
    for (const alert of screen.getAllByRole('alert')) expect(alert.textContent).not.toMatch(ZOD_ENGLISH);
  });
});
