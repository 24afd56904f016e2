// The HTTP exchange with the external API v1: common headers ("Endpoints"), a time limit per request,
// and a transport failure kept apart from an HTTP answer. Nothing here decides what a status means.
import { withoutFragments } from '../log/logger';

export interface ApiAnswer {
  status: number;
  /** The parsed JSON body, or null when the body is empty or not JSON. */
  body: unknown;
  /** The body as received, for support information (sanitised before it is stored). */
  text: string;
}

export type TransportFailureKind = 'timeout' | 'unreachable' | 'dropped';

/** No HTTP answer arrived. For a write, this never proves the document did not arrive ("Errors"). */
export class TransportFailure extends Error {
  constructor(
    readonly kind: TransportFailureKind,
    cause: unknown,
  ) {
    super(`transport failure: ${kind}`, { cause });
    this.name = 'TransportFailure';
  }
}

export interface ExchangeHooks {
  /** Called once the request has been handed to the network stack. */
  onDispatched?: () => void;
  /** Called when the status line and headers arrived, before the body is read. */
  onHeaders?: () => void;
}

export interface ExchangeRequest {
  method: 'GET' | 'POST';
  url: string;
  token: string;
  body?: Uint8Array;
  headers?: Record<string, string>;
  timeoutMs: number;
  hooks?: ExchangeHooks;
}

export async function exchange(fetchImpl: typeof globalThis.fetch, request: ExchangeRequest): Promise<ApiAnswer> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${request.token}`,
    Accept: 'application/json',
    ...request.headers,
  };
  if (request.body) headers['Content-Type'] = 'application/json';
  // The time limit covers the headers and the body, and is cleared with the answer: an
  // AbortSignal.timeout() would stay armed for the whole limit after every request and then fire
  // into the finished fetch (with 1,000 pending DSE, a thousand late aborts while core is idle).
  const controller = new AbortController();
  const { signal } = controller;
  const timer = setTimeout(() => controller.abort(new DOMException('The request timed out.', 'TimeoutError')), request.timeoutMs);
  timer.unref();
  try {
    let response: Response;
    try {
      const pending = fetchImpl(request.url, { method: request.method, headers, body: request.body, signal });
      request.hooks?.onDispatched?.();
      response = await pending;
    } catch (error) {
      throw new TransportFailure(signal.aborted ? 'timeout' : isRefused(error) ? 'unreachable' : 'dropped', error);
    }
    request.hooks?.onHeaders?.();
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new TransportFailure(signal.aborted ? 'timeout' : 'dropped', error);
    }
    // A server may quote the token back (an error message): it is taken out here, before any message,
    // stored body, support text or RPC answer is made from the answer (issue 14, item 8).
    text = withoutToken(text, request.token, response.status);
    const body = parseJson(text);
    return { status: response.status, body: response.status >= 400 ? withoutQuotedPieces(body, request.token) : body, text };
  } finally {
    clearTimeout(timer);
  }
}

function withoutToken(text: string, token: string, status: number): string {
  const whole = token.length < 4 || !text.includes(token) ? text : text.split(token).join('[oculto]');
  // A refused token is what an authentication error talks about, and it carries no document data:
  // pieces of it (a quoted prefix) go too. Other answers keep their values as they are.
  return status === 401 || status === 403 ? withoutFragments(whole, token) : whole;
}

/** The fields an error's message is read from (api/errors.ts, serverMessage). */
const MESSAGE_FIELDS = ['error', 'message', 'mensaje', 'detail', 'descripcion'];

/**
 * An error's message may quote a piece of the token (its prefix, say); it becomes the message the
 * ledger keeps and the screen shows. Only those texts lose the pieces, never a document's data.
 */
function withoutQuotedPieces(body: unknown, token: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of MESSAGE_FIELDS) {
    const value = out[field];
    if (typeof value === 'string') out[field] = withoutFragments(value, token, { keepNumbers: true });
  }
  return out;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * A refused or unresolvable address, or a connection that was never established (undici's connect
 * time-out): nothing was sent, so even a write did not arrive. Our own time limit firing is never
 * this: it may fire after the request left.
 */
export function isRefused(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } } | null)?.cause?.code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'EHOSTUNREACH' ||
    code === 'ENETUNREACH' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}
