// Documentos soporte against a fake core: the contract's rules appear inline, beside the control,
// as the user breaks them; a submission goes once, under the draft's Idempotency-Key.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, colombiaToday } from '#shared/dates';
import type { Submission } from '#shared/rpc/methods/submissions';
import { installFakeBridge } from '#test/component/fake-bridge';
import { aSubmission } from '#test/component/fixtures';
import { fillSupportDocument } from '#test/component/form-filling';
import { expectLinesOutsideForm } from '#test/component/lines-form';
import { renderWithQueries } from '#test/component/render';

let submitAnswer: Partial<Submission> = {};

const submission = (extra: Partial<Submission>): Submission =>
  aSubmission({ kind: 'DSE', counterpart: 'Cosechas', document_number: 'DSE12', fiscal_key: 'a'.repeat(96), ...extra });

const fake = installFakeBridge({
  'drafts.get': () => null,
  'drafts.save': (input) => ({ ...input, updated_at: '2026-11-20T15:00:00Z' }),
  'drafts.discard': () => ({ discarded: true }),
  'dseCatalog.costCenters': () => [{ id: 1, code: 'ADM', name: 'Administración' }],
  'dseCatalog.suppliers': () => [],
  'submissions.list': () => [],
  'dse.submit': (input) => submission({ idempotency_key: String(input.key), ...submitAnswer }),
  'submissions.get': () => submission(submitAnswer),
});

let Screen: typeof import('#renderer/features/support-documents/SupportDocumentsScreen').default;
const today = colombiaToday(new Date());
const userDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

beforeAll(async () => {
  Screen = (await import('#renderer/features/support-documents/SupportDocumentsScreen')).default;
});
afterEach(cleanup);
beforeEach(() => {
  submitAnswer = {};
  window.location.hash = '#/documentos-soporte';
});

async function renderForm() {
  renderWithQueries(<Screen />);
  await screen.findByRole('button', { name: 'Emitir documento soporte' });
  return userEvent.setup();
}

