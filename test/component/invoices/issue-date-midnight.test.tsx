// Facturas (the counter's form) open across midnight in Colombia: the issue date shown and sent is
// the day the invoice goes out, on a fake clock (Bogotá is UTC-5, 00:00:00 there is 05:00:00Z).
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '#shared/api/fe';
import { installFakeBridge } from '#test/component/fake-bridge';
import { aSubmission, CASH } from '#test/component/fixtures';
import { fillInvoice } from '#test/component/form-filling';
import { renderWithQueries } from '#test/component/render';

const METHODS: PaymentMethod[] = [CASH];

const fake = installFakeBridge({
  'drafts.get': () => null,
  'drafts.save': () => ({ kind: 'FE', idempotency_key: 'k', data: {}, updated_at: '2026-11-21T05:00:00Z' }),
  'drafts.discard': () => ({ discarded: true }),
  'fe.paymentMethods': () => METHODS,
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
  'fe.submit': () => aSubmission({ id: 11, idempotency_key: 'fe-x', state: 'accepted', counterpart: 'Ana' }),
  'submissions.get': () => aSubmission({ id: 11, idempotency_key: 'fe-x', state: 'accepted', counterpart: 'Ana' }),
  'submissions.list': () => [],
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;

beforeAll(async () => {
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
});
beforeEach(() => {
  // The fake clock moves with real time (so typing and waiting work) and jumps where a test says.
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T04:58:00Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const issueDate = () => screen.getByLabelText<HTMLInputElement>('Fecha de emisión');

async function openForm() {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  renderWithQueries(<InvoicesScreen />);
  const emit = await screen.findByRole('button', { name: 'Emitir factura' });
  await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
  return { user, emit };
}

async function sentIssueDate(): Promise<unknown> {
  await waitFor(() => expect(fake.inputsOf('fe.submit')).toHaveLength(1));
  return fake.inputsOf('fe.submit')[0]!.request.fecha_emision;
}

describe('Facturas across midnight (Colombia)', () => {
  it('shows the day it is opened, turns to the next day at 00:00:00 while open, and sends that day', async () => {
    const { user, emit } = await openForm();
    expect(issueDate().value).toBe('20/11/2026');
    expect(issueDate().readOnly).toBe(true);
    await fillInvoice(user, 'Ana');

    // 23:59:59 in Bogotá: still the 20th.
    await act(() => vi.advanceTimersByTimeAsync(new Date('2026-11-21T04:59:59Z').getTime() - Date.now()));
    expect(issueDate().value).toBe('20/11/2026');
    // 00:00:00: the 21st, without anything done on the form.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(issueDate().value).toBe('21/11/2026'));

    await user.click(emit);
    expect(await sentIssueDate()).toBe('2026-11-21');
  });

  it('sends the day of the click even when its timer has not run yet (a machine asleep through midnight)', async () => {
    const { user, emit } = await openForm();
    await fillInvoice(user, 'Ana');
    expect(issueDate().value).toBe('20/11/2026');
    // The clock jumps past midnight; the timers set before it have not fired.
    vi.setSystemTime(new Date('2026-11-21T05:30:00Z'));
    await user.click(emit);
    expect(await sentIssueDate()).toBe('2026-11-21');
  });

  it('a contingency invoice keeps the date the user chose; left as it was, it follows the day', async () => {
    const { user } = await openForm();
    await user.click(screen.getByText('Observaciones y contingencia'));
    await user.click(screen.getByLabelText(/Factura de contingencia/));
    expect(issueDate().readOnly).toBe(false);
    expect(issueDate().value).toBe('20/11/2026');

    await act(() => vi.advanceTimersByTimeAsync(new Date('2026-11-21T05:00:00Z').getTime() - Date.now()));
    await waitFor(() => expect(issueDate().value).toBe('21/11/2026'));

    await user.clear(issueDate());
    await user.type(issueDate(), '19/11/2026');
    expect(issueDate().value).toBe('19/11/2026');
    await act(() => vi.advanceTimersByTimeAsync(24 * 3_600_000));
    expect(issueDate().value).toBe('19/11/2026');

    // No longer a contingency invoice: today's date again, in the read-only field.
    await user.click(screen.getByLabelText(/Factura de contingencia/));
    await waitFor(() => expect(issueDate().value).toBe('22/11/2026'));
    expect(issueDate().readOnly).toBe(true);
  });
});
