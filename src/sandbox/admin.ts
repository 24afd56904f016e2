// The standalone sandbox's switch for outages: a second HTTP server on loopback, apart from the API
// port, so that it still answers while the API port refuses connections. It serves one resource:
//   GET  /outage                          -> {"mode": "...", "until": ISO | null}
//   POST /outage {"mode": "...", "minutes": N?}  (Content-Type: application/json) -> the same
// A browser page cannot send that content type to another origin without a preflight, which is never
// answered here, so a web page open on this machine cannot flip the switch (docs/SANDBOX.md, "Outages").
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutageRequest } from '../shared/rpc/methods/sandbox';
import { BodyError, parseJsonBody, readBody } from './http/body';
import type { RunningSandbox } from './index';

export interface OutageAdmin {
  /** e.g. http://127.0.0.1:43124 */
  url: string;
  close(): Promise<void>;
}

export async function startOutageAdmin(
  sandbox: Pick<RunningSandbox, 'outage' | 'outageStatus'>,
  options: { port?: number; host?: string; log?: (message: string) => void } = {},
): Promise<OutageAdmin> {
  const log = options.log ?? (() => undefined);
  const server = createServer((req, res) => {
    void answer(req, res).catch(() => reply(res, 500, { error: 'Error interno del panel de cortes' }));
  });
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://admin').pathname.replace(/\/+$/, '');
    if (path !== '/outage') return reply(res, 404, { error: 'Solo existe /outage' });
    if (req.method === 'GET') return reply(res, 200, sandbox.outageStatus());
    if (req.method !== 'POST') return reply(res, 405, { error: 'Use GET o POST' }, { Allow: 'GET, POST' });
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return reply(res, 415, { error: 'El cuerpo debe ser JSON (Content-Type: application/json)' });
    }
    let parsed: unknown;
    try {
      parsed = parseJsonBody(await readBody(req));
    } catch (error) {
      if (error instanceof BodyError) return reply(res, error.status, { error: error.message });
      throw error;
    }
    const request = OutageRequest.safeParse(parsed);
    if (!request.success) {
      return reply(res, 400, {
        error: `Pida un modo entre none, refuse, unavailable, gateway y authority, y minutos opcionales: ${request.error.issues
          .map((issue) => issue.message)
          .join('; ')}`,
      });
    }
    const { mode, minutes } = request.data;
    await sandbox.outage(mode, minutes !== undefined && mode !== 'none' ? { forMs: minutes * 60_000 } : {});
    log(`corte simulado: ${mode}${minutes !== undefined && mode !== 'none' ? ` durante ${minutes} min` : ''}`);
    return reply(res, 200, sandbox.outageStatus());
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res
    .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers })
    .end(JSON.stringify(body));
}
