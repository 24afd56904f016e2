// Pages of the filtered list, fetched only for the rows the virtual list shows (plus one page of
// margin), so 100,000 documents never travel at once.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { HistoryFilter, HistoryPage, HistoryRow } from '#shared/rpc/methods/history';
import { invoke, type RpcClientError } from '#renderer/rpc/client';

export const PAGE_SIZE = 100;

export function pagesFor(first: number, last: number): number[] {
  if (last < first) return [0];
  const pages: number[] = [];
  for (let page = Math.max(0, Math.floor(first / PAGE_SIZE) - 1); page <= Math.floor(last / PAGE_SIZE) + 1; page += 1)
    pages.push(page);
  return pages;
}

export interface HistoryPages {
  total: number | null;
  row(index: number): HistoryRow | undefined;
  error: RpcClientError | null;
  loading: boolean;
}

function pageQuery(filter: HistoryFilter, page: number) {
  return {
    queryKey: ['history.list', filter, page],
    queryFn: () => invoke('history.list', { filter, offset: page * PAGE_SIZE, limit: PAGE_SIZE }),
  };
}

/** The first page, which also tells how many rows the filter has (the virtual list's size). */
export function useHistoryFirstPage(filter: HistoryFilter) {
  return useQuery<HistoryPage, RpcClientError>(pageQuery(filter, 0));
}

export function useHistoryPages(filter: HistoryFilter, pages: number[]): HistoryPages {
  const results = useQueries({ queries: pages.map((page) => pageQuery(filter, page)) });
  const byPage = new Map<number, HistoryPage>();
  results.forEach((result, index) => {
    if (result.data) byPage.set(pages[index]!, result.data);
  });
  const total = [...byPage.values()][0]?.total ?? null;
  return {
    total,
    row: (index) => byPage.get(Math.floor(index / PAGE_SIZE))?.items[index % PAGE_SIZE],
    error: (results.find((result) => result.error)?.error as RpcClientError | undefined) ?? null,
    loading: results.some((result) => result.isLoading),
  };
}
