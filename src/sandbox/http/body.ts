// Request bodies: bounded (1 MiB, 413), JSON only (400 when malformed), canonical hash for idempotency.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Sandbox decision ("Maximum request body size: not shown"). */
export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyError extends Error {
  constructor(readonly status: 400 | 413, message: string) {
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError(400, 'El cuerpo no es JSON válido');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BodyError(400, 'El cuerpo debe ser un objeto JSON');
  return value;
}

/** JSON with object keys sorted at every depth: key order and whitespace do not change it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function payloadHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
