// A react-hook-form resolver over a form's rule set that answers form path -> Spanish message (the FE
// and DSE forms: a shared zod schema plus the shared document rules, judged together). Both submission
// forms validate through a resolver this way; the simpler forms use the zod resolver (useSchemaForm).
import { toNestErrors } from '@hookform/resolvers';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export function flatResolver<V extends FieldValues, C = unknown>(
  judge: (values: V, context: C | undefined) => Record<string, string>,
): Resolver<V, C> {
  return (values, context, options) => {
    const flat = judge(values, context);
    if (Object.keys(flat).length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(Object.entries(flat).map(([path, message]) => [path, { type: 'validation', message }]));
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) as FieldErrors<V> };
  };
}
