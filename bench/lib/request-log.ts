// A fetch that records every request core makes (when it started and ended, method, route, the
// document id in the path), for scenarios that count requests against what a schedule allows.
import { nodeFetch } from '#core/api/node-fetch';

/** Core's own transport, as the app sends through it. */
const coreFetch = nodeFetch();

export interface LoggedRequest {
  /** Date.now() when core called fetch (the same clock core schedules with) */
  start: number;
  /** Date.now() when the answer (or the failure) came back; null while in flight */
  end: number | null;
  method: string;
  /** the path after /companies/<id>, numbers replaced by :id, e.g. "GET /dse/documentos/:id" */
  route: string;
  /** the last number in the path (the document asked for), if any */
  docId: number | null;
}

export function loggingFetch(): { fetch: typeof globalThis.fetch; requests: LoggedRequest[]; inFlight(): number } {
  const requests: LoggedRequest[] = [];
  let inFlight = 0;
  const wrapped: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const path = url.pathname.replace(/^.*\/companies\/\d+/, '');
    const numbers = path.match(/\d+/g);
    const entry: LoggedRequest = {
      start: Date.now(),
      end: null,
      method,
      route: `${method} ${path.replace(/\/\d+(?=\/|$)/g, '/:id')}`,
      docId: numbers ? Number(numbers.at(-1)) : null,
    };
    requests.push(entry);
    inFlight += 1;
    try {
      return await coreFetch(input, init);
    } finally {
      inFlight -= 1;
      entry.end = Date.now();
    }
  };
  return { fetch: wrapped, requests, inFlight: () => inFlight };
}

/** How many requests per route. */
export function countByRoute(requests: readonly LoggedRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of requests) counts[request.route] = (counts[request.route] ?? 0) + 1;
  return counts;
}
