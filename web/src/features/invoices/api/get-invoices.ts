import { useInfiniteQuery } from '@tanstack/react-query';
import type { Invoice } from '@atende/shared/entities/invoice';
import { getListPage, searchPagesQueryOptions, type SearchParams } from '../../../lib/record-api.ts';

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
export function getInvoices(params: SearchParams, signal?: AbortSignal) {
  return getListPage<InvoicesPage>('/invoices/all', 'invoices', params, signal);
}

export function invoicesInfiniteQueryOptions(searchParam: string) {
  return searchPagesQueryOptions(invoicesQueryKeys.list(searchParam), getInvoices, searchParam);
}

export function useInvoices(searchParam: string) {
  return useInfiniteQuery(invoicesInfiniteQueryOptions(searchParam));
}
