import { z } from 'zod';
import { method } from '../define';

/**
 * One FE withholding type the company's configuration accepts, typed by the user from the provider's
 * configuration (the contract lists no values: "FE withholdings", "not shown"). `type` and
 * `base_mode` are sent exactly as entered; `label` is what the form shows.
 */
export const FeWithholdingType = z.object({
  type: z.string().trim().min(1, 'Escriba el código del tipo.').max(40),
  label: z.string().trim().min(1, 'Escriba un nombre para mostrar.').max(80),
  base_mode: z.string().trim().min(1, 'Escriba la base (por ejemplo subtotal).').max(40),
});
export type FeWithholdingType = z.infer<typeof FeWithholdingType>;

export const feFormMethods = {
  /** The active connection's FE withholding types, in the order the user entered them. */
  'feForm.withholdingTypes': method(z.object({}).strict(), z.array(FeWithholdingType)),
  /** Replaces the active connection's list (an empty list: the company applies no withholdings here). */
  'feForm.saveWithholdingTypes': method(
    z
      .object({ types: z.array(FeWithholdingType).max(30) })
      .strict()
      .refine((input) => new Set(input.types.map((t) => t.type)).size === input.types.length, {
        message: 'Hay tipos de retención repetidos.',
        path: ['types'],
      }),
    z.array(FeWithholdingType),
  ),
};
