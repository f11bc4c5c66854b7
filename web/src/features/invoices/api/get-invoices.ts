import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Invoice } from '@atende/shared/entities/invoice';
import { api } from '../../../lib/api-client.ts';

export interface InvoicesPage {
  invoices: Invoice[];
  count: number;
  hasMore: boolean;
}

export const invoicesQueryKeys = {
  lists: () => ['invoices', 'list'] as const,
  list: (searchParam: string) => ['invoices', 'list', searchParam] as const,
};

/** GET /invoices/all (extended §7): the company's invoices, newest first, with hasMore. */
export async function getInvoices(
  params: { searchParam: string; pageNumber: number },
  signal?: AbortSignal,
): Promise<InvoicesPage> {
  const page = await api.get<InvoicesPage>('/invoices/all', params, signal);
  return { ...page, invoices: Array.isArray(page?.invoices) ? page.invoices : [], hasMore: !!page?.hasMore };
}

export function invoicesInfiniteQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: invoicesQueryKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => getInvoices({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useInvoices(searchParam: string) {
  return useInfiniteQuery(invoicesInfiniteQueryOptions(searchParam));
}
