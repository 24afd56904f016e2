// Errors the core or the server named by field, placed on the form's fields; the rest are listed.
import type { FieldPath, UseFormSetError } from 'react-hook-form';
import type { FeFormValues } from './model';
import { formPath, sentence } from './validation';

const FORM_FIELDS = [
  /^receptor\.(tipo_doc|numero_doc|nombre|email|direccion)$/,
  /^items\.\d+\.(desc|cant|unit|iva)$/,
  /^payment\.(form|method_id|due_date)$/,
  /^aiu\.(contract_base|administracion_percent|imprevistos_percent|utilidad_percent|tax_rate|iva_base_mode)$/,
  /^withholdings\.\d+\.(type|percent)$/,
  /^currency\.(commercial_currency|applied_rate|official_trm|rate_date)$/,
  /^(observaciones|fecha_emision)$/,
];

/** Sets the errors that name a form field; returns the others as sentences to show together. */
export function applyFieldErrors(
  issues: readonly { path: string; message: string }[],
  setError: UseFormSetError<FeFormValues>,
): string[] {
  const unplaced: string[] = [];
  let focused = false;
  for (const issue of issues) {
    const path = formPath(issue.path);
    if (FORM_FIELDS.some((re) => re.test(path))) {
      setError(path as FieldPath<FeFormValues>, { type: 'server', message: sentence(issue.message) }, { shouldFocus: !focused });
      focused = true;
    } else unplaced.push(`${issue.path}: ${sentence(issue.message)}`);
  }
  return unplaced;
}
