// DIAN's identification types (`TipoIdFiscal-2.1`, Anexo técnico 1.9 table 13.2.1, which adds PEP
// and PPT). Read by the FE receiver, the DSE supplier, customers, the counter's picker and the
// printouts; the contract asks for the real type ("Receiver", "Supplier"), so a code outside this
// list is refused, never guessed.
import type { DianCode } from './code-list';

export const IDENTIFICATION_TYPES = [
  { code: '11', name: 'Registro civil', short: 'R.C.' },
  { code: '12', name: 'Tarjeta de identidad', short: 'T.I.' },
  { code: '13', name: 'Cédula de ciudadanía', short: 'C.C.' },
  { code: '21', name: 'Tarjeta de extranjería', short: 'T.E.' },
  { code: '22', name: 'Cédula de extranjería', short: 'C.E.' },
  { code: '31', name: 'NIT', short: 'NIT' },
  { code: '41', name: 'Pasaporte', short: 'Pasaporte' },
  { code: '42', name: 'Documento de identificación extranjero', short: 'Doc. extranjero' },
  { code: '47', name: 'PEP (Permiso especial de permanencia)', short: 'PEP' },
  { code: '48', name: 'PPT (Permiso por protección temporal)', short: 'PPT' },
  { code: '50', name: 'NIT de otro país', short: 'NIT extranjero' },
  { code: '91', name: 'NUIP', short: 'NUIP' },
] as const satisfies readonly DianCode[];

export type IdentificationTypeCode = (typeof IDENTIFICATION_TYPES)[number]['code'];

export const IDENTIFICATION_TYPE_CODES = IDENTIFICATION_TYPES.map((t) => t.code) as [
  IdentificationTypeCode,
  ...IdentificationTypeCode[],
];

export function isIdentificationType(code: string): code is IdentificationTypeCode {
  return (IDENTIFICATION_TYPE_CODES as readonly string[]).includes(code);
}

/** «Cédula de ciudadanía»; a code outside the list as «Tipo 77», an empty one as ''. */
export function identificationTypeName(code: string): string {
  const known = IDENTIFICATION_TYPES.find((t) => t.code === code.trim());
  return known ? known.name : code.trim() ? `Tipo ${code.trim()}` : '';
}

/** «C.C.», «NIT»: the short form a printout writes before the number; an unknown code as «Doc. 77». */
export function identificationTypeShort(code: string): string {
  const known = IDENTIFICATION_TYPES.find((t) => t.code === code.trim());
  return known ? known.short : code.trim() ? `Doc. ${code.trim()}` : '';
}
