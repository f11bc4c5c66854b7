import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error.ts';
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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // core §8: load failures are toasted through the shared error handler.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) toastError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
