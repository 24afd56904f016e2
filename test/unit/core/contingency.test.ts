// Which failures may become contingency (the ledger proves nothing left) and the
// transmission window's warnings. Pure functions, table-tested.
import { describe, expect, it } from 'vitest';
import { exchange, isRefused, TransportFailure } from '#core/api/http';
import { deadlineLevel, deadlineMessage, deadlineOf, isNewWarning, timeLeftText } from '#core/submissions/deadlines';
import { nothingSent, outcomeOfTransport, type SentEvidence } from '#core/submissions/outcome';

const HOUR = 3_600_000;
const request = {
  method: 'POST' as const,
  url: 'http://127.0.0.1:9/api/v1/companies/1/fe/facturas',
  token: 'token-de-prueba-123',
  timeoutMs: 50,
};
const failingWith =
  (code: string): typeof globalThis.fetch =>
  async () => {
    throw new TypeError('fetch failed', { cause: { code } });
  };

describe('what provably never left', () => {
  it.each([
    ['ECONNREFUSED', 'unreachable'],
    ['ENOTFOUND', 'unreachable'],
    ['EAI_AGAIN', 'unreachable'],
    ['EHOSTUNREACH', 'unreachable'],
    ['ENETUNREACH', 'unreachable'],
    ['UND_ERR_CONNECT_TIMEOUT', 'unreachable'],
    ['ECONNRESET', 'dropped'],
    ['UND_ERR_SOCKET', 'dropped'],
    ['EPIPE', 'dropped'],
  ])('a write failing with %s is %s', async (code, kind) => {
    await expect(exchange(failingWith(code), request)).rejects.toMatchObject({ kind });
    expect(isRefused({ cause: { code } })).toBe(kind === 'unreachable');
  });

  it('our own time limit is never "unreachable", even when the connection was still being opened', async () => {
    const slow: typeof globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new TypeError('fetch failed', { cause: { code: 'UND_ERR_CONNECT_TIMEOUT' } })),
        ),
      );
    await expect(exchange(slow, request)).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('only an unreachable transport failure counts as an attempt that never left', () => {
    expect(outcomeOfTransport(new TransportFailure('unreachable', null)).unreachable).toBe(true);
    expect(outcomeOfTransport(new TransportFailure('timeout', null)).unreachable).toBe(false);
    expect(outcomeOfTransport(new TransportFailure('dropped', null)).unreachable).toBe(false);
  });

  const row = (over: Partial<SentEvidence>): SentEvidence => ({
    state: 'in_doubt',
    attempts: 1,
    unreachable_attempts: 1,
    document_id: null,
    http_status: null,
    ...over,
  });

  it.each<[string, Partial<SentEvidence>, boolean]>([
    ['first attempt refused', {}, true],
    ['queued behind others, never attempted', { attempts: 0, unreachable_attempts: 0 }, true],
    ['three attempts, all refused', { attempts: 3, unreachable_attempts: 3 }, true],
    ['one attempt of three may have left (time-out, drop, crash)', { attempts: 3, unreachable_attempts: 2 }, false],
    ['written ahead and then the app died (state sending)', { state: 'sending', unreachable_attempts: 0 }, false],
    ['an answer arrived (503)', { http_status: 503, unreachable_attempts: 0 }, false],
    ['the server holds a document', { document_id: 12 }, false],
    ['pending at the server', { state: 'pending' }, false],
    ['rows from before migration 0018 (no count)', { unreachable_attempts: undefined }, false],
  ])('%s → nothing sent: %s', (_name, over, expected) => {
    expect(nothingSent(row(over))).toBe(expected);
  });
});

describe('transmission window', () => {
  const sold = new Date('2026-11-20T15:00:00Z');
  const deadline = deadlineOf(sold, 48);

  it('is 48 hours from the sale by default and configurable', () => {
    expect(deadline.toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(deadlineOf(sold, 72).toISOString()).toBe('2026-11-23T15:00:00.000Z');
  });

  it.each([
    [0, 'ok'],
    [23.9, 'ok'],
    [24, '24h'],
    [43.9, '24h'],
    [44, '4h'],
    [47.99, '4h'],
    [48, 'missed'],
    [60, 'missed'],
  ] as const)('%s h after the sale: %s', (hours, level) => {
    expect(deadlineLevel(new Date(sold.getTime() + hours * HOUR), deadline)).toBe(level);
  });

  it('gives each warning once, and only worse ones afterwards', () => {
    expect(isNewWarning('ok', 'none')).toBe(false);
    expect(isNewWarning('24h', 'none')).toBe(true);
    expect(isNewWarning('24h', '24h')).toBe(false);
    expect(isNewWarning('4h', '24h')).toBe(true);
    expect(isNewWarning('missed', 'none')).toBe(true);
    expect(isNewWarning('24h', '4h')).toBe(false);
    expect(isNewWarning('missed', 'missed')).toBe(false);
  });

  it('speaks Spanish: time left, warnings and what to do when the window was missed', () => {
    expect(timeLeftText(23 * HOUR + 5 * 60_000)).toBe('quedan 23 h 5 min');
    expect(timeLeftText(4 * HOUR)).toBe('quedan 4 h');
    expect(timeLeftText(59 * 60_000)).toBe('quedan 59 min');
    expect(timeLeftText(0)).toBe('plazo vencido');
    expect(deadlineMessage('ok', 'CONT-000001', deadline, 48)).toBeNull();
    expect(deadlineMessage('24h', 'CONT-000001', deadline, 48)).toContain('menos de 24 horas');
    expect(deadlineMessage('4h', 'CONT-000001', deadline, 48)).toContain('menos de 4 horas');
    const missed = deadlineMessage('missed', 'CONT-000001', deadline, 48)!;
    expect(missed).toContain('Venció el plazo de 48 horas');
    expect(missed).toContain('Sigue en la cola');
    expect(missed).toContain('CONT-000001');
  });
});
