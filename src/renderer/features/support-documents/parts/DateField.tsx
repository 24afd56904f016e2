import { useFormContext, type FieldPath } from 'react-hook-form';
import { DateField as FormDateField } from '#renderer/ui/DateField';
import type { DseFormValues } from '../model/form-values';

type DatePath = Extract<
  FieldPath<DseFormValues>,
  'fecha_inicio_periodo' | 'fecha_fin_periodo' | 'fecha_vencimiento' | 'fecha_vencimiento_contable'
>;

/** A date of the DSE form (the form's own control, from its context). */
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
  return <FormDateField control={control} name={name} label={label} error={error} hint={hint} />;
}
