// useSteadyFormMethods: the FE form hands its parts one context value for the form's life, so that the
// form's own state changing (marked ready after the first render, submitted) does not render every
// part again; a part still reads the form's current state from it in an event handler.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo, useEffect } from 'react';
import { FormProvider, useForm, useFormContext, useFormState, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { useSteadyFormMethods } from '#renderer/forms/steady-form';

interface Values {
  name: string;
}

let contextValues: UseFormReturn<Values>[] = [];
let submittedAtClick: boolean[] = [];
let messageRenders = 0;

/** A part that reads the context: renders again only when the context value changes. */
const Part = memo(function Part() {
  const methods = useFormContext<Values>();
  useEffect(() => void contextValues.push(methods));
  return (
    <>
      <input aria-label="Nombre" {...methods.register('name', { required: 'Escriba el nombre' })} />
      <button type="button" onClick={() => submittedAtClick.push(methods.formState.isSubmitted)}>
        Leer
      </button>
    </>
  );
});

/** A part that renders from the form's state, through its own subscription. */
function Message() {
  const { errors } = useFormState<Values>();
  messageRenders += 1;
  return <p role="status">{errors.name?.message ?? ''}</p>;
}

function Form() {
  const form = useForm<Values>({ defaultValues: { name: '' } });
  const methods = useSteadyFormMethods(form);
  return (
    <FormProvider {...methods}>
      <form onSubmit={(event) => void form.handleSubmit(() => undefined)(event)}>
        <Part />
        <Message />
        <button type="submit">Enviar</button>
      </form>
    </FormProvider>
  );
}

afterEach(() => {
  cleanup();
  contextValues = [];
  submittedAtClick = [];
  messageRenders = 0;
});

describe('useSteadyFormMethods', () => {
  it('keeps one context value while the form is marked ready and submitted, and reads the current state', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Leer' }));
    expect(submittedAtClick).toEqual([false]);

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Escriba el nombre')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Leer' }));
    expect(submittedAtClick).toEqual([false, true]);

    // The part rendered once: neither "ready" nor the submit gave it a new context value.
    expect(contextValues).toHaveLength(1);
    // The state's readers still follow the state.
    expect(messageRenders).toBeGreaterThan(1);
    await act(async () => undefined);
  });
});
