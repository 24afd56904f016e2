// The FE form's resolver: validateForm (shared zod schema + shared FE rules) through flatResolver.
import { flatResolver } from '#renderer/forms/flat-resolver';
import type { FeFormValues } from './model';
import { validateForm, type ValidationContext } from './validation';

export const feResolver = flatResolver<FeFormValues, ValidationContext>((values, context) =>
  context ? validateForm(values, context) : {},
);
