import type { Query, QueryClient, QueryKey, SetDataOptions } from '@tanstack/react-query';

type Change = (data: unknown) => unknown;
/** setQueryData without its type parameters, which a wrapper has no use for. */
type SetQueryData = (queryKey: QueryKey, updater: unknown, options?: SetDataOptions) => unknown;

/** Past this many changes during one read, the read's answer is followed by a fresh read instead. */
export const maxChangesPerRead = 500;

/**
 * A read answers with what the server held when it ran. A live event (or a save's answer) that
 * changes a cached list while a read of that list is on its way is written over by that answer
 * when it lands: a customer's message that arrived while the chat's first read was in flight never
 * showed, and the message event had come, so nothing read it again (decision 0129). So every change
 * made to a query while it is fetching is kept and made again on the fetch's answer. The changes
 * are the screens' own upserts and removals by id, so making one again over an answer that already
 * holds it changes nothing, and live events keep their order.
 */
export function keepChangesMadeDuringReads(client: QueryClient): () => void {
  const pending = new Map<string, { query: Query; changes: Change[]; overflow: boolean }>();
  const cache = client.getQueryCache();
  const setQueryData = client.setQueryData.bind(client) as SetQueryData;

  const patched: SetQueryData = (queryKey, updater, options) => {
    // By hash, as setQueryData finds it: the cache's `find` would hash the key once per cached query.
    const query = cache.get(client.defaultQueryOptions({ queryKey }).queryHash);
    if (query && query.state.fetchStatus !== 'idle') {
      const change: Change = typeof updater === 'function' ? (updater as Change) : () => updater;
      let entry = pending.get(query.queryHash);
      if (!entry) pending.set(query.queryHash, (entry = { query, changes: [], overflow: false }));
      if (entry.changes.length < maxChangesPerRead) entry.changes.push(change);
      else entry.overflow = true;
    }
    return setQueryData(queryKey, updater, options);
  };
  client.setQueryData = patched as QueryClient['setQueryData'];

  const unsubscribe = cache.subscribe((event) => {
    if (event.type === 'removed') {
      pending.delete(event.query.queryHash);
      return;
    }
    if (event.type !== 'updated') return;
    const { action } = event;
    const entry = pending.get(event.query.queryHash);
    if (!entry) return;
    // A read that starts after a change sees it (events follow their writes), so only the changes
    // made while the answering read was in flight are kept. A failed or cancelled read overwrote
    // nothing: the cache still holds the changes.
    if (action.type === 'fetch' || action.type === 'error' || action.type === 'setState') {
      pending.delete(event.query.queryHash);
      return;
    }
    if (action.type !== 'success' || action.manual) return;
    pending.delete(event.query.queryHash);
    if (entry.overflow) {
      void client.invalidateQueries({ queryKey: entry.query.queryKey, exact: true });
      return;
    }
    setQueryData(entry.query.queryKey, (answer: unknown) => entry.changes.reduce(applySafely, answer));
  });

  return () => {
    unsubscribe();
    // The client's own method again, from its prototype.
    Reflect.deleteProperty(client, 'setQueryData');
    pending.clear();
  };
}

/** A change that throws on the answer's shape is skipped; the next live event or read mends it. */
function applySafely(data: unknown, change: Change): unknown {
  try {
    const next = change(data);
    return next === undefined ? data : next;
  } catch {
    return data;
  }
}
