// A saved customer of the company: local to this installation, one list per
// connection. Identification types are the DIAN codes the FE form offers (FISCAL.md, "FE receptor");
// a NIT (type 31) is digits only, without its check digit, which is computed where it is shown.
import { z } from 'zod';
import { IDENTIFICATION_TYPE_CODES } from '../api/fe';

export const CUSTOMER_LIMITS = { numberMax: 20, nameMax: 200, emailMax: 120, addressMax: 200, phoneMax: 30 } as const;

/** The generic identification the DIAN prescribes for a sale to an unidentified buyer. */
export const CONSUMIDOR_FINAL_ID = { tipo_doc: '13', numero_doc: '222222222222' } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const CustomerInput = z
  .object({
    tipo_doc: z.string().refine((code) => IDENTIFICATION_TYPE_CODES.includes(code), 'Elija un tipo de documento de la lista.'),
    numero_doc: z
      .string()
      .trim()
      .min(1, 'Escriba el número de documento.')
      .max(CUSTOMER_LIMITS.numberMax, `El número admite como máximo ${CUSTOMER_LIMITS.numberMax} caracteres.`)
      .regex(/^[0-9A-Za-z-]+$/, 'El número de documento admite solo letras, números y guion, sin espacios ni puntos.'),
    nombre: z
      .string()
      .trim()
      .min(1, 'Escriba el nombre o la razón social.')
      .max(CUSTOMER_LIMITS.nameMax, `El nombre admite como máximo ${CUSTOMER_LIMITS.nameMax} caracteres.`),
    email: z
      .string()
      .trim()
      .max(CUSTOMER_LIMITS.emailMax)
      .refine((v) => v === '' || EMAIL.test(v), 'El correo electrónico no es válido.'),
    direccion: z
      .string()
      .trim()
      .max(CUSTOMER_LIMITS.addressMax, `La dirección admite como máximo ${CUSTOMER_LIMITS.addressMax} caracteres.`),
    telefono: z
      .string()
      .trim()
      .max(CUSTOMER_LIMITS.phoneMax)
      .regex(/^[0-9 +()-]*$/, 'El teléfono admite solo números, espacios, +, paréntesis y guion.'),
  })
  .strict()
  .superRefine((value, ctx) => {
    // One message per field: the general shape's, when that already failed.
    if (!/^[0-9A-Za-z-]+$/.test(value.numero_doc.trim())) return;
    if (value.tipo_doc === '31' && !/^\d{1,15}$/.test(value.numero_doc.trim())) {
      ctx.addIssue({
        code: 'custom',
        path: ['numero_doc'],
        message: 'El NIT se escribe solo con dígitos (hasta 15) y sin el dígito de verificación.',
      });
    } else if (['11', '12', '13'].includes(value.tipo_doc) && !/^\d{1,15}$/.test(value.numero_doc.trim())) {
      ctx.addIssue({ code: 'custom', path: ['numero_doc'], message: 'Este tipo de documento se escribe solo con dígitos.' });
    }
    if (value.tipo_doc === CONSUMIDOR_FINAL_ID.tipo_doc && value.numero_doc.trim() === CONSUMIDOR_FINAL_ID.numero_doc) {
      ctx.addIssue({
        code: 'custom',
        path: ['numero_doc'],
        message: '«Consumidor final» no se guarda como cliente: se elige con F4.',
      });
    }
  });
export type CustomerInput = z.infer<typeof CustomerInput>;

export const Customer = z.object({
  id: z.number().int(),
  tipo_doc: z.string(),
  numero_doc: z.string(),
  /** NIT check digit, for type 31; null otherwise */
  dv: z.string().nullable(),
  nombre: z.string(),
  email: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  active: z.boolean(),
  /** when an invoice was last issued to this customer (ISO), or null */
  last_used_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof Customer>;

/** Lower case, accents folded: what name searches compare. */
export function foldCustomerText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
