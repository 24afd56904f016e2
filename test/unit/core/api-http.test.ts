// The HTTP exchange's time limit: it bounds the headers and the body, and it is gone once the answer
// is read (a limit left armed would fire into every finished request while core is idle).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exchange, TransportFailure } from '#core/api/http';

const LIMIT_MS = 20;
const request = {
  method: 'GET' as const,
  url: 'http://127.0.0.1:9/api/v1/companies/1/dse/documentos/7',
  token: 'token-de-prueba-123',
  timeoutMs: LIMIT_MS,
};

// The limit's timer runs on a controlled clock: the tests move time past it instead of waiting.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves time well past the limit: a limit left armed fires now. */
const pastTheLimit = () => vi.advanceTimersByTimeAsync(LIMIT_MS * 3);

/** The exchange's outcome, with time moved past its limit while it waits. */
async function outcomeOf(promise: Promise<unknown>): Promise<unknown> {
  const failure = promise.catch((error: unknown) => error);
  await pastTheLimit();
  return failure;
}

/** A fetch that never answers by itself: it fails only when its signal aborts. */
const silentFetch: typeof globalThis.fetch = (_input, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));

describe('exchange', () => {
  it('disarms the time limit once the answer is read', async () => {
    let signal: AbortSignal | undefined;
    const fetch: typeof globalThis.fetch = async (_input, init) => {
      signal = init?.signal ?? undefined;
      return Response.json({ ok: true });
    };
    const answer = await exchange(fetch, request);
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(vi.getTimerCount()).toBe(0);
    await pastTheLimit();
    expect(signal?.aborted).toBe(false);
  });

  it('disarms the time limit when the request fails', async () => {
    let signal: AbortSignal | undefined;
    const fetch: typeof globalThis.fetch = async (_input, init) => {
      signal = init?.signal ?? undefined;
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    };
    await expect(exchange(fetch, request)).rejects.toMatchObject({ kind: 'unreachable' });
    expect(vi.getTimerCount()).toBe(0);
    await pastTheLimit();
    expect(signal?.aborted).toBe(false);
  });

  it('is a timeout when no answer arrives within the limit', async () => {
    const failure = await outcomeOf(exchange(silentFetch, request));
    expect(failure).toBeInstanceOf(TransportFailure);
    expect(failure).toMatchObject({ kind: 'timeout' });
  });

  it('is a timeout when the body stops arriving within the limit', async () => {
    const fetch: typeof globalThis.fetch = async (_input, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new TextEncoder().encode('{"ok":'));
          init?.signal?.addEventListener('abort', () => stream.error(init.signal!.reason));
        },
      });
      return new Response(body, { status: 200 });
    };
    const failure = await outcomeOf(exchange(fetch, request));
    expect(failure).toBeInstanceOf(TransportFailure);
    expect(failure).toMatchObject({ kind: 'timeout' });
  });
});
