import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { authQueryKeys } from '../../features/auth/api/auth-query-keys.ts';
import { ApiError } from '../../lib/api-error.ts';
import { keepChangesMadeDuringReads } from '../../lib/changes-during-reads.ts';
import { toastError } from '../../lib/toast-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent: true` keeps a failing query from raising the default error toast. */
    queryMeta: { silent?: boolean };
  }
}

/** A client error (4xx) will fail again the same way; only server and network failures are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** 402: the company expired during this session; reloading the session lets the guards keep it on the subscription page. */
export function isSubscriptionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // core §8: load failures are toasted through the shared error handler.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSubscriptionExpired(error)) void client.invalidateQueries({ queryKey: authQueryKeys.me });
        if (!query.meta?.silent) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSubscriptionExpired(error)) void client.invalidateQueries({ queryKey: authQueryKeys.me });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  keepChangesMadeDuringReads(client);
  return client;
}
