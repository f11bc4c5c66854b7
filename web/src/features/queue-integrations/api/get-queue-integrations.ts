import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queueIntegrationsQueryKeys } from './query-keys.ts';
import type { QueueIntegration, QueueIntegrationsPage } from './types.ts';
import { getListPage, recordReader, searchPagesQueryOptions, type SearchParams } from '../../../lib/record-api.ts';

/** GET /queueIntegration (searchParam, pageNumber; queueIntegrations, hasMore). */
export function getQueueIntegrations(params: SearchParams, signal?: AbortSignal) {
  return getListPage<QueueIntegrationsPage>('/queueIntegration', 'queueIntegrations', params, signal);
}

export function queueIntegrationsInfiniteQueryOptions(searchParam: string) {
  return searchPagesQueryOptions(queueIntegrationsQueryKeys.list(searchParam), getQueueIntegrations, searchParam);
}

/** The /queue-integration screen: search and infinite scroll. */
export function useQueueIntegrations(searchParam: string) {
  return useInfiniteQuery(queueIntegrationsInfiniteQueryOptions(searchParam));
}

/** Every integration of the company (all pages), for the queue and connection dialogs' selects. */
export async function getAllQueueIntegrations(signal?: AbortSignal): Promise<QueueIntegration[]> {
  const all: QueueIntegration[] = [];
  for (let pageNumber = 1; pageNumber <= 50; pageNumber += 1) {
    const page = await getQueueIntegrations({ searchParam: '', pageNumber }, signal);
    all.push(...page.queueIntegrations);
    if (!page.hasMore) break;
  }
  return all;
}

export function useQueueIntegrationOptions(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: queueIntegrationsQueryKeys.options(),
      queryFn: ({ signal }) => getAllQueueIntegrations(signal),
      enabled,
    }),
  );
}

const queueIntegrationReader = recordReader<QueueIntegration>('/queueIntegration', queueIntegrationsQueryKeys.detail, {
  staleTime: 0,
});

/** GET /queueIntegration/{id}, read again whenever the dialog opens. */
export const getQueueIntegration = queueIntegrationReader.get;
export const queueIntegrationQueryOptions = queueIntegrationReader.queryOptions;
export const useQueueIntegration = queueIntegrationReader.useRecord;
