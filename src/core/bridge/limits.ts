// Bounds every RPC message must respect before core looks at it, on both transports: at most
// 1 MiB once serialised and at most 64 levels of nesting. A renderer (or a page that reached the
// web bridge) cannot make core spend unbounded memory or recurse until the stack overflows.
// The methods that carry a file the user chose (the catalog import) have a larger bound of their
// own: the file is limited where it is chosen (shared/text-file.ts, 5 MB) and its text, as JSON,
// stays under 16 MiB unless most of it is control characters (each one escaped in six bytes).
import { formatByteSize } from '#shared/byte-size';
import { FILE_LIMITS } from '#shared/text-file';
import { AppError } from '#shared/rpc/errors';

export const MAX_MESSAGE_BYTES = 1024 * 1024;
export const MAX_MESSAGE_DEPTH = 64;

/** A file's text as JSON: at most three bytes per character (accents; quotes and line ends two), plus margin. */
export const FILE_MESSAGE_BYTES = 3 * FILE_LIMITS.catalog + MAX_MESSAGE_BYTES;

const METHOD_MESSAGE_BYTES: ReadonlyMap<string, number> = new Map([
  ['catalog.previewImport', FILE_MESSAGE_BYTES],
  ['catalog.applyImport', FILE_MESSAGE_BYTES],
]);

/** The largest message any method accepts: what a transport may read before it knows the method. */
export const LARGEST_MESSAGE_BYTES = Math.max(MAX_MESSAGE_BYTES, ...METHOD_MESSAGE_BYTES.values());

/** The bound of this message's method (1 MiB unless its method carries a file). */
export function messageLimit(message: unknown): number {
  const method = typeof message === 'object' && message !== null ? (message as { method?: unknown }).method : undefined;
  return (typeof method === 'string' ? METHOD_MESSAGE_BYTES.get(method) : undefined) ?? MAX_MESSAGE_BYTES;
}

/** The refusal of a message of `bytes` over `limit`, saying both. */
export function tooLargeMessage(bytes: number | null, limit: number): AppError {
  return new AppError(
    'invalid_input',
    bytes === null
      ? `La solicitud es demasiado grande: el máximo es ${formatByteSize(limit)}.`
      : `La solicitud tiene ${formatByteSize(bytes)}; el máximo es ${formatByteSize(limit)}.`,
  );
}

/** Nesting depth of a value, walked iteratively; stops counting once past `limit`. */
export function depthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let visited = 0;
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    // A message of at most 1 MiB has at most about a million values; never walk more than that.
    visited += 1;
    if (visited > MAX_MESSAGE_BYTES) return true;
    for (const child of Object.values(current as Record<string, unknown>)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Null when the message may go to the dispatcher; else the typed refusal to answer with. */
export function refuseOversized(message: unknown, serialisedBytes?: number): AppError | null {
  if (depthExceeds(message, MAX_MESSAGE_DEPTH))
    return new AppError('invalid_input', 'La solicitud es demasiado grande o tiene demasiados niveles.');
  const limit = messageLimit(message);
  let bytes = serialisedBytes;
  if (bytes === undefined) {
    try {
      bytes = Buffer.byteLength(JSON.stringify(message) ?? '');
    } catch {
      return tooLargeMessage(null, limit);
    }
  }
  return bytes > limit ? tooLargeMessage(bytes, limit) : null;
}
