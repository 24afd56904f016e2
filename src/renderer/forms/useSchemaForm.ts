// The one idiom of every form in the window (docs/FORMS.md): react-hook-form holds what the user
// types and the zod schema of the RPC input it ends in (src/shared/rpc/methods/…) judges it through
// the zod resolver, so bounds and messages are written once, in the contract. Field errors are shown
// by ui/Field from `formState.errors`.
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type FieldErrors, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { parseUserNumber } from '#shared/user-number';

/** A form over `schema`: what the inputs hold (`I`) is checked and turned into the RPC input (`O`). */
export function useSchemaForm<I extends FieldValues, O extends FieldValues>(
  schema: z.ZodType<O, I>,
  options: Omit<UseFormProps<I, unknown, O>, 'resolver'> = {},
): UseFormReturn<I, unknown, O> {
  return useForm<I, unknown, O>({ ...options, resolver: zodResolver(schema) });
}

/**
 * A number typed as people type it in Colombia ("1.000", "2,5"), for `register(name, { setValueAs:
 * typedNumber })`: the schema then judges a number. Empty is undefined and text that is no number is
 * NaN, so that the schema's own "write a number" message shows.
 */
export function typedNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = parseUserNumber(value);
  return parsed === null ? Number.NaN : Number(parsed);
}

/**
 * The message shown under a field: its own error, or the first error inside it when the field is a
 * text the schema reads as a list (barcodes "a b c": the schema names "barcodes.2").
 */
export function errorOf(errors: FieldErrors, name: string): string | undefined {
  return firstMessage(get(errors, name));
}

function firstMessage(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const own = (node as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref') continue;
    const found = firstMessage(child);
    if (found !== undefined) return found;
  }
  return undefined;
}
