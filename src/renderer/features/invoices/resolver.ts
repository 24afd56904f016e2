// The FE form's resolver: validateForm (shared zod schema + shared FE rules) through flatResolver, once
// the schema's module has loaded (loadFeRequestSchema).
import { flatResolver } from '#renderer/forms/flat-resolver';
import type { FeFormValues } from './model';
import { loadFeRequestSchema, validateForm, type ValidationContext } from './validation';

export const feResolver = flatResolver<FeFormValues, ValidationContext>((values, context) =>
  context ? loadFeRequestSchema().then((schema) => validateForm(values, context, schema)) : {},
);
