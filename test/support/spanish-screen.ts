// What must never reach a Spanish screen: the contract's field names, the ledger's
// and the DIAN's raw states, ISO dates, a count with the wrong plural, common English words of user
// interfaces, and what a program prints by mistake. The field names are every property the API's
// OpenAPI document (the sandbox's, built from the contract) declares with an underscore: a name
// such as `fecha_emision` or `estado_dian` is never a Spanish word.
import type { Page } from 'playwright-core';
import { buildOpenApi } from '#sandbox/openapi';
import { SUBMISSION_STATES } from '#shared/rpc/methods/submissions';

function propertyNames(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) propertyNames(item, into);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') for (const name of Object.keys(value)) into.add(name);
      propertyNames(value, into);
    }
  }
  return into;
}

export const CONTRACT_FIELDS: readonly string[] = [...propertyNames(buildOpenApi(), new Set())]
  .filter((name) => name.includes('_'))
  .sort();

/** The DIAN's states as the contract spells them; shown only through their Spanish labels. */
const RAW_ESTADOS = ['en_proceso', 'en_proceso_http', 'send_unknown'];

const ENGLISH = [
  'Save',
  'Cancel',
  'Submit',
  'Loading',
  'Search',
  'Settings',
  'Print',
  'Delete',
  'Edit',
  'Error:',
  'Warning',
  'Invoice',
  'Customer',
  'Total due',
  'Not found',
  'Unknown',
  'Failed',
  'Retry',
  'Sandbox',
  'Token expired',
  'Timeout',
  'percent',
  'amount',
  'undefined',
  'null',
  'NaN',
  'Infinity',
  '[object Object]',
];

export interface ScreenProblem {
  kind: 'campo del contrato' | 'estado sin traducir' | 'fecha ISO' | 'plural' | 'inglés';
  text: string;
}

const words = (list: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}_])(${list.map(escape).join('|')})(?![\\p{L}\\p{N}_])`, 'u');
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const FIELD = words(CONTRACT_FIELDS);
const STATE = words([...SUBMISSION_STATES.filter((s) => s !== 'pending'), 'pending', ...RAW_ESTADOS]);
const ISO_DATE = /(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/;
const PLURAL = /(?<![\d.,])1 (documentos|facturas|productos|clientes|líneas|ventas|unidades)\b/u;
const ENGLISH_WORD = words(ENGLISH);

/** Problems in a screen's text (what a user reads). */
export function screenProblems(text: string): ScreenProblem[] {
  const found: ScreenProblem[] = [];
  for (const line of text.split('\n')) {
    const checks: [ScreenProblem['kind'], RegExp][] = [
      ['campo del contrato', FIELD],
      ['estado sin traducir', STATE],
      ['fecha ISO', ISO_DATE],
      ['plural', PLURAL],
      ['inglés', ENGLISH_WORD],
    ];
    for (const [kind, pattern] of checks) if (pattern.test(line)) found.push({ kind, text: line.trim().slice(0, 160) });
  }
  return found;
}

/**
 * The visible text of the page, without what the app deliberately shows as technical data (the
 * request and answers behind «Ver datos técnicos», the support information to copy, a file name).
 */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const clone = document.body.cloneNode(true);
    for (const node of clone.querySelectorAll('pre, code, script, style')) node.remove();
    for (const node of clone.querySelectorAll('details')) {
      if (/técnic/i.test(node.querySelector('summary')?.textContent ?? '')) node.remove();
    }
    for (const input of clone.querySelectorAll('input, textarea')) input.remove();
    document.body.appendChild(clone);
    clone.style.position = 'absolute';
    clone.style.left = '-99999px';
    const text = clone.innerText;
    clone.remove();
    return text;
  })()`);
}
