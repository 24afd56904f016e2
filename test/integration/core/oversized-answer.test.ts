// An answer larger than the client reads (api/http.ts, MAX_ANSWER_BYTES): a local HTTP server
// streams 1 GB from one reused 64 KB buffer (nothing of that size is ever allocated, on either side),
// with and without a declared length. A read is refused with a message that says what happened (not
// "no se pudo conectar"), the stream is cut early and core's memory stays flat; a create answered
// that way stays in doubt with its HTTP status recorded (the server did answer: never failed, never
// contingency) and is confirmed later with the same key, creating nothing twice.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '#core/api/client';
import { MAX_ANSWER_BYTES } from '#core/api/http';
import { nothingSent } from '#core/submissions/outcome';
import { AppError } from '#shared/rpc/errors';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, dseDocumentIds, MAGIC } from '#test/requests/outcomes';
import { CORE_TOKENS as TOKENS } from '#test/seed';
import { nodeFetch } from '#core/api/node-fetch';

/** Core's own transport, as the app sends through it. */
const coreFetch = nodeFetch();

const GIGABYTE = 1024 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

interface HugeServer {
  url: string;
  /** bytes written to each answer before the client closed it */
  sent: number[];
  close(): Promise<void>;
}

/** Answers every request with `status` and 1 GB of spaces, written as the socket drains. */
async function hugeServer(status: number, declareLength: boolean): Promise<HugeServer> {
  const sent: number[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    const index = sent.push(0) - 1;
    response.writeHead(status, {
      'Content-Type': 'application/json',
      ...(declareLength ? { 'Content-Length': String(GIGABYTE) } : {}),
    });
    const pump = () => {
      while (sent[index]! < GIGABYTE && !response.destroyed) {
        sent[index]! += CHUNK.length;
        if (!response.write(CHUNK)) return void response.once('drain', pump);
      }
      if (!response.destroyed) response.end();
    };
    response.on('close', () => response.removeAllListeners('drain'));
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const megabytes = (bytes: number) => bytes / (1024 * 1024);

describe('an answer of 1 GB', () => {
  it.each([
    [
      'with its length declared',
      true,
      'El servicio envió una respuesta de 1.024 MB; el máximo aceptado es 16 MB, así que no se leyó.',
    ],
    [
      'streamed without a length',
      false,
      'El servicio envió una respuesta de más de 16 MB; el máximo aceptado es 16 MB, así que no se leyó.',
    ],
  ])('to a read, %s: refused saying so, the stream cut, memory flat', async (_name, declare, message) => {
    const server = await hugeServer(200, declare);
    try {
      const client = new ApiClient(
        { endpoint: `${server.url}/api/v1`, companyId: 1, token: async () => 'token-de-prueba' },
        { fetch: globalThis.fetch },
      );
      global.gc?.();
      const before = process.memoryUsage();
      const error = await client.getFeDoc(1).then(
        () => null,
        (e: unknown) => e,
      );
      const after = process.memoryUsage();
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('api_unexpected');
      expect((error as AppError).message).toBe(
        `${message} Revise que la dirección de la conexión sea la del servicio de facturación; si lo es, informe a su proveedor.`,
      );
      expect((error as AppError).message).not.toMatch(/conectar/);
      // Cut at the bound: the server could not write more than the bound and what the sockets buffer.
      expect(megabytes(server.sent[0]!)).toBeLessThan(megabytes(MAX_ANSWER_BYTES) + 64);
      // Memory: at most the bound and a little, never the gigabyte.
      expect(megabytes(after.rss - before.rss)).toBeLessThan(200);
      expect(megabytes(after.arrayBuffers - before.arrayBuffers)).toBeLessThan(megabytes(MAX_ANSWER_BYTES) + 32);
    } finally {
      await server.close();
    }
  });

  describe('to a DSE create', () => {
    let bed: TestBed;
    let server: HugeServer;
    beforeAll(async () => {
      bed = await testBed({ settleMs: 50 });
      server = await hugeServer(201, false);
    });
    afterAll(async () => {
      await server?.close();
      await bed?.close();
    });

    it('stays in doubt with its status, is never contingency, and is confirmed with the same key', async () => {
      // The first create reaches the sandbox (the document is created); its answer is replaced by
      // the 1 GB stream of the test server, as a broken proxy in front of the service would send.
      let creates = 0;
      const fetch: typeof globalThis.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (init?.method !== 'POST' || !/\/dse\/documentos$/.test(new URL(url).pathname)) return coreFetch(input, init);
        creates += 1;
        const answer = await coreFetch(input, init);
        if (creates > 1) return answer;
        await answer.arrayBuffer();
        return coreFetch(`${server.url}/respuesta-enorme`);
      };
      const core = await bed.core({ fetch });
      const before = await dseDocumentIds(bed.sandbox.baseUrl, TOKENS.full);

      const submission = await core.parts.submissions.submitDse(dse(MAGIC.accept, 'respuesta enorme'));
      expect(submission).toMatchObject({ state: 'in_doubt', http_status: 201, attempts: 1, contingency: null });
      expect(submission.error?.message).toMatch(/^El servicio envió una respuesta de más de 16 MB; el máximo aceptado es 16 MB/);
      expect(submission.error?.message).toMatch(/Se confirmará con la misma clave, sin crear un duplicado\.$/);
      const row = (await core.parts.submissions.ledger.get(submission.id))!;
      expect(nothingSent(row)).toBe(false);
      expect((await core.parts.submissions.outboxStatus()).queued).toBe(0);

      const settled = await core.parts.submissions.check(submission.id);
      expect(settled).toMatchObject({ state: 'accepted', idempotency_key: submission.idempotency_key });
      expect(creates).toBe(2);
      const after = await dseDocumentIds(bed.sandbox.baseUrl, TOKENS.full);
      expect(after.filter((id) => !before.includes(id))).toEqual([settled.document_id]);
    });
  });
});
