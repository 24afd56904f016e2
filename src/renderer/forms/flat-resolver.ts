// A react-hook-form resolver over a form's rule set that answers form path -> Spanish message (the FE
// and DSE forms: a shared zod schema plus the shared document rules, judged together). Both submission
// forms validate through a resolver this way; the simpler forms use the zod resolver (useSchemaForm).
import { toNestErrors } from '@hookform/resolvers';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

type Flat = Record<string, string>;

/** `judge` answers at once, or once what it judges with has loaded (a schema's module). */
export function flatResolver<V extends FieldValues, C = unknown>(
  judge: (values: V, context: C | undefined) => Flat | Promise<Flat>,
): Resolver<V, C> {
  return (values, context, options) => {
    const result = (flat: Flat) => {
      if (Object.keys(flat).length === 0) return { values, errors: {} };
      const errors = Object.fromEntries(Object.entries(flat).map(([path, message]) => [path, { type: 'validation', message }]));
      return { values: {}, errors: toNestErrors(errors as FieldErrors, options) as FieldErrors<V> };
    };
    const flat = judge(values, context);
    return flat instanceof Promise ? flat.then(result) : result(flat);
  };
}
