// Facturas against a fake bridge: the form's validation messages (shared zod schema + shared FE
// rules), and a server 400 mapped back onto the field it names.
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '#shared/api/fe';
import type { SubmissionFieldError } from '#shared/api/field-errors';
import type { MethodName } from '#shared/rpc/contract';
import type { Submission } from '#shared/rpc/methods/submissions';
import { installFakeBridge } from '#test/component/fake-bridge';
import { fieldMessageOf } from '#test/component/field-message';
import { aSubmission, CASH } from '#test/component/fixtures';
import { fillInvoice } from '#test/component/form-filling';
import { expectLinesOutsideForm } from '#test/component/lines-form';
import { renderWithQueries, testQueryClient } from '#test/component/render';

const METHODS: PaymentMethod[] = [
  CASH,
  {
    id: 9,
    payment_form: 'credito',
    label: 'Crédito 30 días',
    payment_means_code: '1',
    payment_means_name: 'No definido',
    is_active: true,
    is_default: true,
  },
];
/** What core answers to fe.submit; a test that sends sets it first. */
/** A generous deadline for what the screen waits on (a condition that holds returns at once). */
const DEADLINE_MS = 10_000;
/** How long the screen is watched not rendering after its catalogs were marked stale. */
const NO_RENDER_WATCH_MS = 50;
let submitAnswer: Submission | null = null;
let fieldErrors: SubmissionFieldError[] = [];

