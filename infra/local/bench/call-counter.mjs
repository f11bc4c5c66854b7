/**
 * Counts every call a thread makes to DynamoDB Local (and its streams), by operation, and to the
 * WebSocket @connections API, where every AWS SDK client sends it: the HTTP agent's addRequest.
 * Loaded in the runtime's main thread by runtime-child.ts and in each function's thread through
 * ATENDE_THREAD_PRELOAD (function-threads.ts); `collectCalls` asks every thread for its counts
 * over a BroadcastChannel and adds them up. Plain JavaScript: function threads load it untranspiled.
 */
import { Agent } from 'node:http';
import { BroadcastChannel } from 'node:worker_threads';

const channelName = 'atende-bench-call-counts';
const calls = {};
const addRequest = Agent.prototype.addRequest;
Agent.prototype.addRequest = function (request, options) {
  const target = request.getHeader('x-amz-target');
  let name;
  if (typeof target === 'string') {
    const [service, operation] = target.split('.');
    name = service?.startsWith('DynamoDBStreams') ? `Streams.${operation}` : (operation ?? target);
  } else if (request.path?.startsWith('/@connections/')) {
    // The live fan-out: one PostToConnection per listening socket and batch.
    name = 'WebSocket.PostToConnection';
  }
  if (name) calls[name] = (calls[name] ?? 0) + 1;
  return addRequest.call(this, request, options);
};

const answering = new BroadcastChannel(channelName);
answering.unref();
answering.onmessage = (event) => {
  if (event.data?.type === 'collect')
    answering.postMessage({ type: 'counts', id: event.data.id, calls: { ...calls } });
};

let lastCollect = 0;

/** Every thread's counts added up (the threads answer within `waitMs`). */
export async function collectCalls(waitMs = 150) {
  lastCollect += 1;
  const id = `${process.pid}-${lastCollect}`;
  const total = { ...calls };
  const asking = new BroadcastChannel(channelName);
  asking.onmessage = (event) => {
    if (event.data?.type !== 'counts' || event.data.id !== id) return;
    for (const [name, count] of Object.entries(event.data.calls)) total[name] = (total[name] ?? 0) + count;
  };
  asking.postMessage({ type: 'collect', id });
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  asking.close();
  return total;
}
