// The payment method the form preselects (the company's default for the chosen form) is the field's
// opening value, not a change the user made: the form library compares the whole form with its
// opening values whenever a field returns to its own, and recomputes every field's dirty state when
// they differ (about 3 ms per keystroke at 200 lines, typing benchmark). A user's own choice is a change.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '#shared/api/fe';
import { computeFormTotals } from '#renderer/features/invoices/calc';
import { LiveTotalsContext, LiveTotalsStore } from '#renderer/features/invoices/live-totals';
import { defaultValues, type FeFormValues } from '#renderer/features/invoices/model';
import { PaymentSection } from '#renderer/features/invoices/PaymentSection';
import { CASH } from '#test/component/fixtures';

const TRANSFER: PaymentMethod = { ...CASH, id: 8, label: 'Transferencia', payment_means_code: '47', is_default: false };
const CREDIT: PaymentMethod = { ...CASH, id: 9, payment_form: 'credito', label: 'Crédito 30 días', payment_means_code: '1' };

let form: UseFormReturn<FeFormValues>;

function Harness({ methods }: { methods: PaymentMethod[] }) {
  const [initial] = useState(() => defaultValues('2026-11-25'));
  form = useForm<FeFormValues>({ defaultValues: initial });
  const [live] = useState(() => new LiveTotalsStore(computeFormTotals(initial, []), initial.items));
  return (
    <FormProvider {...form}>
      <LiveTotalsContext.Provider value={live}>
        <form>
          <PaymentSection methods={methods} loadError={null} />
        </form>
      </LiveTotalsContext.Provider>
    </FormProvider>
  );
}

const method = () => screen.getByLabelText<HTMLSelectElement>('Medio de pago');

afterEach(cleanup);

describe('FE payment: the preselected method', () => {
  it('is the opening value of an untouched form; the user’s own choice is a change', async () => {
    const user = userEvent.setup();
    render(<Harness methods={[CASH, TRANSFER, CREDIT]} />);
    await waitFor(() => expect(method().value).toBe(String(CASH.id)));
    expect(form.getValues()).toEqual(form.formState.defaultValues);
    expect(form.getFieldState('payment.method_id').isDirty).toBe(false);

    await user.selectOptions(method(), String(TRANSFER.id));
    expect(form.getValues('payment.method_id')).toBe(String(TRANSFER.id));
    expect(form.getFieldState('payment.method_id').isDirty).toBe(true);
    expect(form.getValues()).not.toEqual(form.formState.defaultValues);
  });
});
