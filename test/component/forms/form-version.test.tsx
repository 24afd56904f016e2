// useFormVersion: the FE bar's signal that a value changed, through react-hook-form's public
// subscribe. It must hear every way a value changes (typing, setValue, field-array edits, reset) and
// hear nothing when only focus, errors or submit state change.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormVersion } from '#renderer/forms/useFormVersion';

interface Values {
  name: string;
  lines: { cant: string }[];
}

let form: UseFormReturn<Values>;
let lines: ReturnType<typeof useFieldArray<Values, 'lines'>>;
let seen: number[] = [];

function Follower({ subscribe }: { subscribe: UseFormReturn<Values>['subscribe'] }) {
  const version = useFormVersion(subscribe);
  useEffect(() => void seen.push(version), [version]);
  return <output data-testid="version">{version}</output>;
}

function Form() {
  form = useForm<Values>({ defaultValues: { name: 'Ana', lines: [{ cant: '1' }] } });
  lines = useFieldArray({ control: form.control, name: 'lines' });
  return (
    <form>
      <input aria-label="Nombre" {...form.register('name', { required: 'Falta' })} />
      {lines.fields.map((field, i) => (
        <input key={field.id} aria-label={`Cantidad ${i + 1}`} {...form.register(`lines.${i}.cant`)} />
      ))}
      <Follower subscribe={form.subscribe} />
    </form>
  );
}

const version = () => Number(screen.getByTestId('version').textContent);

afterEach(() => {
  cleanup();
  seen = [];
});

describe('useFormVersion', () => {
  it('changes after each typed key, setValue, field-array edit and reset, and reads the current values', async () => {
    const user = userEvent.setup();
    render(<Form />);
    expect(version()).toBe(0);

    await user.type(screen.getByLabelText('Cantidad 1'), '23');
    expect(version()).toBe(2);
    expect(form.getValues().lines).toEqual([{ cant: '123' }]);

    let before = version();
    act(() => form.setValue('name', 'Beatriz'));
    expect(version()).toBeGreaterThan(before);

    before = version();
    act(() => lines.append({ cant: '5' }));
    expect(version()).toBeGreaterThan(before);
    expect(form.getValues().lines).toHaveLength(2);

    before = version();
    act(() => lines.remove(0));
    expect(version()).toBeGreaterThan(before);

    before = version();
    act(() => form.reset({ name: 'Carla', lines: [] }));
    expect(version()).toBeGreaterThan(before);
    expect(form.getValues()).toEqual({ name: 'Carla', lines: [] });
  });

  it('stays put when only focus, validation errors or the submit state change', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByLabelText('Nombre'));
    await user.tab();
    await act(() => form.trigger());
    act(() => form.setError('name', { message: 'Otro' }));
    act(() => form.clearErrors());
    await act(() => form.handleSubmit(() => undefined)());
    expect(version()).toBe(0);
    expect(seen).toEqual([0]);
  });
});
