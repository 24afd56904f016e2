// Transport 2: the RPC contract over loopback HTTP, plus server-sent events, serving the built
// renderer to an ordinary browser. RPC and events are guarded by a random per-run secret sent in a
// header (never a cookie: cookies are not scoped by port, so other local services would receive it;
// shared/rpc/web-session.ts), a Host allow-list (DNS rebinding) and an Origin check (cross-site
// requests). The renderer's files (the public build) are served without the secret. Every answer
// carries Referrer-Policy: no-referrer. Bound to 127.0.0.1 only.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { RpcReply } from '#shared/rpc/envelope';
import { WEB_SECRET_FRAGMENT, WEB_SESSION_QUERY } from '#shared/rpc/web-session';
import type { EventBus } from '../events';
import type { Dispatcher } from '../rpc/registry';
import { LARGEST_MESSAGE_BYTES, refuseOversized, tooLargeMessage } from './limits';

export const SECRET_HEADER = 'x-factura-desk-secret';
/** The body is read up to the largest bound of any method; the message's own method is checked once parsed. */
const MAX_BODY_BYTES = LARGEST_MESSAGE_BYTES;

export const WEB_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface WebBridgeOptions {
  dispatcher: Dispatcher;
  events: EventBus;
  staticDir: string;
  port?: number;
  secret?: string;
}

export interface WebBridge {
  /** The address to open, secret in the fragment: http://127.0.0.1:PORT/?sesion#secret=... */
  url: string;
  origin: string;
  port: number;
  secret: string;
  close(): Promise<void>;
}

export async function startWebBridge(options: WebBridgeOptions): Promise<WebBridge> {
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const streams = new Set<ServerResponse>();
  let port = 0;

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'Error interno');
      else response.destroy();
    });
  });

  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  function secretMatches(candidate: string | undefined): boolean {
    if (!candidate) return false;
    const a = Buffer.from(candidate);
    const b = Buffer.from(secret);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Only the header: a secret in a cookie or a query string is not accepted. */
  function presentedSecret(request: IncomingMessage): string | undefined {
    const header = request.headers[SECRET_HEADER];
    return typeof header === 'string' ? header : undefined;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const host = request.headers.host ?? '';
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (!allowedHosts().has(host)) return forbid(response);
    if (origin !== undefined && !allowedOrigins().has(origin)) return forbid(response);
    if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') return forbid(response);

    let url: URL;
    try {
      url = new URL(request.url ?? '/', `http://${host}`);
    } catch {
      return badPath(response);
    }
    if (url.pathname === '/rpc') {
      if (!secretMatches(presentedSecret(request))) return forbid(response);
      if (request.method !== 'POST') return send(response, 405, 'text/plain; charset=utf-8', 'Método no permitido');
      if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
        return send(response, 415, 'text/plain; charset=utf-8', 'Se espera application/json');
      }
      return rpc(request, response);
    }
    if (url.pathname === '/events') {
      if (!secretMatches(presentedSecret(request))) return forbid(response);
      if (request.method === 'GET') return eventStream(request, response);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, 'text/plain; charset=utf-8', 'Método no permitido');
    return serveStatic(url.pathname, response);
  }

  async function rpc(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request, MAX_BODY_BYTES);
    let reply: RpcReply;
    if (body === null) {
      reply = { id: null, ok: false, error: tooLargeMessage(null, MAX_BODY_BYTES).toShape() };
    } else {
      let message: unknown;
      try {
        message = JSON.parse(body);
      } catch {
        message = undefined;
      }
      const refusal = message === undefined ? null : refuseOversized(message, Buffer.byteLength(body));
      reply =
        message === undefined
          ? { id: null, ok: false, error: { code: 'invalid_input', message: 'La solicitud no es JSON válido.' } }
          : refusal
            ? { id: null, ok: false, error: refusal.toShape() }
            : await options.dispatcher.dispatch(message);
    }
    send(response, 200, 'application/json; charset=utf-8', JSON.stringify(reply));
  }

  function eventStream(request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      Connection: 'keep-alive',
    });
    response.write(': conectado\n\n');
    streams.add(response);
    const keepAlive = setInterval(() => response.write(': ping\n\n'), 15_000);
    keepAlive.unref();
    request.on('close', () => {
      clearInterval(keepAlive);
      streams.delete(response);
    });
  }

  function serveStatic(pathname: string, response: ServerResponse): void {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // A malformed %-escape: the client's mistake, answered with the error envelope.
      return badPath(response);
    }
    const relative = pathname === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
    const file = normalize(join(options.staticDir, relative));
    if (!file.startsWith(normalize(options.staticDir) + sep))
      return send(response, 404, 'text/plain; charset=utf-8', 'No encontrado');
    let size: number;
    try {
      const stats = statSync(file);
      if (!stats.isFile()) throw new Error('not a file');
      size = stats.size;
    } catch {
      return send(response, 404, 'text/plain; charset=utf-8', 'No encontrado');
    }
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': size,
      'Content-Security-Policy': WEB_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    createReadStream(file).pipe(response);
  }

  const unsubscribe = options.events.subscribe((event, payload) => {
    const frame = `data: ${JSON.stringify({ event, payload })}\n\n`;
    for (const stream of streams) stream.write(frame);
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/${WEB_SESSION_QUERY}${WEB_SECRET_FRAGMENT}${secret}`,
    origin,
    port,
    secret,
    async close() {
      unsubscribe();
      for (const stream of streams) stream.end();
      streams.clear();
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}

function badPath(response: ServerResponse): void {
  const envelope: RpcReply = {
    id: null,
    ok: false,
    error: { code: 'invalid_input', message: 'La dirección solicitada no es válida.' },
  };
  send(response, 400, 'application/json; charset=utf-8', JSON.stringify(envelope));
}

function forbid(response: ServerResponse): void {
  send(response, 403, 'text/plain; charset=utf-8', 'Acceso denegado');
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  response.end(body);
}

/** Reads a request body up to `limit` bytes; null when larger (the rest is discarded). */
function readBody(request: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolveBody, rejectBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => resolveBody(tooLarge ? null : Buffer.concat(chunks).toString('utf8')));
    request.on('error', rejectBody);
  });
}
