// Rendering inside the providers the app's root gives every screen (the query client), as a component
// test needs them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';

/** A query client that fails at once instead of retrying, so a test sees an error when core refuses. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Renders `node` under a QueryClientProvider (a fresh `testQueryClient()` unless one is given). */
export function renderWithQueries(node: ReactNode, client: QueryClient = testQueryClient()): RenderResult {
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}
