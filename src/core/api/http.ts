// The HTTP exchange with the external API v1: common headers ("Endpoints"), a time limit per request,
// a bound on the answer's size, and a transport failure kept apart from an HTTP answer. Nothing here
// decides what a status means.
import type { Agent } from 'node:https';
import { formatByteSize, MB } from '#shared/byte-size';
import { withoutFragments } from '../log/logger';
import type { CoreRequestInit } from './node-fetch';
import { tlsFailureOf, type TlsFailure } from './tls-failure';

/**
 * The largest answer body read. The contract's answers are small JSON documents (a page of 100
 * invoices is a few hundred KB); a larger one is a misconfigured address or a broken server, and
 * reading it whole would take core's memory with it. The body is read as a stream and dropped at
 * the bound, so memory stays flat whatever is sent.
 */
export const MAX_ANSWER_BYTES = 16 * MB;

export interface ApiAnswer {
  status: number;
  /** The parsed JSON body, or null when the body is empty, not JSON or too large. */
  body: unknown;
  /** The body as received, for support information (sanitised before it is stored); empty when too large. */
  text: string;
  /**
   * The body was larger than MAX_ANSWER_BYTES and was not read past it. The status line did
   * arrive: the server answered (for a create, what it did is unknown, never "not sent").
   */
  oversized?: OversizedAnswer;
}

export interface OversizedAnswer {
  /** the size the server declared (Content-Length), or null when it did not */
  bytes: number | null;
  limit: number;
  /** what happened, in the user's words */
  message: string;
}

export function oversizedAnswer(bytes: number | null, limit: number): OversizedAnswer {
  const size = bytes === null ? `más de ${formatByteSize(limit)}` : formatByteSize(bytes);
  return {
    bytes,
    limit,
    message: `El servicio envió una respuesta de ${size}; el máximo aceptado es ${formatByteSize(limit)}, así que no se leyó.`,
  };
}

/**
 * `unreachable`: provably nothing of the request left (refused, unresolvable, never connected, or
 * the secure connection failed during its handshake). `timeout` and `dropped` prove nothing.
 */
export type TransportFailureKind = 'timeout' | 'unreachable' | 'dropped';

/**
 * No HTTP answer arrived. For a write, this never proves the document did not arrive ("Errors"),
 * except an `unreachable` one: the request never left.
 */
export class TransportFailure extends Error {
  constructor(
    readonly kind: TransportFailureKind,
    cause: unknown,
    /** The service's certificate was refused (an `unreachable` failure): which problem, in Spanish. */
    readonly tls: TlsFailure | null = null,
  ) {
    super(`transport failure: ${kind}${tls ? ` (${tls.code})` : ''}`, { cause });
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
  /** MAX_ANSWER_BYTES unless given (tests). */
  maxAnswerBytes?: number;
  /** The agent that holds the connection's trusted roots (trusted-roots.ts); the transport's own otherwise. */
  httpsAgent?: Agent;
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
      // `httpsAgent` is core's transport's own option (api/node-fetch.ts): the DOM's init lacks it.
      const init: CoreRequestInit = {
        method: request.method,
        headers,
        body: request.body,
        signal,
        httpsAgent: request.httpsAgent,
      };
      const pending = fetchImpl(request.url, init);
      request.hooks?.onDispatched?.();
      response = await pending;
    } catch (error) {
      if (signal.aborted) throw new TransportFailure('timeout', error);
      const tls = tlsFailureOf(error, request.url);
      throw new TransportFailure(tls || isRefused(error) ? 'unreachable' : 'dropped', error, tls);
    }
    request.hooks?.onHeaders?.();
    let read: string | OversizedAnswer;
    try {
      read = await boundedText(response, request.maxAnswerBytes ?? MAX_ANSWER_BYTES);
    } catch (error) {
      throw new TransportFailure(signal.aborted ? 'timeout' : 'dropped', error);
    }
    if (typeof read !== 'string') return { status: response.status, body: null, text: '', oversized: read };
    // A server may quote the token back (an error message): it is taken out here, before any message,
    // stored body, support text or RPC answer is made from the answer.
    const text = withoutToken(read, request.token, response.status);
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

/**
 * The body as text (UTF-8, a BOM dropped, as Response.text() reads it), read chunk by chunk and
 * given up at `limit`: a declared length over it is refused before the first chunk, and a body that
 * grows past it is cancelled (the connection is closed, nothing more is received).
 */
async function boundedText(response: Response, limit: number): Promise<string | OversizedAnswer> {
  const header = response.headers.get('content-length');
  const declared = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
  if (declared !== null && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return oversizedAnswer(declared, limit);
  }
  if (!response.body) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return oversizedAnswer(declared, limit);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
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
