// zod's Spanish error map: each kind of issue the app's schemas can produce reads as the shop's
// Spanish, a schema's own message still wins, and no English word of zod is left.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installSpanishZodErrors } from '#shared/zod-spanish';

installSpanishZodErrors();

const messageOf = (schema: z.ZodType, input: unknown): string[] => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error.issues.map((issue) => issue.message);
};

const ENGLISH = /\b(Invalid|invalid|Too (small|big)|Expected|expected|received|Required|Unrecognized|must|input|option)\b/;

const CASES: [string, z.ZodType, unknown, string][] = [
  ['a missing value', z.object({ name: z.string() }), {}, 'Este campo es obligatorio.'],
  ['a null value', z.object({ name: z.string() }), { name: null }, 'Este campo es obligatorio.'],
  ['a word where a number goes', z.number(), 'tres', 'Debe ser un número.'],
  ['a number where text goes', z.string(), 3, 'Debe ser un texto.'],
  ['a fraction where an integer goes', z.number().int(), 2.5, 'Debe ser un número entero.'],
  ['a text where yes/no goes', z.boolean(), 'sí', 'Debe ser sí o no.'],
  ['a text where a list goes', z.array(z.string()), 'a', 'Debe ser una lista.'],
  ['an object of the wrong type', z.object({}), 5, 'El valor no es del tipo esperado.'],
  ['an empty text', z.string().min(1), '', 'Este campo es obligatorio.'],
  ['a short text', z.string().min(8), 'abc', 'Debe tener al menos 8 caracteres.'],
  ['a long text', z.string().max(80), 'x'.repeat(81), 'Admite como máximo 80 caracteres.'],
  ['a text of one character too many', z.string().max(1), 'ab', 'Admite como máximo 1 carácter.'],
  ['an empty list', z.array(z.string()).min(1), [], 'Debe tener al menos un elemento.'],
  ['a short list', z.array(z.string()).min(2), ['a'], 'Debe tener al menos 2 elementos.'],
  ['a long list', z.array(z.string()).max(3), ['a', 'b', 'c', 'd'], 'Admite como máximo 3 elementos.'],
  ['a number below an inclusive bound', z.number().min(1), 0, 'Debe ser mayor o igual a 1.'],
  ['zero where a positive number goes', z.number().positive(), 0, 'Debe ser mayor que cero.'],
  ['a number above a bound with thousands', z.number().max(2_147_483_647), 3e9, 'Debe ser menor o igual a 2.147.483.647.'],
  ['a number at an exclusive bound', z.number().lt(100), 100, 'Debe ser menor que 100.'],
  ['a decimal bound with a comma', z.number().min(0.5), 0.1, 'Debe ser mayor o igual a 0,5.'],
  ['a value outside an enumeration', z.enum(['a', 'b']), 'c', 'Elija una de las opciones de la lista.'],
  ['a value other than a literal', z.literal('FE'), 'DS', 'Este valor no se admite aquí.'],
  ['a text against a pattern', z.string().regex(/^\d+$/), 'abc', 'El formato no es válido.'],
  ['an email', z.email(), 'no-es-correo', 'Escriba un correo electrónico válido (nombre@dominio.com).'],
  ['a web address', z.url(), 'no es url', 'Escriba una dirección web completa (https://…).'],
  ['an ISO date', z.iso.date(), '2026-13-40', 'Escriba una fecha válida (AAAA-MM-DD).'],
  ['a multiple', z.number().multipleOf(5), 7, 'Debe ser múltiplo de 5.'],
  ['a union', z.union([z.string(), z.number()]), true, 'El valor no corresponde a ninguna de las formas admitidas.'],
  ['a record key', z.record(z.string().regex(/^\d+$/), z.string()), { b: 'x' }, 'La lista tiene un valor inválido.'],
  ['a refinement without a message', z.string().refine((s) => s === 'ok'), 'no', 'El valor no es válido.'],
];

describe('the Spanish zod error map', () => {
  it.each(CASES)('names %s in Spanish', (_, schema, input, expected) => {
    const messages = messageOf(schema, input);
    expect(messages[0]).toBe(expected);
    for (const message of messages) expect(message).not.toMatch(ENGLISH);
  });

  it('names an unexpected field of a strict object (a program sent it) without English', () => {
    const [message] = messageOf(z.object({ a: z.string() }).strict(), { a: 'x', extra: 1 });
    expect(message).toBe('Campos no permitidos: extra.');
  });

  it("leaves a schema's own message as it is", () => {
    expect(messageOf(z.string().min(1, 'Escriba el nombre.'), '')).toEqual(['Escriba el nombre.']);
    expect(messageOf(z.number({ message: 'Indique las horas.' }), 'x')).toEqual(['Indique las horas.']);
  });
});
