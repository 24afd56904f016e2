// Why an invoice was not issued, when the form itself refused it: each section with a marked field,
// by its name and its first message, so the cashier knows where to look without hunting for red.
import type { FieldErrors } from 'react-hook-form';
import { once } from '#shared/once';
import { feLabelOf } from './validation';

const list = once(() => new Intl.ListFormat('es-CO', { style: 'long', type: 'conjunction' }));

/** "No se emitió. Pago: Elija un medio de pago. Cliente: Es obligatorio." */
export function notIssuedMessage(errors: FieldErrors): string {
  const sections = new Map<string, string>();
  for (const [path, message] of flatten(errors, '')) {
    if (path.startsWith('root')) continue;
    const label = feLabelOf(path) ?? labelOfFormPath(path);
    if (!sections.has(label)) sections.set(label, message);
  }
  if (sections.size === 0) return 'No se emitió: hay datos por corregir en el formulario.';
  const bare = [...sections].filter(([, message]) => !message).map(([label]) => label);
  const told = [...sections].filter(([, message]) => message).map(([label, message]) => `${label}: ${sentence(message)}`);
  return ['No se emitió.', ...told, ...(bare.length > 0 ? [`Revise también ${list().format(bare)}.`] : [])].join(' ');
}

/** The form's own sections that are not fields of the request (AIU, currency, notes). */
function labelOfFormPath(path: string): string {
  const top = path.split('.')[0]!;
  return (
    { aiu: 'AIU', currency: 'Moneda', observaciones: 'Observaciones', fecha_emision: 'Fecha de emisión' }[top] ?? 'Otros datos'
  );
}

function* flatten(node: unknown, prefix: string): Generator<[string, string]> {
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record.message === 'string' || typeof record.type === 'string') {
    yield [prefix, typeof record.message === 'string' ? record.message : ''];
    return;
  }
  for (const [key, value] of Object.entries(record)) {
    if (key === 'ref') continue;
    yield* flatten(value, prefix ? `${prefix}.${key}` : key);
  }
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
