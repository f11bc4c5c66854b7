/**
 * Counts the runtime's calls to DynamoDB Local, as AWS would bill them, apart: real table calls
 * (by operation), the local SQS and Scheduler stand-ins' calls (they keep their items in the
 * product table under LOCALQ… / LOCALSCHED keys; in AWS they are SQS and Scheduler requests),
 * stream reads, and WebSocket @connections posts. Loaded in the test process (the runtime's main
 * thread: the connector, the stand-ins, the stream readers) and in every function's thread
 * through ATENDE_THREAD_PRELOAD; `collectTableCalls` adds every thread's counts up over a
 * BroadcastChannel. Tests that budget an operation's table calls use it
 * (functions/test/integration/reply-cost.integration.test.ts); the benchmark has its own
 * (infra/local/bench/call-counter.mjs). Plain JavaScript: function threads load it untranspiled.
 */
import { Agent } from 'node:http';
import { BroadcastChannel, isMainThread, workerData } from 'node:worker_threads';

const channelName = 'atende-test-table-calls';
const counts = {};
/** The latest table calls, for a failing budget's message: thread, operation and key text. */
const recent = [];
// The runtime's function threads are named (function-threads.ts: one per group of functions).
const thread = isMainThread ? 'main' : String(workerData?.threadName ?? 'worker');

const standInKey = /"(LOCALQ|LOCALDLQ|LOCALSCHED)/;
/**
 * The connector's session lease renewals, its task registry and its relay doorbell: on a timer
 * whatever the load, not an operation's.
 */
const leaseKey = /"(WLEASE#|WTASKS"|WDOORBELL#)/;
/** The sandbox provider's outbox (what a test customer received): WhatsApp itself in production. */
const sandboxKey = /"SANDBOX#\d+#OUT#/;
/** The same counts, each under `<thread> <name>` as well (the thread: `main` or a function's name). */
const add = (name) => {
  counts[name] = (counts[name] ?? 0) + 1;
  counts[`${thread} ${name}`] = (counts[`${thread} ${name}`] ?? 0) + 1;
};

const addRequest = Agent.prototype.addRequest;
Agent.prototype.addRequest = function (request, options) {
  const target = request.getHeader('x-amz-target');
  if (typeof target === 'string') {
    const [service, operation] = target.split('.');
    if (service?.startsWith('DynamoDBStreams')) add(`stream.${operation}`);
    else {
      // The body says whose item it is: read it as the SDK hands it over (one end(body) call).
      const end = request.end;
      request.end = function (body, ...rest) {
        const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : '';
        if (standInKey.test(text)) add(`standIn.${operation}`);
        else if (leaseKey.test(text)) add(`lease.${operation}`);
        else if (sandboxKey.test(text)) add(`sandbox.${operation}`);
        else {
          add(`table.${operation}`);
          recent.push(`${thread} ${operation} ${text.slice(0, 400)}`);
          if (recent.length > 400) recent.shift();
        }
        return end.call(this, body, ...rest);
      };
    }
  } else if (request.path?.startsWith('/@connections/')) add('socket.PostToConnection');
  return addRequest.call(this, request, options);
};

const answering = new BroadcastChannel(channelName);
answering.unref();
answering.onmessage = (event) => {
  if (event.data?.type === 'reset') {
    for (const name of Object.keys(counts)) delete counts[name];
    recent.length = 0;
  }
  if (event.data?.type === 'collect')
    answering.postMessage({ type: 'counts', id: event.data.id, counts: { ...counts }, recent: [...recent] });
};

let lastCollect = 0;

/** Every thread's counts added up (the threads answer within `waitMs`), and their recent table calls. */
export async function collectTableCalls(waitMs = 200) {
  lastCollect += 1;
  const id = `${process.pid}-${lastCollect}`;
  // This thread answers too (a BroadcastChannel hears every other one of its name, in its own
  // thread as well): start from nothing, or its calls would count twice.
  const total = {};
  const calls = [];
  const asking = new BroadcastChannel(channelName);
  asking.onmessage = (event) => {
    if (event.data?.type !== 'counts' || event.data.id !== id) return;
    for (const [name, count] of Object.entries(event.data.counts)) total[name] = (total[name] ?? 0) + count;
    calls.push(...event.data.recent);
  };
  asking.postMessage({ type: 'collect', id });
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  asking.close();
  return { counts: total, recent: calls };
}

/** Zeroes every thread's counts (the threads hear it within a few milliseconds; wait a little). */
export async function resetTableCalls(waitMs = 200) {
  const asking = new BroadcastChannel(channelName);
  asking.postMessage({ type: 'reset' });
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  asking.close();
}
