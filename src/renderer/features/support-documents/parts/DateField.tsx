import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import { DateInput } from '../../../ui/DateInput';
import { Field } from '../../../ui/Field';
import type { DseFormValues } from '../model/form-values';

type DatePath = Extract<
  FieldPath<DseFormValues>,
  'fecha_inicio_periodo' | 'fecha_fin_periodo' | 'fecha_vencimiento' | 'fecha_vencimiento_contable'
>;

export function DateField({
  name,
  label,
  error,
  hint,
}: {
  name: DatePath;
  label: string;
  error: string | undefined;
  hint?: string;
}) {
  const { control } = useFormContext<DseFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} error={error} hint={hint}>
          <DateInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={field.disabled}
          />
        </Field>
      )}
    />
  );
}