const fake = installFakeBridge({
  'drafts.get': () => null,
  'drafts.save': () => ({ kind: 'FE', idempotency_key: 'k', data: {}, updated_at: '2026-11-20T15:00:00Z' }),
  'drafts.discard': () => ({ discarded: true }),
  'fe.paymentMethods': () => METHODS,
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
  'fe.submit': () => {
    if (!submitAnswer) throw new Error('this test does not expect fe.submit');
    // A refusal carries the fields the server named, as core recorded them (Submission.field_errors).
    return fieldErrors.length > 0 ? { ...submitAnswer, field_errors: fieldErrors } : submitAnswer;
  },
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;

beforeAll(async () => {
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
});
beforeEach(() => {
  fieldErrors = [];
  submitAnswer = null;
});
afterEach(cleanup);

async function renderScreen(client: QueryClient = testQueryClient()) {
  renderWithQueries(<InvoicesScreen />, client);
  const emit = await screen.findByRole('button', { name: 'Emitir factura' });
  await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
  return emit;
}

describe('Facturas form validation', () => {
  it('names every missing or malformed field in Spanish and sends nothing', async () => {
    const user = userEvent.setup();
    const emit = await renderScreen();
    await user.clear(screen.getByLabelText('Cantidad, línea 1'));
    await user.type(screen.getByLabelText('Cantidad, línea 1'), 'dos');
    // A customer half typed (a name, no document) is not «consumidor final»: its number is asked for.
    await user.type(screen.getByLabelText('Nombre o razón social'), 'Ana Pérez');
    await user.click(emit);

    // The form names where to look, section by section, never just "marked in red".
    expect(
      await screen.findByText(
        'No se emitió. Líneas de la factura: Escriba la cantidad (por ejemplo 2 o 1,5). Cliente: Es obligatorio.',
      ),
    ).toBeTruthy();
    expect(fieldMessageOf(screen.getByLabelText('Número de documento'))).toBe('Es obligatorio.');
    expect(fieldMessageOf(screen.getByLabelText('Nombre o razón social'))).toBeUndefined();
    expect(fieldMessageOf(screen.getByLabelText('Descripción, línea 1'))).toBe('La descripción es obligatoria.');
    expect(fieldMessageOf(screen.getByLabelText('Cantidad, línea 1'))).toBe('Escriba la cantidad (por ejemplo 2 o 1,5).');
    expect(fieldMessageOf(screen.getByLabelText('Valor unitario, línea 1'))).toBe(
      'Escriba el valor unitario (por ejemplo 12.500 o 12.500,50).',
    );
    expect(fake.calls.some((c) => c.method === 'fe.submit')).toBe(false);
  });

  it("asks for the due date on crédito, offers only that form's methods, and clears the message once fixed", async () => {
    const user = userEvent.setup();
    const emit = await renderScreen();
    await user.selectOptions(screen.getByLabelText('Forma de pago'), 'credito');
    const method = screen.getByLabelText('Medio de pago');
    expect(
      within(method)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Crédito 30 días (predeterminado)']);
    await user.click(emit);
    const due = screen.getByLabelText('Fecha de vencimiento');
    await waitFor(() => expect(fieldMessageOf(due)).toBe('La fecha de vencimiento es obligatoria para pagos a crédito.'));
    await user.type(due, '32/13/2026');
    await waitFor(() => expect(fieldMessageOf(due)).toBe('Escriba la fecha como dd/mm/aaaa (por ejemplo 20/12/2026).'));
    await user.clear(due);
    await user.type(due, '20/12/2099');
    await waitFor(() => expect(fieldMessageOf(due)).toBeUndefined());
  });

  it('shows live totals with IVA and INC by rate as the lines are typed', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.type(screen.getByLabelText('Descripción, línea 1'), 'Café');
    await user.type(screen.getByLabelText('Valor unitario, línea 1'), '10.000');
    await user.click(screen.getByRole('button', { name: 'Agregar línea' }));
    await user.type(screen.getByLabelText('Descripción, línea 2'), 'Almuerzo');
    await user.type(screen.getByLabelText('Valor unitario, línea 2'), '20.000');
    await user.selectOptions(screen.getByLabelText('Impuesto, línea 2'), '8');
    const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s+/g, ' ');
    expect(text('totals-subtotal')).toBe('$ 30.000,00');
    expect(text('totals-tax-01-19')).toBe('$ 1.900,00');
    expect(text('totals-tax-04-8')).toBe('$ 1.600,00');
    expect(text('totals-total')).toBe('$ 33.500,00');
  });

  it('puts a server 400 back on the field it names and keeps the form', async () => {
    const user = userEvent.setup();
    submitAnswer = aSubmission({
      id: 4,
      idempotency_key: 'fe-x',
      state: 'failed',
      counterpart: 'Ana',
      http_status: 400,
      document_id: null,
      document_number: null,
      fiscal_key: null,
      estado_dian: null,
      error: { code: 'api_invalid', message: 'El servicio rechazó los datos. Corrija los datos y vuelva a intentarlo.' },
      created_at: 'x',
      updated_at: 'x',
    });
    fieldErrors = [{ path: 'receptor.email', code: 'invalid', message: 'no es un correo válido' }];
    const emit = await renderScreen();
    await fillInvoice(user, 'Ana');
    await user.click(emit);
    await waitFor(() => expect(fieldMessageOf(screen.getByLabelText('Correo electrónico'))).toBe('No es un correo válido.'));
    expect(screen.getByText('El servicio rechazó los datos. Corrija los datos y vuelva a intentarlo.')).toBeTruthy();
    const submit = fake.inputsOf('fe.submit')[0]!.request;
    expect(submit).toMatchObject({
      subtotal: 10000,
      impuestos: 1900,
      total: 11900,
      payment: { form: 'contado', method_id: 7, means_code: '10', due_date: '' },
    });
    expect(String(submit.draft_key)).toMatch(/^fe-/);
  });
});

describe('Facturas at start', () => {
  it('takes what was asked for at start (catalogs and draft) and asks core for each only once; a later open reads the draft again', async () => {
    const { prefetchInvoices } = await import('#renderer/features/invoices/prefetch');
    const { startInvoices } = await import('#renderer/features/invoices/start-reads');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });
    startInvoices();
    void prefetchInvoices(client);
    // The answers arrive before the first render: the catalogs are in the cache (the draft, asked of the
    // same bridge before them, has its answer too).
    await waitFor(
      () =>
        expect(
          ['fe.paymentMethods', 'fe.withholdingTypes', 'fe.terceros'].map((method) => client.getQueryState([method, {}])?.status),
        ).toEqual(['success', 'success', 'success']),
      { timeout: DEADLINE_MS },
    );
    renderWithQueries(<InvoicesScreen />, client);
    // The draft read at start is the first render's data: no "Cargando…".
    expect(screen.queryByText('Cargando…')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Emitir factura' })).toBeTruthy();
    const count = (method: MethodName) => fake.callsTo(method).length;
    expect([count('fe.paymentMethods'), count('fe.withholdingTypes'), count('fe.terceros'), count('drafts.get')]).toEqual([
      1, 1, 1, 1,
    ]);
    cleanup();
    // The closed screen's draft query is collected (gcTime 0).
    await waitFor(() => expect(client.getQueryCache().findAll({ queryKey: ['drafts.get'] })).toEqual([]), {
      timeout: DEADLINE_MS,
    });
    await renderScreen(client);
    expect(count('drafts.get')).toBe(2);
  });

  it('still opens the draft read at start when its query was collected before the screen subscribed to it', async () => {
    const { startInvoices, takeStartDraft } = await import('#renderer/features/invoices/start-reads');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });
    startInvoices();
    await waitFor(() => expect(takeStartDraft()).toBe(null), { timeout: DEADLINE_MS });
    // What a busy window does between the first render and its effects: the draft's query, built
    // with the start read's answer, is collected (gcTime 0) before anything has subscribed to it.
    const queryKey = ['drafts.get', { kind: 'FE' }];
    client.getQueryCache().build(client, { queryKey, initialData: takeStartDraft, gcTime: 0 });
    await waitFor(() => expect(client.getQueryCache().find({ queryKey })).toBeUndefined(), { timeout: DEADLINE_MS });
    // The query built again for the screen takes the same answer: core is asked for the draft once.
    renderWithQueries(<InvoicesScreen />, client);
    expect(screen.queryByText('Cargando…')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Emitir factura' })).toBeTruthy();
    expect(fake.callsTo('drafts.get').length).toBe(1);
  });
});

