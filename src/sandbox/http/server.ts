// The HTTP server: routing (find-my-way), authentication and scopes, bounded JSON bodies, and the
// error envelope on every failure. Never a stack trace or an internal path in a body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import FindMyWay from 'find-my-way';
import type { Scope } from '#shared/api/index';
import type { SandboxContext } from '../context';
import type { Company } from '../storage/company-store';
import { authenticate, authorize, type ApiClient } from './auth';
import { BodyError, parseJsonBody, readBody } from './body';
import { errorReply, isReply, type Reply } from './reply';
import { GATEWAY_BODY, UNAVAILABLE_BODY } from '../outage';

export const BASE_PATH = '/api/v1';

export interface RouteRequest {
  ctx: SandboxContext;
  client: ApiClient;
  company: Company;
  params: Record<string, string | undefined>;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** parsed JSON object for POST routes; undefined for GET */
  body: unknown;
}

export interface Route {
  method: 'GET' | 'POST';
  /** relative to BASE_PATH */
  path: string;
  scope: Scope;
  handle(request: RouteRequest): Reply | Promise<Reply>;
}

/**
 * Which Host headers are answered (a guard against DNS rebinding: a web page whose name was made to
 * resolve to 127.0.0.1 sends its own name as Host). 'exact': a loopback name with the port the
 * sandbox listens on (the app's embedded sandbox); 'loopback': a loopback name on any port (tests
 * reach it through a forwarding proxy); 'any': no check (the sandbox listens beyond this computer).
 */
export type HostCheck = 'exact' | 'loopback' | 'any';

const LOOPBACK_HOST = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::(\d{1,5}))?$/i;

export function hostAllowed(host: string | undefined, check: HostCheck, listeningPort: number | undefined): boolean {
  if (check === 'any') return true;
  const match = LOOPBACK_HOST.exec(host?.trim() ?? '');
  if (!match) return false;
  if (check === 'loopback') return true;
  return match[1] !== undefined && Number(match[1]) === listeningPort;
}

export function createSandboxServer(ctx: SandboxContext, routes: readonly Route[], hostCheck: HostCheck = 'loopback'): Server {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const route of routes) router.on(route.method, `${BASE_PATH}${route.path}`, () => undefined, route);

  const server = createServer((req, res) => {
    if (!hostAllowed(req.headers.host, hostCheck, req.socket.localPort)) {
      // Nothing is read or created for a request addressed to another name.
      send(res, errorReply(421, 'misdirected_request', 'El sandbox solo atiende solicitudes dirigidas a su dirección local'));
      return;
    }
    if (ctx.outage?.current === 'unavailable') {
      // An outage on demand: nothing is read, nothing is created.
      res
        .writeHead(503, {
          'Content-Type': 'application/json; charset=utf-8',
          'Retry-After': '5',
          'Cache-Control': 'no-store',
          Connection: 'close',
        })
        .end(UNAVAILABLE_BODY);
      return;
    }
    if (ctx.outage?.current === 'gateway') {
      // A proxy in front of a service that is down: its own HTML page, no Retry-After.
      res.writeHead(503, { 'Content-Type': 'text/html', Server: 'nginx', Connection: 'close' }).end(GATEWAY_BODY);
      return;
    }
    // Never rejects: every failure becomes the 500 envelope before `send`.
    void dispatch(ctx, router, req)
      .catch((error: unknown) => {
        ctx.log(`error interno: ${error instanceof Error ? error.message : String(error)}`);
        return errorReply(500, 'internal', 'Error interno del sandbox');
      })
      .then((reply) => send(res, reply));
  });
  // A request Node's parser refuses (malformed start line, bad chunking, oversized headers) would
  // otherwise get Node's bare "400 Bad Request" without a body: answer with the error envelope too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Node's own rule: once an answer on this socket has started, nothing more may be written.
    if (!socket.writable || (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const text = JSON.stringify({
      ok: false,
      error: tooLarge ? 'Los encabezados de la solicitud son demasiado grandes' : 'La solicitud HTTP está mal formada',
      code: tooLarge ? 'headers_too_large' : 'malformed_request',
    });
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  });
  server.keepAliveTimeout = 5_000;
  return server;
}

async function dispatch(
  ctx: SandboxContext,
  router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>,
  req: IncomingMessage,
): Promise<Reply> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const found = router.find(req.method as FindMyWay.HTTPMethod, url.pathname);
  if (!found) return errorReply(404, 'not_found', `Ruta no encontrada: ${req.method} ${url.pathname}`);
  const route = found.store as Route;
  ctx.settler.settleDue();
  const client = authenticate(ctx.db, req.headers.authorization, ctx.clock.now());
  if (isReply(client)) return client;
  const denied = authorize(client, found.params.company_id ?? '', route.scope);
  if (denied) return denied;
  const company = ctx.companies.get(client.companyId);
  if (!company) return errorReply(403, 'forbidden_company', 'El token no tiene acceso a la empresa solicitada');
  let body: unknown;
  if (route.method === 'POST') {
    try {
      body = parseJsonBody(await readBody(req));
    } catch (error) {
      if (error instanceof BodyError)
        return errorReply(error.status, error.status === 413 ? 'payload_too_large' : 'malformed_json', error.message);
      throw error;
    }
  }
  return route.handle({ ctx, client, company, params: found.params, query: url.searchParams, headers: req.headers, body });
}

function send(res: ServerResponse, reply: Reply): void {
  if ('destroy' in reply) {
    res.socket?.destroy();
    return;
  }
  const text = JSON.stringify(reply.body);
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  };
  if (reply.status === 413) headers.Connection = 'close';
  res.writeHead(reply.status, headers).end(text);
}
