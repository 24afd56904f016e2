// zod's messages in the shop's Spanish (es-CO), for every check a schema states without a message of
// its own. A schema's own message (`.min(1, 'Escriba el nombre.')`) always wins: zod asks this map
// only when the check has none. Installed once per process (core's createCore, the window's main.tsx,
// the test setup), so no English sentence of zod reaches a screen, an RPC error or the CLI.
//
// Our own map rather than zod's `es` locale: that one speaks of types and operators («Entrada
// inválida: se esperaba texto, recibido indefinido», «tuviera >=1 caracteres»); a shopkeeper reads
// «Este campo es obligatorio.» and «Admite como máximo 80 caracteres.».
import { z } from 'zod';
import { countOf } from './format';

const number = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 20 });

function bound(value: number | bigint): string {
  return typeof value === 'bigint' ? number.format(value) : number.format(Number(value));
}

const FORMATS: Record<string, string> = {
  email: 'Escriba un correo electrónico válido (nombre@dominio.com).',
  url: 'Escriba una dirección web completa (https://…).',
  date: 'Escriba una fecha válida (AAAA-MM-DD).',
  datetime: 'Escriba una fecha y hora válidas.',
  time: 'Escriba una hora válida (HH:MM).',
};

/** The Spanish sentence for one zod issue (zod's raw issue: its code, bounds and the input). */
export function spanishIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Este campo es obligatorio.';
      if (issue.expected === 'int') return 'Debe ser un número entero.';
      if (issue.expected === 'number') return 'Debe ser un número.';
      if (issue.expected === 'string') return 'Debe ser un texto.';
      if (issue.expected === 'boolean') return 'Debe ser sí o no.';
      if (issue.expected === 'date') return 'Escriba una fecha válida.';
      if (issue.expected === 'array') return 'Debe ser una lista.';
      return 'El valor no es del tipo esperado.';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'Este campo es obligatorio.'
          : `Debe tener al menos ${countOf(Number(issue.minimum), 'carácter', 'caracteres')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(issue.minimum) <= 1
          ? 'Debe tener al menos un elemento.'
          : `Debe tener al menos ${countOf(Number(issue.minimum), 'elemento')}.`;
      if (issue.origin === 'date') return 'La fecha es anterior a la permitida.';
      return Number(issue.minimum) === 0 && !issue.inclusive
        ? 'Debe ser mayor que cero.'
        : `Debe ser ${issue.inclusive ? 'mayor o igual a' : 'mayor que'} ${bound(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Admite como máximo ${countOf(Number(issue.maximum), 'carácter', 'caracteres')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Admite como máximo ${countOf(Number(issue.maximum), 'elemento')}.`;
      if (issue.origin === 'date') return 'La fecha es posterior a la permitida.';
      return `Debe ser ${issue.inclusive ? 'menor o igual a' : 'menor que'} ${bound(issue.maximum)}.`;
    case 'invalid_value':
      return issue.values.length === 1 ? 'Este valor no se admite aquí.' : 'Elija una de las opciones de la lista.';
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'El formato no es válido.';
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${bound(issue.divisor)}.`;
    case 'unrecognized_keys':
      // Only a program can send a field the contract does not have: its name helps whoever reads the report.
      return `Campos no permitidos: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return 'El valor no corresponde a ninguna de las formas admitidas.';
    case 'invalid_key':
    case 'invalid_element':
      return 'La lista tiene un valor inválido.';
    case 'custom':
      return 'El valor no es válido.';
    default:
      return 'El valor no es válido.';
  }
}

/** Makes `spanishIssue` zod's message for every check without its own (idempotent). */
export function installSpanishZodErrors(): void {
  z.config({ customError: spanishIssue });
}
