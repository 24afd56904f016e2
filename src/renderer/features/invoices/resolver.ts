// react-hook-form resolver over validateForm (shared zod schema + shared FE rules).
import { toNestErrors } from '@hookform/resolvers';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { FeFormValues } from './model';
import { validateForm, type ValidationContext } from './validation';

export const feResolver: Resolver<FeFormValues, ValidationContext> = (values, context, options) => {
  if (!context) return { values, errors: {} };
  const flat = validateForm(values, context);
  if (Object.keys(flat).length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(Object.entries(flat).map(([path, message]) => [path, { type: 'validation', message }]));
  return { values: {}, errors: toNestErrors(errors as FieldErrors, options) as FieldErrors<FeFormValues> };
};
