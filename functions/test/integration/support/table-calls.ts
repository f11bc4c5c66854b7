/**
 * Counts the DynamoDB calls one piece of work makes, and only those: every request the AWS SDK
 * sends passes through the HTTP agent's `addRequest` (as the bench's call counter,
 * infra/local/bench/call-counter.mjs, counts them per thread), and an AsyncLocalStorage tells
 * which of them were made on behalf of the measured work. Calls made inside the local runtime's
 * queue and scheduler adapters (the SQS and Scheduler stand-ins, which write into the product
 * table) are counted apart as `standIn`: AWS bills them as SQS/Scheduler requests, not table
 * calls. Stream reads and the stream consumers run elsewhere and are not counted.
 *
 * The measured work must run in this thread (import the function's module in the test), after
 * the runtime has started (its adapters are installed in the global slot).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent } from 'node:http';

export interface CallCounts {
  /** Table calls by DynamoDB operation. */
  table: Record<string, number>;
  /** Calls made by the local SQS/Scheduler stand-ins on the work's behalf, by operation. */
  standIn: Record<string, number>;
  tableCalls: number;
  standInCalls: number;
}

interface Measured {
  counts: CallCounts;
  inStandIn: boolean;
}

const storage = new AsyncLocalStorage<Measured>();
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  // addRequest is Node's internal hook (not in its types); the bench's counter wraps it too.
  const prototype = Agent.prototype as unknown as { addRequest: (...args: unknown[]) => void };
  const addRequest = prototype.addRequest;
  prototype.addRequest = function (
    this: Agent,
    request: { getHeader(name: string): unknown },
    options: unknown,
  ) {
    const measured = storage.getStore();
    const target = request.getHeader('x-amz-target');
    if (measured && typeof target === 'string' && target.startsWith('DynamoDB_')) {
      const operation = target.split('.')[1] ?? target;
      const bucket = measured.inStandIn ? measured.counts.standIn : measured.counts.table;
      bucket[operation] = (bucket[operation] ?? 0) + 1;
      if (measured.inStandIn) measured.counts.standInCalls += 1;
      else measured.counts.tableCalls += 1;
    }
    return addRequest.call(this, request, options);
  } as never;
  // The runtime's adapters (functions/src/homes/local.ts): their calls are the stand-ins'.
  const slot = Symbol.for('atende.localBindings');
  const bindings = (globalThis as Record<symbol, Record<string, Record<string, unknown>> | undefined>)[slot];
  if (!bindings) throw new Error('the local runtime has not installed its adapters yet');
  for (const port of ['queue', 'scheduler'] as const) {
    const adapter = bindings[port];
    if (!adapter) continue;
    for (const method of ['send', 'schedule', 'cancel']) {
      const original = adapter[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
      if (typeof original !== 'function') continue;
      adapter[method] = function (this: unknown, ...args: unknown[]) {
        const measured = storage.getStore();
        if (!measured) return original.apply(this, args);
        return storage.run({ counts: measured.counts, inStandIn: true }, () => original.apply(this, args));
      };
    }
  }
}

/** Runs `work` and answers the DynamoDB calls it made, table and stand-in apart. */
export async function countCalls(work: () => Promise<unknown>): Promise<CallCounts> {
  install();
  const counts: CallCounts = { table: {}, standIn: {}, tableCalls: 0, standInCalls: 0 };
  await storage.run({ counts, inStandIn: false }, work);
  return counts;
}
