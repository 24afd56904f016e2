// Request bodies: bounded (1 MiB, 413), JSON only (400 when malformed), canonical hash for idempotency.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Sandbox decision ("Maximum request body size: not shown"). */
export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      req.resume();
      reject(new BodyError(413, `El cuerpo supera el máximo de ${MAX_BODY_BYTES} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        reject(new BodyError(413, `El cuerpo supera el máximo de ${MAX_BODY_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => failed || resolve(Buffer.concat(chunks)));
    req.on('error', (error) => failed || reject(error));
  });
}

export function parseJsonBody(bytes: Buffer): unknown {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new BodyError(400, 'El cuerpo está vacío; se espera un objeto JSON');
  // Deep nesting fits in 1 MiB and JSON.parse accepts it, but every recursive walk after it
  // (canonical hash, validation) would overflow the stack: refuse it before parsing.
  if (nestingDepth(text) > MAX_NESTING) throw new BodyError(400, `El cuerpo tiene más de ${MAX_NESTING} niveles de anidación`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError(400, 'El cuerpo no es JSON válido');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BodyError(400, 'El cuerpo debe ser un objeto JSON');
  return value;
}

/** Sandbox decision: no request of the contract needs more than a handful of levels. */
export const MAX_NESTING = 32;

/** The deepest bracket nesting of a JSON text, ignoring brackets inside strings; one pass. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth -= 1;
  }
  return deepest;
}

/**
 * JSON with object keys sorted at every depth: key order and whitespace do not change it. One string
 * built in one pass (no entry arrays per object): it runs on every DSE and FE create.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    // an element JSON cannot write (undefined) is left empty, as join writes it
    for (let i = 0; i < value.length; i += 1)
      out += (i === 0 ? '' : ',') + ((canonicalJson(value[i]) as string | undefined) ?? '');
    return `${out}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    // code-unit order, as the comparison `a < b` gives (sort's default compares the same way)
    const keys = Object.keys(record).sort();
    let out = '{';
    let first = true;
    for (const key of keys) {
      const v = record[key];
      if (v === undefined) continue;
      out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
      first = false;
    }
    return `${out}}`;
  }
  return JSON.stringify(value);
}

export function payloadHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