describe('Documentos soporte: inline rules', () => {
  it('an empty document judged at the submit by the same rules: says so, marks the fields, sends nothing', async () => {
    const user = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Emitir documento soporte' }));
    expect(await screen.findByText('Hay datos por corregir; están marcados en rojo junto a cada campo.')).toBeTruthy();
    expect(document.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(0);
    expect(fake.inputsOf('dse.submit')).toEqual([]);
  });

  it('shows the weekly period rules as they are broken', async () => {
    const user = await renderForm();
    await user.click(screen.getByLabelText('Acumulado semanal'));
    await user.type(screen.getByLabelText('Inicio del periodo'), userDate(addDays(today, -8)));
    await user.type(screen.getByLabelText('Fin del periodo'), userDate(today));
    expect(await screen.findByText('El periodo abarca 9 días; el máximo es 7 días calendario')).toBeTruthy();
    await user.clear(screen.getByLabelText('Inicio del periodo'));
    await user.type(screen.getByLabelText('Inicio del periodo'), userDate(today));
    await user.clear(screen.getByLabelText('Fin del periodo'));
    await user.type(screen.getByLabelText('Fin del periodo'), userDate(addDays(today, 1)));
    expect(await screen.findByText('No puede ser posterior a la fecha del documento')).toBeTruthy();
    await user.clear(screen.getByLabelText('Inicio del periodo'));
    await user.type(screen.getByLabelText('Inicio del periodo'), userDate(addDays(today, 2)));
    expect(await screen.findByText('No puede ser posterior al fin del periodo')).toBeTruthy();
    await user.clear(screen.getByLabelText('Inicio del periodo'));
    await user.type(screen.getByLabelText('Inicio del periodo'), '31/02/2026');
    expect(await screen.findByText(/No es una fecha válida: escríbala como dd\/mm\/aaaa/)).toBeTruthy();
  });

  it('shows the withholding rules inline, with their live values, and marks the broken ones in the list of nine', async () => {
    const user = await renderForm();
    await fillSupportDocument(user);
    await user.click(screen.getByRole('button', { name: '+ ReteRenta (06)' }));
    const first = screen.getByTestId('dse-withholding-0');
    await user.type(within(first).getByLabelText('Porcentaje'), '2,5');
    expect((await screen.findByTestId('dse-withholding-0-value')).textContent).toBe('$\u00a02.500,00');
    expect(screen.getByTestId('dse-total-neto').textContent).toBe('$\u00a097.500,00');

    // 7: amount and percent disagree by more than a cent
    await user.type(within(first).getByLabelText('Valor'), '2.600');
    expect(await within(first).findByText(/No coincide con base x porcentaje \(2500\.00\)/)).toBeTruthy();
    expect(screen.getByTestId('dse-rule-7').textContent).toMatch(/No se cumple/);
    await user.clear(within(first).getByLabelText('Valor'));

    // 6: negative percent
    await user.clear(within(first).getByLabelText('Porcentaje'));
    await user.type(within(first).getByLabelText('Porcentaje'), '-1');
    expect(await within(first).findByText('El porcentaje no puede ser negativo')).toBeTruthy();
    expect(screen.getByTestId('dse-rule-6').textContent).toMatch(/No se cumple/);
    await user.clear(within(first).getByLabelText('Porcentaje'));
    await user.type(within(first).getByLabelText('Porcentaje'), '2,5');

    // 3: the same withholding twice
    await user.click(screen.getByRole('button', { name: '+ ReteRenta (06)' }));
    const second = screen.getByTestId('dse-withholding-1');
    await user.type(within(second).getByLabelText('Porcentaje'), '1');
    expect(await within(second).findByText(/La retención reterenta ya está en retenciones\[0\]/)).toBeTruthy();
    expect(screen.getByTestId('dse-rule-3').textContent).toMatch(/No se cumple/);

    // 2: a disabled one is skipped; then 9: the sum may not exceed the total
    await user.click(within(second).getByLabelText(/Aplicar/));
    expect(within(second).getByText('No se aplica (desactivada)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '+ ReteICA (07)' }));
    const third = screen.getByTestId('dse-withholding-2');
    await user.type(within(third).getByLabelText('Porcentaje'), '99');
    expect(
      await screen.findByText(/La suma de las retenciones \(101500\.00\) supera el total del documento \(100000\.00\)/),
    ).toBeTruthy();
    expect(screen.getByTestId('dse-rule-9').textContent).toMatch(/No se cumple/);

    // 5: an explicit base above the total
    await user.clear(within(third).getByLabelText('Porcentaje'));
    await user.type(within(third).getByLabelText('Porcentaje'), '1');
    await user.type(within(third).getByLabelText('Base manual (opcional)'), '100.000,01');
    expect(await within(third).findByText(/La base 100000\.01 supera el total del documento 100000\.00/)).toBeTruthy();

    // 4: no code chosen
    await user.selectOptions(within(third).getByLabelText('Retención'), '');
    expect(await within(third).findByText(/Falta el código DIAN de la retención/)).toBeTruthy();
    expect(screen.getByTestId('dse-rule-4').textContent).toMatch(/No se cumple/);
  }, 60_000); // many keystrokes in jsdom; a bound on the run, not a timing assertion

  it('checks the NIT check digit, and the credit due date against the document date', async () => {
    const user = await renderForm();
    await user.selectOptions(screen.getByLabelText('Tipo de identificación'), '31');
    await user.type(screen.getByLabelText('Número de identificación'), '900123456');
    expect(screen.getByText('Calculado: 8')).toBeTruthy();
    await user.type(screen.getByLabelText('Dígito de verificación'), '3');
    expect(await screen.findByText('No corresponde al NIT 900123456 (el dígito de verificación es 8)')).toBeTruthy();

    expect(screen.getByTestId('dse-vencimiento-contado').textContent).toMatch(/en contado es la fecha del documento/);
    await user.click(screen.getByLabelText('Crédito'));
    await user.type(screen.getByLabelText('Fecha de vencimiento'), userDate(addDays(today, -1)));
    expect(await screen.findByText('En crédito no puede ser anterior a la fecha del documento')).toBeTruthy();
  });

  it('marks each bad pasted row with its reasons', async () => {
    const user = await renderForm();
    await user.click(screen.getByLabelText('Código UNSPSC, línea 1'));
    await user.paste('70111703\tJardinería\t2\tEA\t150.000\t0\n4321\tSin código\t0\tEA\t10\t19\n');
    expect(await screen.findByText('Se pegaron 2 líneas; 1 con errores marcados abajo.')).toBeTruthy();
    const bad = screen.getByTestId('dse-item-1');
    expect(bad.className).toMatch(/dse-row--bad/);
    expect(screen.getByText('Debe ser un código UNSPSC numérico de exactamente 8 dígitos')).toBeTruthy();
    expect(screen.getByText('Debe ser mayor que 0')).toBeTruthy();
  });
});

describe('Documentos soporte: following what is typed', () => {
  it('judges each change, saves the latest values with the draft, and sends nothing while a rule is broken', async () => {
    const user = await renderForm();
    await user.selectOptions(screen.getByLabelText('Tipo de identificación'), '31');
    await user.type(screen.getByLabelText('Número de identificación'), '900123456');
    await user.type(screen.getByLabelText('Dígito de verificación'), '3');
    expect(await screen.findByText('No corresponde al NIT 900123456 (el dígito de verificación es 8)')).toBeTruthy();
    await waitFor(() =>
      expect(fake.inputsOf('drafts.save').at(-1)?.data).toMatchObject({ values: { proveedor: { nit: '900123456', dv: '3' } } }),
    );
    await user.click(screen.getByRole('button', { name: 'Emitir documento soporte' }));
    expect(await screen.findByText(/Hay datos por corregir/)).toBeTruthy();
    expect(fake.inputsOf('dse.submit')).toEqual([]);

    await user.clear(screen.getByLabelText('Dígito de verificación'));
    await user.type(screen.getByLabelText('Dígito de verificación'), '8');
    await waitFor(() =>
      expect(screen.queryByText('No corresponde al NIT 900123456 (el dígito de verificación es 8)')).toBeNull(),
    );
    await waitFor(() => expect(fake.inputsOf('drafts.save').at(-1)?.data).toMatchObject({ values: { proveedor: { dv: '8' } } }));
    expect(fake.inputsOf('dse.submit')).toEqual([]);
  });
});

describe('Documentos soporte: submitting', () => {
  it('refuses to send while a rule is broken, without calling core', async () => {
    const user = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Emitir documento soporte' }));
    expect(await screen.findByText(/Hay datos por corregir/)).toBeTruthy();
    expect(screen.getAllByText('El nombre o razón social es obligatorio').length).toBeGreaterThan(0);
    expect(fake.calls.some((c) => c.method === 'dse.submit')).toBe(false);
  });

  it('sends once under the key saved with the draft, and shows a rejection without offering a duplicate', async () => {
    submitAnswer = {
      state: 'rejected',
      estado_dian: 'rechazado',
      http_status: 422,
      error: { code: 'api_rejected', message: 'La DIAN rechazó el documento: Regla DSAJ24b.' },
    };
    const user = await renderForm();
    await fillSupportDocument(user);
    const button = screen.getByRole('button', { name: 'Emitir documento soporte' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByTestId('dse-outcome-reason')).toBeTruthy();
    const submits = fake.callsTo('dse.submit');
    expect(submits).toHaveLength(1);
    const before = fake.calls.slice(0, fake.calls.indexOf(submits[0]!));
    const savedBefore = fake
      .callsTo('drafts.save')
      .filter((c) => before.includes(c))
      .at(-1);
    expect(submits[0]!.input.key).toBe(savedBefore?.input.idempotency_key);
    expect(String(submits[0]!.input.key)).toMatch(/^dse-/);
    expect(screen.getByTestId('dse-outcome-reason').textContent).toMatch(/DSAJ24b/);
    expect(screen.queryByRole('button', { name: 'Emitir documento soporte' })).toBeNull();
    expect(screen.queryByRole('button', { name: /reintentar|reenviar/i })).toBeNull();
    await waitFor(() => expect(fake.inputsOf('drafts.save').at(-1)?.data).toMatchObject({ submission_id: 7 }));
  });

  it('shows an accepted document with its number and CUDS', async () => {
    const user = await renderForm();
    await fillSupportDocument(user);
    await user.click(screen.getByRole('button', { name: 'Emitir documento soporte' }));
    expect((await screen.findByTestId('dse-outcome-number')).textContent).toBe('DSE12');
    expect(screen.getByTestId('dse-outcome-cuds').textContent).toBe('a'.repeat(96));
  });
});

describe("Documentos soporte: the lines' controls are not controls of the document's form", () => {
  // As in Facturas: React sets a typed input's name again on every keystroke, and a form rebuilds its
  // lookup of controls by name over all of them; the lines' controls belong to their own empty form.
  it('keeps the document form to its own fields; the lines still send with the document, once, and lock after it', async () => {
    const user = await renderForm();
    await expectLinesOutsideForm(
      screen.getByRole('button', { name: 'Emitir documento soporte' }).closest('form')!,
      async () => {
        for (let n = 0; n < 3; n += 1) await user.click(screen.getByRole('button', { name: 'Agregar línea' }));
      },
      () => [
        screen.getByLabelText<HTMLInputElement>('Cantidad, línea 4'),
        screen.getByLabelText<HTMLSelectElement>('Centro de costo, línea 4'),
        screen.getByRole<HTMLButtonElement>('button', { name: 'Quitar línea 4' }),
      ],
    );

    // A filled document still goes out with its lines, once; then the lines are locked with the rest.
    await user.click(screen.getByRole('button', { name: 'Quitar línea 4' }));
    await user.click(screen.getByRole('button', { name: 'Quitar línea 3' }));
    await user.click(screen.getByRole('button', { name: 'Quitar línea 2' }));
    await fillSupportDocument(user);
    await user.click(screen.getByRole('button', { name: 'Emitir documento soporte' }));
    expect((await screen.findByTestId('dse-outcome-number')).textContent).toBe('DSE12');
    expect(fake.inputsOf('dse.submit')).toHaveLength(1);
    expect(fake.inputsOf('dse.submit')[0]!.request.items).toHaveLength(1);
    expect(screen.getByLabelText('Cantidad, línea 1').matches(':disabled')).toBe(true);
  });
});

describe('Documentos soporte: a keystroke renders its own line, not every line', () => {
  // A DSE can hold 1,000 imported lines; rendering every line on each keystroke made typing take
  // about 300 ms per key in Chromium. React sets a rendered input's name again on each render, so
  // the name mutations tell which lines rendered.
  it('leaves the other lines untouched while one is typed, and still shows each line its own messages', async () => {
    const user = await renderForm();
    for (let n = 0; n < 2; n += 1) await user.click(screen.getByRole('button', { name: 'Agregar línea' }));
    for (const n of [1, 2, 3]) {
      await user.type(screen.getByLabelText(`Descripción, línea ${n}`), `Insumo ${n}`);
      await user.type(screen.getByLabelText(`Precio unitario, línea ${n}`), `${n}000`);
    }
    const rendered = new Set<string>();
    const observer = new MutationObserver((records) => {
      for (const r of records) if (r.attributeName === 'name') rendered.add((r.target as HTMLInputElement).name.split('.')[1]!);
    });
    observer.observe(screen.getByTestId('dse-item-0').closest('tbody')!, { subtree: true, attributes: true });
    await user.type(screen.getByLabelText('Cantidad, línea 2'), '5');
    expect(screen.getByLabelText<HTMLInputElement>('Cantidad, línea 2').value).toBe('15');
    await waitFor(() => expect(rendered.has('1')).toBe(true));
    observer.disconnect();
    expect([...rendered]).toEqual(['1']);
    // A message still reaches the line it belongs to, and leaves it once fixed.
    await user.clear(screen.getByLabelText('Precio unitario, línea 3'));
    await user.type(screen.getByLabelText('Precio unitario, línea 3'), 'abc');
    await waitFor(() => expect(screen.getByLabelText('Precio unitario, línea 3').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Precio unitario, línea 1').getAttribute('aria-invalid')).toBeNull();
    await user.clear(screen.getByLabelText('Precio unitario, línea 3'));
    await user.type(screen.getByLabelText('Precio unitario, línea 3'), '3000');
    await waitFor(() => expect(screen.getByLabelText('Precio unitario, línea 3').getAttribute('aria-invalid')).toBeNull());
  });
});
