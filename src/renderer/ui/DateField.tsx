// A date of a react-hook-form form, typed as dd/mm/aaaa and held as YYYY-MM-DD, under its label,
// hint and error: the one way the FE and DSE forms ask for a date.
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput } from './DateInput';
import { Field } from './Field';

export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  error,
  hint,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  error: string | undefined;
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} error={error} hint={hint}>
          <DateInput
            name={field.name}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={disabled ?? field.disabled}
          />
        </Field>
      )}
    />
  );
}
