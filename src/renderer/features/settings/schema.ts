// What the Ajustes forms accept: the shared schemas themselves (bounds and messages written once, in
// the contract), plus what only the form asks (the token in the same step, the confirmation of a
// production connection, the issuer's NIT typed with its DV, a resolution left blank).
import { z } from 'zod';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { ConnectionFields, ConnectionToken, PLAIN_HTTP_REFUSED, plainHttpRefused } from '#shared/rpc/methods/connections';
import { IssuerProfile, NumberingResolution } from '#shared/rpc/methods/history';
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

const Profile = IssuerProfile.shape;

/**
 * The NIT as typed, without dots or spaces, and the DV the user typed after a hyphen (if any): the
 * DV is computed from the NIT, a typed one is only checked against it.
 */
export function readNit(text: string): { nit: string; typedDv: string | null } {
  const [number = '', ...after] = text.replace(/[.\s]/g, '').split('-');
  return { nit: number, typedDv: after.length > 0 ? after.join('-') : null };
}

/** The NIT's check digit, or null while the NIT is not one the profile accepts. */
export function checkDigitOf(text: string): string | null {
  const parsed = Profile.nit.safeParse(readNit(text).nit);
  return parsed.success ? nitCheckDigit(parsed.data) : null;
}

/** The NIT field ("900.123.456" or "900123456-8") as the profile's NIT and its computed DV. */
const TypedNit = z.string().transform((text, context) => {
  const { nit, typedDv } = readNit(text);
  const number = Profile.nit.safeParse(nit);
  if (!number.success) {
    for (const issue of number.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }
  const expected = nitCheckDigit(number.data);
  if (typedDv !== null && typedDv !== expected) {
    context.addIssue({
      code: 'custom',
      message: /^\d$/.test(typedDv)
        ? `El dígito de verificación de ese NIT es ${expected}, no ${typedDv}: revise el NIT o escríbalo sin el dígito.`
        : 'Después del guion va un solo dígito, el de verificación.',
    });
    return z.NEVER;
  }
  return { nit: number.data, dv: expected };
});

/** A numbering resolution's six fields as typed. */
const ResolutionText = z.object({
  numero: z.string(),
  desde: z.string(),
  hasta: z.string(),
  prefijo: z.string(),
  rango_desde: z.string(),
  rango_hasta: z.string(),
});
export type ResolutionText = z.input<typeof ResolutionText>;

/** None of the six typed is no resolution; else the contract's resolution judges them. */
const TypedResolution = ResolutionText.transform((text) =>
  Object.values(text).every((value) => value.trim() === '')
    ? null
    : {
        numero: text.numero.trim(),
        desde: text.desde,
        hasta: text.hasta,
        prefijo: text.prefijo.trim().toUpperCase(),
        rango_desde: typedNumber(text.rango_desde),
        rango_hasta: typedNumber(text.rango_hasta),
      },
).pipe(NumberingResolution.nullable());

/**
 * Ajustes › Datos del emisor: the profile's own fields (bounds and messages of the contract), the NIT
 * as typed with or without its DV, and each resolution as six texts; what it gives is the profile
 * `history.setIssuer` accepts.
 */
export const IssuerForm = z
  .object({
    nombre: Profile.nombre,
    nit: TypedNit,
    direccion: Profile.direccion,
    ciudad: Profile.ciudad,
    telefono: Profile.telefono,
    email: Profile.email,
    plan: Profile.plan,
    logo: Profile.logo,
    resolucion: TypedResolution,
    contingencia: TypedResolution,
  })
  .transform(({ nit, ...profile }): IssuerProfile => ({ ...profile, nit: nit.nit, dv: nit.dv }));
export type IssuerFormValues = z.input<typeof IssuerForm>;