describe('Facturas lines: each line shows its own amounts as lines are typed, moved, duplicated and removed', () => {
  const total = (n: number) => screen.getByTestId(`line-total-${n}`).textContent?.replace(/\s+/g, ' ');

  it('keeps every line amount and the totals right through edits that shift the lines', async () => {
    const user = userEvent.setup();
    await renderScreen();
    const line = async (n: number, desc: string, unit: string, rate?: string) => {
      if (n > 1) await user.click(screen.getByRole('button', { name: 'Agregar línea' }));
      await user.type(screen.getByLabelText(`Descripción, línea ${n}`), desc);
      await user.type(screen.getByLabelText(`Valor unitario, línea ${n}`), unit);
      if (rate) await user.selectOptions(screen.getByLabelText(`Impuesto, línea ${n}`), rate);
    };
    await line(1, 'Café', '10.000');
    await line(2, 'Almuerzo', '20.000', '8');
    await line(3, 'Libro', '5.000', '5');
    expect([total(1), total(2), total(3)]).toEqual(['$ 11.900,00', '$ 21.600,00', '$ 5.250,00']);

    await user.click(screen.getByRole('button', { name: 'Subir línea 3' }));
    expect([total(1), total(2), total(3)]).toEqual(['$ 11.900,00', '$ 5.250,00', '$ 21.600,00']);

    await user.click(screen.getByRole('button', { name: 'Quitar línea 1' }));
    expect([total(1), total(2)]).toEqual(['$ 5.250,00', '$ 21.600,00']);
    expect(screen.queryByTestId('line-total-3')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Duplicar línea 1' }));
    expect([total(1), total(2), total(3)]).toEqual(['$ 5.250,00', '$ 5.250,00', '$ 21.600,00']);

    // Typing in one line changes that line only.
    await user.clear(screen.getByLabelText('Cantidad, línea 2'));
    await user.type(screen.getByLabelText('Cantidad, línea 2'), '3');
    expect([total(1), total(2), total(3)]).toEqual(['$ 5.250,00', '$ 15.750,00', '$ 21.600,00']);

    // A tax-included price shows the derived base unit value on its own line.
    await user.click(screen.getByLabelText('Valor incluye IVA, línea 1'));
    expect(screen.getByTestId('item-row-1').textContent?.replace(/\s+/g, ' ')).toContain('Base unitaria $ 4.761,90');
    expect(screen.getByTestId('item-row-2').textContent).not.toContain('Base unitaria');
    expect(total(1)).toBe('$ 5.000,00');
    expect(screen.getByTestId('totals-total').textContent?.replace(/\s+/g, ' ')).toBe('$ 42.350,00');
  }, 30_000);
});

describe('Facturas amounts as layout boundaries (items-grid.css "live amounts", invoices.css "the bar\'s amounts")', () => {
  it('keeps a line amount in its one-line box up to 20 characters (smaller past 17) and a bar amount up to 20; longer ones follow their text', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.type(screen.getByLabelText('Descripción, línea 1'), 'Obra');
    const price = screen.getByLabelText('Valor unitario, línea 1');
    const line = (id: string) => screen.getByTestId(id).querySelector('.money')!;
    const shown = (element: Element) => element.textContent?.replace(/\s+/g, ' ');
    const live = (element: Element) => element.classList.contains('money--live');
    const small = (element: Element) => element.querySelector('.money__text--small') !== null;
    const bar = (id: string) => screen.getByTestId(id);
    const boxed = (element: Element) => element.classList.contains('totals-item__amount--fits');

    await user.type(price, '999.999.999');
    // "$ 999.999.999,00" (16 characters) in the cell's font; "$ 1.189.999.998,81" (18) smaller.
    expect(shown(line('line-base-1'))).toBe('$ 999.999.999,00');
    expect([live(line('line-base-1')), small(line('line-base-1'))]).toEqual([true, false]);
    expect(shown(line('line-total-1'))).toBe('$ 1.189.999.998,81');
    expect([live(line('line-total-1')), small(line('line-total-1'))]).toEqual([true, true]);
    expect([boxed(bar('totals-subtotal')), boxed(bar('totals-total'))]).toEqual([true, true]);

    await user.clear(price);
    await user.type(price, '999.999.999.999');
    // "$ 999.999.999.999,00" is 20 characters: still boxed; "$ 1.189.999.999.998,81" (22) is not.
    expect(shown(line('line-base-1'))).toBe('$ 999.999.999.999,00');
    expect([live(line('line-base-1')), small(line('line-base-1'))]).toEqual([true, true]);
    expect(shown(line('line-total-1'))).toBe('$ 1.189.999.999.998,81');
    expect([live(line('line-total-1')), small(line('line-total-1'))]).toEqual([false, false]);
    expect(shown(bar('totals-subtotal'))).toBe('$ 999.999.999.999,00');
    expect([boxed(bar('totals-subtotal')), boxed(bar('totals-total'))]).toEqual([true, false]);

    await user.clear(price);
    await user.type(price, '1.000');
    expect([live(line('line-total-1')), small(line('line-total-1'))]).toEqual([true, false]);
    expect([boxed(bar('totals-subtotal')), boxed(bar('totals-total'))]).toEqual([true, true]);
    // A tax group's note is its base, boxed the same way; its code is in its label.
    const iva = bar('totals-tax-01-19').closest('.totals-item')!;
    expect(iva.querySelector('dt')?.textContent).toBe('IVA 19 % · código 01');
    const note = iva.querySelector('.totals-item__note')!;
    expect(shown(note)).toBe('base $ 1.000,00');
    expect(note.classList.contains('totals-item__note--fits')).toBe(true);
  }, 30_000);
});

