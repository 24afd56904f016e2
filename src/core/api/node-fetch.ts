// Core's HTTP transport: the fetch() shape that every part of core is written against (and that
// tests and benchmarks hand in their own versions of), answered by node:http and node:https.
//
// Why not the runtime's global fetch: it is undici's, and each of its responses stays reachable
// through WeakRefs and a FinalizationRegistry until a full garbage collection. V8's minor collections
// treat those as strong, so every request's objects (request, response, streams, controller) were
// promoted to the old generation: a poller burst of 1,000 checks grew it by tens of megabytes, which
// then cost full collections and V8's memory reducer rounds while core was otherwise idle. With
// node:http the same burst leaves the old generation where it was (bench: poller).
//
// What fetch did that core relies on, done here the same way: redirects followed (method and body kept
// on 307/308, a GET on 303, Authorization dropped when the redirect leaves the origin), compressed
// answers decoded (gzip, deflate, br), the answer's body a stream read by `exchange` with its own
// bound, an abort from the caller's signal ending the request and its body, and a failure to connect
// given up after a time limit. A failure rejects as fetch does: TypeError('fetch failed') with the
// system error as its cause (api/http.ts classifies by cause.code).
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** fetch's default (undici's connect timeout): a host that never answers the handshake is given up. */
const CONNECT_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** fetch's init, plus the agent holding a connection's trusted roots for an https address (trusted-roots.ts). */
export interface CoreRequestInit extends RequestInit {
  httpsAgent?: https.Agent;
}

export interface NodeFetchOptions {
  connectTimeoutMs?: number;
}

/** A fetch() over node:http/node:https with keep-alive connections of its own. */
export function nodeFetch(options: NodeFetchOptions = {}): typeof globalThis.fetch {
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };
  const fetchOnce = (
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: Buffer | null,
    signal: AbortSignal | null,
    httpsAgent: https.Agent | undefined,
  ) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const agent = url.protocol === 'https:' && httpsAgent ? httpsAgent : agents[url.protocol as keyof typeof agents];
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(url, { method, headers, agent });
      let connectTimer: NodeJS.Timeout | null = null;
      const done = () => {
        if (connectTimer !== null) clearTimeout(connectTimer);
        connectTimer = null;
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        done();
        request.destroy();
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      request.once('socket', (socket) => {
        if (!socket.connecting) return;
        connectTimer = setTimeout(() => {
          const error = Object.assign(new Error(`connect timeout after ${connectTimeoutMs} ms`), {
            // fetch's own code for the same failure: api/http.ts reads it as "nothing was sent"
            code: 'UND_ERR_CONNECT_TIMEOUT',
          });
          request.destroy(error);
        }, connectTimeoutMs);
        connectTimer.unref();
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
          if (connectTimer !== null) clearTimeout(connectTimer);
          connectTimer = null;
        });
      });
      request.once('response', (response) => {
        done();
        // The caller's abort after the headers ends the body it is reading, as fetch's does.
        if (signal) {
          const abortBody = () => response.destroy(signal.reason as Error);
          signal.addEventListener('abort', abortBody, { once: true });
          response.once('close', () => signal.removeEventListener('abort', abortBody));
        }
        resolve(response);
      });
      request.once('error', (error) => {
        done();
        reject(new TypeError('fetch failed', { cause: withTlsCode(error) }));
      });
      request.end(body ?? undefined);
    });

  return async (input, init?: CoreRequestInit) => {
    const signal = init?.signal ?? null;
    if (signal?.aborted) throw signal.reason;
    let url: URL;
    try {
      url = new URL(input instanceof Request ? input.url : String(input));
    } catch (error) {
      throw new TypeError('fetch failed', { cause: error });
    }
    let method = (init?.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    let body = bodyBytes(init?.body);
    for (let redirects = 0; ; redirects += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${url.protocol}`) });
      }
      if (body !== null) headers['content-length'] = String(body.length);
      else delete headers['content-length'];
      const response = await fetchOnce(url, method, headers, body, signal, init?.httpsAgent);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && typeof location === 'string') {
        response.resume();
        if (redirects === MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
        const next = new URL(location, url);
        if (next.origin !== url.origin) delete headers.authorization;
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = null;
          delete headers['content-type'];
        }
        url = next;
        continue;
      }
      return toResponse(response, method);
    }
  };
}

/**
 * A handshake that fails while the request waits to be written surfaces as the write's EPROTO, with
 * OpenSSL's reason only in the text ("…:ssl3_get_record:wrong version number:…"); the same failure
 * read by the TLS socket itself carries Node's code for it (ERR_SSL_WRONG_VERSION_NUMBER). The code is
 * given here the way Node names it, so that api/tls-failure.ts reads codes only.
 */
function withTlsCode(error: Error & { code?: unknown }): Error {
  if (error.code !== 'EPROTO') return error;
  const reason = /:SSL routines:[^:]*:([a-z0-9 ]+):/i.exec(error.message)?.[1];
  if (!reason) return error;
  return Object.assign(new Error(error.message, { cause: error }), {
    code: `ERR_SSL_${reason.trim().toUpperCase().replace(/ +/g, '_')}`,
  });
}

/** The bodies core sends (JSON as text or bytes); any other kind is refused rather than sent wrong. */
function bodyBytes(body: RequestInit['body']): Buffer | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('fetch failed', { cause: new Error('unsupported request body') });
}

function toResponse(message: IncomingMessage, method: string): Response {
  const status = message.statusCode ?? 0;
  const headers = new Headers();
  for (let i = 0; i + 1 < message.rawHeaders.length; i += 2) headers.append(message.rawHeaders[i]!, message.rawHeaders[i + 1]!);
  const empty = method === 'HEAD' || status === 204 || status === 205 || status === 304;
  if (empty) message.resume();
  const body = empty ? null : (Readable.toWeb(decoded(message)) as ReadableStream<Uint8Array>);
  try {
    return new Response(body, { status, statusText: message.statusMessage ?? '', headers });
  } catch (error) {
    // A status fetch cannot represent (below 200, above 599): no answer core could read.
    message.destroy();
    throw new TypeError('fetch failed', { cause: error });
  }
}

/** The body with its content coding undone, as fetch gives it; an unknown coding is left as sent. */
function decoded(message: IncomingMessage): Readable {
  const coding = String(message.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  // Lenient about a stream cut before its end marker, as fetch is (the bound and the JSON parse judge).
  const lenient = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? zlib.createGunzip(lenient)
      : coding === 'deflate'
        ? zlib.createInflate(lenient)
        : coding === 'br'
          ? zlib.createBrotliDecompress({
              flush: zlib.constants.BROTLI_OPERATION_FLUSH,
              finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
            })
          : null;
  if (decoder === null) return message;
  message.once('error', (error) => decoder.destroy(error));
  decoder.once('close', () => message.destroy());
  return message.pipe(decoder);
}
