// A tiny HTTP client for the conformance suite. Every answer is checked against resources/openapi.json
// on the way (a test fails on any undocumented status or body), and never contains a stack trace.
import { expect } from 'vitest';
import { openApiMismatch } from './openapi';
import { CONFORMANCE_TOKENS as TOKENS } from '../seed';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** raw request body text (sent as is) */
  raw?: string;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

export function apiClient(baseUrl: string, companyId = 101) {
  async function call<T = Record<string, unknown>>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const token = options.token === undefined ? TOKENS.full : options.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
    let payload: string | undefined = options.raw;
    if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    // "/fe/docs" is relative to the client's company; "/companies/..." is taken as is.
    const url = path.startsWith('/companies/') ? `${baseUrl}${path}` : `${baseUrl}/companies/${companyId}${path}`;
    const res = await fetch(url, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
    const text = await res.text();
    const body = JSON.parse(text) as T;
    expect(text).not.toMatch(/\n\s+at |node_modules|\/work\/|\.ts:\d+/);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const mismatch = openApiMismatch(method, new URL(url).pathname.replace(/^\/api\/v1/, ''), res.status, body);
    expect(mismatch, mismatch ?? '').toBeNull();
    return { status: res.status, body, text };
  }
  return {
    call,
    get: <T = Record<string, unknown>>(path: string, options?: CallOptions) => call<T>('GET', path, options),
    post: <T = Record<string, unknown>>(path: string, body: unknown, options?: CallOptions) =>
      call<T>('POST', path, { ...options, body }),
  };
}
export type ApiClient = ReturnType<typeof apiClient>;
