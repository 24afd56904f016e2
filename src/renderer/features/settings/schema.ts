// What the Ajustes forms accept, from the shared connection schemas (one contract, written once).
import { z } from 'zod';
import { HEADER_SAFE } from '#shared/api/common';
import { ConnectionFields, ConnectionKind, PLAIN_HTTP_REFUSED, plainHttpRefused } from '#shared/rpc/methods/connections';

export const TokenField = z
  .string()
  .trim()
  .min(8, 'El token es demasiado corto.')
  .max(4096, 'El token es demasiado largo.')
  .regex(/^\S+$/, 'El token no puede tener espacios.')
  .regex(
    HEADER_SAFE,
    'El token solo admite caracteres ASCII visibles (sin tildes ni caracteres de control). Cópielo de nuevo desde su proveedor.',
  );

export const NewConnectionForm = z
  .object({
    label: z.string().trim().min(1, 'Escriba un nombre para reconocer la conexión.').max(80, 'Máximo 80 caracteres.'),
    kind: ConnectionKind,
    base_url: ConnectionFields.shape.base_url,
    company_id: z.coerce
      .number({ message: 'Escriba el número de empresa.' })
      .int('Debe ser un número entero.')
      .positive('Debe ser mayor que cero.')
      .max(2_147_483_647, 'Número demasiado grande.'),
    token: TokenField,
    /** Production sends to the DIAN with fiscal effect: chosen deliberately, never by default. */
    production_confirmed: z.boolean().default(false),
  })
  .superRefine((draft, context) => {
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

export const TokenForm = z.object({ token: TokenField });
export type TokenValues = z.output<typeof TokenForm>;
