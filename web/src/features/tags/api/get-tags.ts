import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './tags-query-keys.ts';
import type { Tag, TagsPage } from './types.ts';
import { searchPagesQueryOptions } from '../../../lib/record-api.ts';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** GET /tags: search and page. Until the tags module exists the route answers 404: no tags yet. */
export async function getTags(
  params: { searchParam: string; pageNumber: number },
  signal?: AbortSignal,
): Promise<TagsPage> {
  try {
    const page = await api.get<TagsPage>('/tags', params, signal);
    return { ...page, tags: Array.isArray(page?.tags) ? page.tags : [], hasMore: !!page?.hasMore };
  } catch (error) {
    if (notFound(error)) return { tags: [], count: 0, hasMore: false };
    throw error;
  }
}

export function tagsInfiniteQueryOptions(searchParam: string) {
  return searchPagesQueryOptions(tagsQueryKeys.list(searchParam), getTags, searchParam);
}

export function useTags(searchParam: string) {
  return useInfiniteQuery(tagsInfiniteQueryOptions(searchParam));
}

/** GET /tags/list: all the company's tags (the ticket's tag editor); 404 reads as none. */
export async function getTagOptions(signal?: AbortSignal): Promise<Tag[]> {
  try {
    const tags = await api.get<Tag[] | { tags?: Tag[] }>('/tags/list', undefined, signal);
    const list = Array.isArray(tags) ? tags : tags?.tags;
    return Array.isArray(list) ? list : [];
  } catch (error) {
    if (notFound(error)) return [];
    throw error;
  }
}

export const tagOptionsQueryOptions = queryOptions({
  queryKey: tagsQueryKeys.options(),
  queryFn: ({ signal }) => getTagOptions(signal),
  meta: { silent: true },
});

export function useTagOptions(enabled = true) {
  return useQuery({ ...tagOptionsQueryOptions, enabled });
}
