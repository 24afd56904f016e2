// The administrator's PIN a cajero types where only an administrator may act (cash out, a close
// with a difference). Masked, digits, never autofilled; an empty field is "no PIN" so core's
// schema asks for it in its own words.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Field } from '#renderer/ui/Field';

export function AdminPinField<Values extends FieldValues & { admin_pin?: string }>({
  form,
  label,
  hint,
}: {
  form: UseFormReturn<Values>;
  label: string;
  hint: string;
}) {
  const name = 'admin_pin' as Path<Values>;
  return (
    <Field label={label} hint={hint} error={form.formState.errors.admin_pin?.message as string | undefined}>
      <input
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        {...form.register(name, { setValueAs: (v: unknown) => (v === '' ? undefined : v) })}
      />
    </Field>
  );
}
