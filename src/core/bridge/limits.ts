// Bounds every RPC message must respect before core looks at it, on both transports: at most
// 1 MiB once serialised and at most 64 levels of nesting. A renderer (or a page that reached the
// web bridge) cannot make core spend unbounded memory or recurse until the stack overflows.
import { AppError } from '../../shared/rpc/errors';

export const MAX_MESSAGE_BYTES = 1024 * 1024;
export const MAX_MESSAGE_DEPTH = 64;

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
  const tooLarge = new AppError('invalid_input', 'La solicitud es demasiado grande o tiene demasiados niveles.');
  if (depthExceeds(message, MAX_MESSAGE_DEPTH)) return tooLarge;
  let bytes = serialisedBytes;
  if (bytes === undefined) {
    try {
      bytes = Buffer.byteLength(JSON.stringify(message) ?? '');
    } catch {
      return tooLarge;
    }
  }
  return bytes > MAX_MESSAGE_BYTES ? tooLarge : null;
}
