// The settler skips the due-settlement queries until the earliest settle time it last read
// (authority/settler.ts), which holds only if every writer of a settle time re-reads it. Each writer
// records a settle time here; a request sent once it is due must find the document settled. Settle
// times run on real elapsed time (`Date.now()`, docs/SANDBOX.md "Clock and settlement"), so the test
// moves that clock by hand (vitest's fake Date; no timer is faked and nothing sleeps): settle-ms is an
// hour, so the settler's own timer never fires during the test and only the request can settle.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { dseBody, feBody, newKey } from '#test/requests/conformance';
import { apiClient, type ApiClient } from '#test/sandbox/http';
import { conformanceSeed, SANDBOX_NOW as NOW } from '#test/seed';

const SETTLE_MS = 3_600_000;

let sandbox: RunningSandbox;
let api: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: conformanceSeed(), now: NOW, settleMs: SETTLE_MS });
  api = apiClient(sandbox.baseUrl);
});

afterAll(async () => {
  await sandbox.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Moves `Date.now()` (the settler's clock) forward by `ms`, leaving every timer real. */
function elapse(ms: number): void {
  const at = Date.now() + ms;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

type Doc = { estado_dian: string };

interface Writer {
  name: string;
  /** records an uncertain transmission; returns how to read its document's state */
  record(): Promise<() => Promise<string>>;
  pending: string;
  settled: string;
}

/** A DSE from a supplier whose transmission is uncertain (502), settled to `settled`. */
function dseWriter(nit: string, settled: string): Writer {
  return {
    name: `DSE, ${nit} (uncertain, then ${settled})`,
    pending: 'en_proceso_http',
    settled,
    async record() {
      const created = await api.post<{ documento: { id: number } }>('/dse/documentos', dseBody({}, nit), {
        idempotencyKey: newKey('settle-dse'),
      });
      expect(created.status).toBe(502);
      const id = created.body.documento.id;
      return async () => (await api.get<{ documento: Doc }>(`/dse/documentos/${id}`)).body.documento.estado_dian;
    },
  };
}

/** An FE to a customer whose transmission is uncertain (202 en_proceso), settled to `settled`. */
function feWriter(numero: string, settled: string): Writer {
  return {
    name: `FE, ${numero} (uncertain, then ${settled})`,
    pending: 'en_proceso',
    settled,
    async record() {
      const created = await api.post<{ factura_id: number }>('/fe/facturas', feBody({ draft_key: newKey('settle-fe') }, numero));
      expect(created.status).toBe(202);
      const id = created.body.factura_id;
      return async () => (await api.get<{ doc: Doc }>(`/fe/docs/${id}`)).body.doc.estado_dian;
    },
  };
}

/** Each writer of a settle time. */
const WRITERS: Writer[] = [
  dseWriter('333333333', 'aceptado'),
  dseWriter('444444444', 'rechazado'),
  feWriter('333333333', 'aceptado'),
  feWriter('444444444', 'rechazado'),
];

describe('settling before a request', () => {
  it.each(WRITERS)('$name: not settled before its settle time, settled by the first request after it', async (writer) => {
    // a request first, so that the settler has read the earliest settle time before this one exists
    expect((await api.get('/fe/payment-methods')).status).toBe(200);
    const state = await writer.record();
    expect(await state()).toBe(writer.pending);
    elapse(SETTLE_MS - 60_000);
    expect(await state()).toBe(writer.pending);
    elapse(60_001);
    expect(await state()).toBe(writer.settled);
  });
});
