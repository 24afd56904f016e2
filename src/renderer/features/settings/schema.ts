// What the Ajustes connection forms accept: the shared connection schemas themselves (bounds and
// messages written once, in the contract), plus what only the form asks (the token in the same step,
// the confirmation of a production connection).
import { z } from 'zod';
import { ConnectionFields, ConnectionToken, PLAIN_HTTP_REFUSED, plainHttpRefused } from '#shared/rpc/methods/connections';
import { typedNumber } from '#renderer/forms/useSchemaForm';

export const NewConnectionForm = ConnectionFields.extend({
  // The field holds what was typed; the contract's company number judges it as a number.
  company_id: z.preprocess(typedNumber, ConnectionFields.shape.company_id),
  token: ConnectionToken,
  /** Production sends to the DIAN with fiscal effect: chosen deliberately, never by default. */
  production_confirmed: z.boolean().default(false),
}).superRefine((draft, context) => {
  if (plainHttpRefused(draft.base_url)) context.addIssue({ code: 'custom', path: ['base_url'], message: PLAIN_HTTP_REFUSED });
  if (draft.kind === 'production' && !draft.production_confirmed)
    context.addIssue({
      code: 'custom',
      path: ['production_confirmed'],
      message: 'Confirme que esta conexión es de producción: sus documentos van a la DIAN y tienen validez fiscal.',
    });
});
export type NewConnectionInput = z.input<typeof NewConnectionForm>;
export type NewConnectionValues = z.output<typeof NewConnectionForm>;

export const TokenForm = z.object({ token: ConnectionToken });
export type TokenValues = z.output<typeof TokenForm>;
