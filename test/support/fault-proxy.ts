// A real TCP proxy on 127.0.0.1 between the client core and the sandbox, with switchable faults.
// It speaks bytes, not HTTP, except for finding where a request's headers and
// a response's headers end, so that what the client's network stack sees is exactly what a broken
// network would do to it:
//
//   latency           every chunk, both ways, waits `latencyMs` (order kept)
//   reset-before-body the request's headers reach the server, then both sides are reset: the
//                     server never gets a complete body
//   reset-after-body  the whole request reaches the server; when its answer starts, the client's
//                     socket is reset and the answer is thrown away
//   cut-mid-body      the answer's headers and half of its body reach the client, then a reset
//   stall             the request reaches the server; the answer is swallowed and the client's
//                     socket is held open until the client gives up (or the fault changes)
//   refuse            nothing listens on the proxy's port: connections are refused
//   unavailable-html  a gateway in front of a service that is down: each request is read whole and
//                     answered `503 Service Unavailable` with an HTML page, nothing forwarded
//
//   const proxy = await startFaultProxy('http://127.0.0.1:PORT');
//   proxy.setFault('reset-after-body');  // every new connection gets it; open ones are dropped
//   proxy.url('/api/v1')                 // http://127.0.0.1:PROXY_PORT/api/v1
//   proxy.counts                         // connections seen and faults applied, per fault
//   await proxy.close();
//
// Only loopback: the proxy binds 127.0.0.1 and refuses a target that is not a loopback address.
import { createServer, connect, type Server, type Socket } from 'node:net';

export const FAULTS = ['none', 'latency', 'reset-before-body', 'reset-after-body', 'cut-mid-body', 'stall', 'refuse'] as const;
/** Answers a gateway gives on the service's behalf: the network works, the service does not (kept out of the network-fault figures). */
export const GATEWAY_FAULTS = ['unavailable-html'] as const;
export type Fault = (typeof FAULTS)[number];
/** What the proxy can be set to: a network fault or a gateway's answer. */
export type ProxyMode = Fault | (typeof GATEWAY_FAULTS)[number];

export interface FaultProxy {
  port: number;
  url(path?: string): string;
  fault: ProxyMode;
  setFault(fault: ProxyMode, options?: { latencyMs?: number }): Promise<void>;
  /** Connections accepted and faults applied, per fault, since the start. */
  counts: Record<ProxyMode, { connections: number; applied: number }>;
  close(): Promise<void>;
}

const HEADER_END = Buffer.from('\r\n\r\n');

const GATEWAY_PAGE =
  '<!DOCTYPE html>\n<html><head><title>503 Service Unavailable</title></head>\n' +
  '<body><h1>503 Service Unavailable</h1><p>No server is available to handle this request.</p></body></html>\n';
const GATEWAY_ANSWER = Buffer.from(
  'HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/html; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(GATEWAY_PAGE)}\r\nConnection: close\r\n\r\n${GATEWAY_PAGE}`,
  'latin1',
);