describe('Facturas lines: their controls are not controls of the invoice form', () => {
  // React sets a typed input's name again after each keystroke, and a form rebuilds its lookup of
  // controls by name over all of them when one is renamed: the lines' controls belong to their own
  // empty form (forms/LinesForm.tsx), so that the invoice's form stays small however many lines there are.
  it('keeps the invoice form to its own fields, and the lines still edit, submit and move by keyboard', async () => {
    const user = userEvent.setup();
    await renderScreen();
    const invoice = screen.getByRole('form', { name: 'Factura electrónica de venta' }) as HTMLFormElement;
    await expectLinesOutsideForm(
      invoice,
      async () => {
        for (let n = 0; n < 5; n += 1) await user.click(screen.getByRole('button', { name: 'Agregar línea' }));
      },
      () => [
        screen.getByLabelText<HTMLInputElement>('Cantidad, línea 6'),
        screen.getByLabelText<HTMLSelectElement>('Impuesto, línea 6'),
        screen.getByRole<HTMLButtonElement>('button', { name: 'Quitar línea 6' }),
      ],
    );
    const quantity = screen.getByLabelText('Cantidad, línea 6');
    expect((screen.getByLabelText('Nombre o razón social') as HTMLInputElement).form).toBe(invoice);

    // Enter in a line still moves to the next cell, never submits either form.
    await user.type(screen.getByLabelText('Descripción, línea 6'), 'Tornillos{Enter}');
    expect(document.activeElement).toBe(quantity);
    expect(fake.callsTo('fe.submit')).toHaveLength(0);
  });
});

describe('Facturas: a catalog going stale', () => {
  // A component that follows a query and reads none of its fields renders again on every change of
  // it, staleness included: the screen above the form did so for the catalogs it asks for, and took
  // the whole form with it (about 11 ms, under a keystroke, 5 s after the withholding types arrived).
  it('renders nothing again: the screen asks for the catalogs without following them', async () => {
    const client = testQueryClient();
    let renders = 0;
    renderWithQueries(
      <Profiler id="facturas" onRender={() => void (renders += 1)}>
        <InvoicesScreen />
      </Profiler>,
      client,
    );
    const emit = await screen.findByRole('button', { name: 'Emitir factura' });
    await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
    // Every query has its answer before the renders are counted.
    await waitFor(() => expect(client.isFetching()).toBe(0), { timeout: DEADLINE_MS });
    renders = 0;
    for (const method of ['fe.withholdingTypes', 'fe.paymentMethods', 'fe.terceros'])
      await act(() => client.invalidateQueries({ queryKey: [method], refetchType: 'none' }));
    // The behaviour under test is that nothing happens: no render follows the invalidation within
    // this watch (a screen following the catalogs would render again at once).
    await act(async () => void (await new Promise((done) => setTimeout(done, NO_RENDER_WATCH_MS))));
    expect(client.getQueryState(['fe.withholdingTypes', {}])?.isInvalidated).toBe(true);
    expect(renders).toBe(0);
  });
});
