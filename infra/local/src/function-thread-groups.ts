/**
 * Which worker thread each function runs in (decision 0124). A thread per function, as each
 * Lambda has its own sandbox, cost a V8 heap per function: ~50 heaps held 2.7–2.9 GB under the
 * benchmark's load. The functions now share a few threads, grouped so that what is busy at the
 * same moment stays apart: the live fan-out, the inbound ingest (the two busiest consumers, both
 * on every customer message) and the tickets module each keep a thread of their own, the other
 * stream consumers share one, the queue consumers, tasks and authorizers another, and the other
 * REST modules and the WebSocket handler are spread over `requestThreads`.
 */
import type { RuntimeManifest } from './runtime-manifest.ts';

/**
 * Functions that keep a thread of their own: the live fan-out and the ingest (every customer
 * message), and the tickets module (the inbox's lists and search, the busiest routes), whose heap
 * then holds no other bundle's.
 */
const ownThread = new Set(['broadcaster', 'ingest', 'tickets']);

/** Threads the REST modules and the WebSocket handler are spread over (two cores: more gains nothing). */
export const defaultRequestThreads = 3;

export type ThreadGrouping = 'grouped' | 'each';

/**
 * The thread name of each function of `manifest`. `each`: a thread per function (the earlier
 * layout, ATENDE_FUNCTION_THREADS=each, for comparison). A function the manifest does not name
 * (a test's) runs alone.
 */
export function functionThreadGroups(
  manifest: RuntimeManifest,
  grouping: ThreadGrouping = 'grouped',
  requestThreads = defaultRequestThreads,
): (functionName: string) => string {
  if (grouping === 'each') return (functionName) => functionName;
  const groups = new Map<string, string>();
  const requestFunctions = [...manifest.restModules.map((module) => module.name), manifest.webSocketApi.name].filter(
    (name) => !ownThread.has(name),
  );
  requestFunctions.forEach((name, index) => groups.set(name, `requests-${(index % requestThreads) + 1}`));
  for (const consumer of manifest.streamConsumers) groups.set(consumer.name, 'stream-consumers');
  for (const queue of manifest.queues) groups.set(queue.consumer.name, 'background');
  for (const task of manifest.tasks ?? []) groups.set(task.name, 'background');
  for (const authorizer of manifest.restAuthorizers ?? []) groups.set(authorizer.name, 'background');
  for (const name of ownThread) if (groups.has(name)) groups.set(name, name);
  return (functionName) => groups.get(functionName) ?? functionName;
}
