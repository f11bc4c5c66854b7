import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { LiveSocketStatus } from './live-socket.ts';
import { resyncOnOpen } from './live-resync.ts';

/** A socket whose status the test sets by hand. */
function fakeSocket() {
  const listeners = new Set<(status: LiveSocketStatus) => void>();
  return {
    onStatusChange(listener: (status: LiveSocketStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    becomes(status: LiveSocketStatus) {
      for (const listener of listeners) listener(status);
    },
  };
}

describe('reading again what the live channel may have missed', () => {
  it('reads a shown list again each time the socket opens, not while it is away', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    const fetchList = vi.fn(async () => ['ticket']);
    const observer = new QueryObserver(queryClient, { queryKey: ['tickets', 'open'], queryFn: fetchList });
    const stopObserving = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['ticket']));
    const socket = fakeSocket();
    const stop = resyncOnOpen(socket, queryClient);

    socket.becomes('connecting');
    socket.becomes('open');
    await vi.waitFor(() => expect(fetchList).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    socket.becomes('reconnecting');
    expect(fetchList).toHaveBeenCalledTimes(2);
    socket.becomes('open');
    await vi.waitFor(() => expect(fetchList).toHaveBeenCalledTimes(3));

    stop();
    socket.becomes('open');
    await Promise.resolve();
    expect(fetchList).toHaveBeenCalledTimes(3);
    stopObserving();
  });

  it('marks a list not on screen stale, to be read when next shown', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    const fetchList = vi.fn(async () => ['ticket']);
    await queryClient.fetchQuery({ queryKey: ['tickets', 'closed'], queryFn: fetchList });
    const socket = fakeSocket();
    resyncOnOpen(socket, queryClient);
    socket.becomes('open');
    await Promise.resolve();
    expect(fetchList).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['tickets', 'closed'])?.isInvalidated).toBe(true);
  });
});
