// An API client for a connection: its address this run, its company, its token read at call time
// (from the vault's memory once read; dropped there when the API refuses it).
import type { ActiveConnection, Connections } from '../connections/connections';
import { ApiClient, type ApiClientOptions } from './client';

export function clientFor(
  connections: Connections,
  connection: ActiveConnection,
  fetch: typeof globalThis.fetch,
  timeouts: Omit<ApiClientOptions, 'fetch'> = {},
): ApiClient {
  return new ApiClient(
    {
      endpoint: connection.endpoint,
      companyId: connection.companyId,
      token: () => connections.tokenFor(connection),
      onUnauthorized: () => connections.tokenRefused(connection),
      trustedCa: connection.trustedCa,
    },
    { fetch, ...timeouts },
  );
}