/** How long a dropped connection's client may take to close its side before it is cut off. */
const CLOSE_GRACE_MS = 5_000;

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(upstream.hostname)) {
    throw new Error(`the fault proxy only forwards to loopback, not ${upstream.hostname}`);
  }
  const targetPort = Number(upstream.port);
  const sockets = new Set<Socket>();
  /** The client's side of each connection (the app's), apart from the proxy's own to the server. */
  const clients = new Set<Socket>();
  const counts = Object.fromEntries(
    [...FAULTS, ...GATEWAY_FAULTS].map((f) => [f, { connections: 0, applied: 0 }]),
  ) as FaultProxy['counts'];
  let fault: ProxyMode = 'none';
  let latencyMs = 100;
  let port = 0;
  let server: Server | null = null;

  const track = (socket: Socket): Socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    return socket;
  };

  function handle(client: Socket): void {
    track(client);
    clients.add(client);
    client.on('close', () => clients.delete(client));
    const mode = fault;
    const delay = latencyMs;
    counts[mode].connections += 1;
    if (mode === 'latency') counts.latency.applied += 1;
    if (mode === 'unavailable-html') {
      answerUnavailable(client);
      return;
    }
    const server = track(connect({ host: '127.0.0.1', port: targetPort }));
    const reset = () => {
      if (!client.destroyed) client.resetAndDestroy();
      if (!server.destroyed) server.resetAndDestroy();
    };
    server.on('error', () => reset());
    client.on('error', () => reset());
    client.on('close', () => server.destroy());
    server.on('close', () => {
      // A stalled answer keeps the client waiting even after the server hung up.
      if (mode !== 'stall') client.end();
    });

    // Client -> server.
    let requestHead = Buffer.alloc(0);
    let requestHeadDone = false;
    client.on('data', (chunk: Buffer) => {
      if (mode === 'reset-before-body' && !requestHeadDone) {
        requestHead = Buffer.concat([requestHead, chunk]);
        const end = requestHead.indexOf(HEADER_END);
        if (end < 0) return;
        requestHeadDone = true;
        counts[mode].applied += 1;
        // The headers go out; the body never does, and both connections are reset.
        server.write(requestHead.subarray(0, end + HEADER_END.length), () => setTimeout(reset, 20));
        return;
      }
      if (requestHeadDone) return;
      forward(server, chunk, mode === 'latency' ? delay : 0);
    });

    // Server -> client.
    let answerStarted = false;
    let responseHead = Buffer.alloc(0);
    server.on('data', (chunk: Buffer) => {
      switch (mode) {
        case 'reset-after-body':
          if (!answerStarted) counts[mode].applied += 1;
          answerStarted = true;
          reset();
          return;
        case 'stall':
          if (!answerStarted) counts[mode].applied += 1;
          answerStarted = true;
          return;
        case 'cut-mid-body': {
          if (answerStarted) return;
          responseHead = Buffer.concat([responseHead, chunk]);
          const end = responseHead.indexOf(HEADER_END);
          if (end < 0) return;
          const bodyBytes = responseHead.length - end - HEADER_END.length;
          const declared = /content-length:\s*(\d+)/i.exec(responseHead.subarray(0, end).toString('latin1'));
          const total = declared ? Number(declared[1]) : bodyBytes;
          if (bodyBytes < Math.ceil(total / 2) && bodyBytes < total) return;
          answerStarted = true;
          counts[mode].applied += 1;
          const keep = end + HEADER_END.length + Math.floor(total / 2);
          client.write(responseHead.subarray(0, keep), () => setTimeout(reset, 20));
          return;
        }
        default:
          forward(client, chunk, mode === 'latency' ? delay : 0);
      }
    });
  }

  /** Reads one request whole (its headers, then Content-Length bytes), answers the gateway's 503 page, closes. */
  function answerUnavailable(client: Socket): void {
    let received = Buffer.alloc(0);
    let answered = false;
    client.on('data', (chunk: Buffer) => {
      if (answered) return;
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf(HEADER_END);
      if (end < 0) return;
      const declared = /content-length:\s*(\d+)/i.exec(received.subarray(0, end).toString('latin1'));
      if (received.length - end - HEADER_END.length < (declared ? Number(declared[1]) : 0)) return;
      answered = true;
      counts['unavailable-html'].applied += 1;
      client.end(GATEWAY_ANSWER);
    });
  }

  const queues = new WeakMap<Socket, Promise<void>>();
  function forward(to: Socket, chunk: Buffer, delay: number): void {
    if (delay === 0) {
      if (!to.destroyed) to.write(chunk);
      return;
    }
    const previous = queues.get(to) ?? Promise.resolve();
    const next = previous.then(
      () =>
        new Promise<void>((done) =>
          setTimeout(() => {
            if (!to.destroyed) to.write(chunk);
            done();
          }, delay),
        ),
    );
    queues.set(to, next);
  }

  async function listen(): Promise<void> {
    const next = createServer(handle);
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as { port: number }).port;
    server = next;
  }

  async function unlisten(): Promise<void> {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  /**
   * Drops every open connection. The app's are ended rather than destroyed, and awaited until the app
   * has closed its side too: by then its pool has let them go, so its next request opens a connection
   * under the new fault instead of failing on a kept-alive one that is already dead.
   */
  async function dropAll(): Promise<void> {
    const closed = [...clients].map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.closed) return resolve();
          socket.once('close', () => resolve());
          socket.end();
          // An app that never closes its side (a request still writing) is cut off after a while.
          setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
        }),
    );
    for (const socket of sockets) if (!clients.has(socket)) socket.destroy();
    await Promise.all(closed);
    sockets.clear();
    clients.clear();
  }

  await listen();

  const proxy: FaultProxy = {
    get port() {
      return port;
    },
    url: (path = '') => `http://127.0.0.1:${port}${path}`,
    get fault() {
      return fault;
    },
    async setFault(next, options = {}) {
      latencyMs = options.latencyMs ?? latencyMs;
      fault = next;
      // Open (keep-alive) connections were made under the previous fault: drop them.
      await dropAll();
      if (next === 'refuse') {
        if (server) {
          await unlisten();
          counts.refuse.applied += 1;
        }
      } else if (!server) {
        await listen();
      }
    },
    counts,
    async close() {
      await dropAll();
      await unlisten();
    },
  };
  return proxy;
}
