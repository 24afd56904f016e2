// Core's transport (api/node-fetch.ts) against real servers on loopback: what fetch did that core relies
// on (redirects, compressed answers, aborts, a failure's cause), and how a failure to connect reads.
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, TransportFailure } from '#core/api/http';
import { nodeFetch } from '#core/api/node-fetch';

interface Seen {
  method: string;
  url: string;
  body: string;
  authorization: string | undefined;
}

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

async function serve(handler: Handler): Promise<{ server: Server; base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: request.method!, url: request.url!, body, authorization: request.headers.authorization });
      handler(request, body, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { server, base: `http://127.0.0.1:${port}`, seen };
}

const fetch = nodeFetch({ connectTimeoutMs: 300 });
let main: Awaited<ReturnType<typeof serve>>;
let other: Awaited<ReturnType<typeof serve>>;
let silent: TcpServer;
let silentPort: number;
const silentSockets: import('node:net').Socket[] = [];

beforeAll(async () => {
  other = await serve((_request, _body, response) => response.end('{"where":"other"}'));
  main = await serve((request, body, response) => {
    const path = request.url!;
    if (path === '/json') return response.end('{"ok":true}');
    if (path === '/307') return response.writeHead(307, { location: '/echo' }).end();
    if (path === '/303') return response.writeHead(303, { location: '/echo' }).end();
    if (path === '/away') return response.writeHead(308, { location: `${other.base}/there` }).end();
    if (path === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    if (path === '/echo') return response.end(JSON.stringify({ method: request.method, body }));
    if (path === '/gzip')
      return response.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('\ufeff{"coded":"gzip"}'));
    if (path === '/br')
      return response.writeHead(200, { 'content-encoding': 'br' }).end(zlib.brotliCompressSync('{"coded":"br"}'));
    if (path === '/deflate')
      return response.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateSync('{"coded":"deflate"}'));
    if (path === '/empty') return response.writeHead(204).end();
    if (path === '/slow-body') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"part":');
      return; // the rest never comes
    }
    if (path === '/cut') {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"cut":');
      setImmediate(() => response.socket?.destroy());
      return;
    }
    if (path === '/never') return; // no answer at all
    response.writeHead(404).end();
  });
  // Accepts the TCP connection and never speaks: an HTTPS handshake to it never completes.
  silent = createTcpServer((socket) => void silentSockets.push(socket));
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
  silentPort = (silent.address() as { port: number }).port;
});

afterAll(async () => {
  main.server.closeAllConnections();
  other.server.closeAllConnections();
  await Promise.all([new Promise((done) => main.server.close(done)), new Promise((done) => other.server.close(done))]);
  for (const socket of silentSockets) socket.destroy();
  await new Promise((done) => silent.close(done));
});

describe('core transport (node:http behind the fetch shape)', () => {
  it('answers a JSON body with its status and headers', async () => {
    const response = await fetch(`${main.base}/json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('keeps method and body through a 307, and turns a POST into a GET on a 303', async () => {
    const kept = await fetch(`${main.base}/307`, {
      method: 'POST',
      body: '{"n":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await kept.json()).toEqual({ method: 'POST', body: '{"n":1}' });
    const turned = await fetch(`${main.base}/303`, { method: 'POST', body: '{"n":2}' });
    expect(await turned.json()).toEqual({ method: 'GET', body: '' });
  });

  it('drops the Authorization header when a redirect leaves the origin, keeps it within', async () => {
    await fetch(`${main.base}/307`, { headers: { Authorization: 'Bearer secreto' } });
    expect(main.seen.filter((s) => s.url === '/echo').at(-1)!.authorization).toBe('Bearer secreto');
    const away = await fetch(`${main.base}/away`, { headers: { Authorization: 'Bearer secreto' } });
    expect(await away.json()).toEqual({ where: 'other' });
    expect(other.seen.at(-1)!.authorization).toBeUndefined();
  });

  it('gives up a redirect loop as a failure, not an answer', async () => {
    await expect(fetch(`${main.base}/loop`)).rejects.toThrow(TypeError);
  });

  it('decodes gzip, deflate and br answers', async () => {
    for (const coding of ['gzip', 'deflate', 'br']) {
      const answer = await exchange(fetch, { method: 'GET', url: `${main.base}/${coding}`, token: 't', timeoutMs: 5_000 });
      expect(answer.body).toEqual({ coded: coding });
    }
  });

  it('reads a 204 as an empty answer', async () => {
    const answer = await exchange(fetch, { method: 'GET', url: `${main.base}/empty`, token: 't', timeoutMs: 5_000 });
    expect(answer).toMatchObject({ status: 204, body: null, text: '' });
  });

  it('a refused connection fails with the system error as its cause, read as unreachable', async () => {
    const closed = createTcpServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as { port: number };
    await new Promise((done) => closed.close(done));
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
    const failure = await exchange(fetch, {
      method: 'POST',
      url: `http://127.0.0.1:${port}/`,
      token: 't',
      body: new TextEncoder().encode('{}'),
      timeoutMs: 5_000,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TransportFailure);
    expect((failure as TransportFailure).kind).toBe('unreachable');
  });

  it('a handshake that never completes is given up at the connect limit, as nothing sent', async () => {
    const failure = await exchange(fetch, {
      method: 'POST',
      url: `https://127.0.0.1:${silentPort}/`,
      token: 't',
      body: new TextEncoder().encode('{}'),
      timeoutMs: 5_000,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TransportFailure);
    expect((failure as TransportFailure).kind).toBe('unreachable');
  });

  it("the caller's time limit ends a request with no answer, and a body that stops half-way", async () => {
    const noAnswer = await exchange(fetch, { method: 'GET', url: `${main.base}/never`, token: 't', timeoutMs: 200 }).catch(
      (e: unknown) => e,
    );
    expect((noAnswer as TransportFailure).kind).toBe('timeout');
    const halfBody = await exchange(fetch, { method: 'GET', url: `${main.base}/slow-body`, token: 't', timeoutMs: 200 }).catch(
      (e: unknown) => e,
    );
    expect((halfBody as TransportFailure).kind).toBe('timeout');
  });

  it('a connection cut in the middle of the body is a dropped answer', async () => {
    const failure = await exchange(fetch, { method: 'GET', url: `${main.base}/cut`, token: 't', timeoutMs: 5_000 }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(TransportFailure);
    expect((failure as TransportFailure).kind).toBe('dropped');
  });

  it('an aborted signal fails before anything is sent', async () => {
    const before = main.seen.length;
    const controller = new AbortController();
    controller.abort(new DOMException('cancelado', 'AbortError'));
    await expect(fetch(`${main.base}/json`, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(main.seen.length).toBe(before);
  });
});
