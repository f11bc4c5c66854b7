/**
 * Counts every call a thread makes to DynamoDB Local (and its streams), by kind and operation,
 * and to the WebSocket @connections API, where every AWS SDK client sends it: the HTTP agent's
 * addRequest. Loaded in the runtime's main thread by runtime-child.ts and in each function's
 * thread through ATENDE_THREAD_PRELOAD (function-threads.ts); `collectCalls` asks every thread for
 * its counts over a BroadcastChannel and adds them up. Plain JavaScript: function threads load it
 * untranspiled.
 *
 * Names (usage.ts reads them):
 * - `table.<Operation>`, `standIn.<Operation>`, `control.<Operation>`, `other.<Operation>`: DynamoDB
 *   calls by the table they name (call-classes.mjs);
 * - `refused.<kind>.<Operation>`: those of the calls above answered with an error (a failed
 *   condition, a transaction cancelled by a conflict): also counted in `<kind>.<Operation>`;
 * - `fn.<thread>.<kind>.<Operation>` (and `fn.<thread>.refused.…`): the same calls by the
 *   thread that made them: a function's name, or its group's where functions share a thread
 *   (`main`: the runtime's own thread, and every function when they run inline);
 * - `by.<function>.<kind>.<Operation>` (`by.<function>.refused.…`, `by.<function>.units.…`): the
 *   same calls by the function whose invocation made them, where functions share a thread (the
 *   bench takes the sandbox's, its customer's POST, out of an inbound message's figures);
 * - `ms.fn.<thread>.<kind>.<Operation>`: the wall milliseconds those calls took, from the body
 *   written to the answer's headers (where a phase's time waits on DynamoDB Local: a hot item, a
 *   storm of transactions); not usage, left out of counted-usage.json;
 * - `stream.<Operation>`: DynamoDB Streams reads; `socket.PostToConnection`: WebSocket posts;
 * - `units.<kind>.read|write`: the capacity units DynamoDB Local reports for the calls
 *   (ReturnConsumedCapacity TOTAL is added to each request when ATENDE_BENCH_CAPACITY=1; a call
 *   answered without them counts in `units.<kind>.unmeasured.read|write`); `units.socket.messages`: WebSocket
 *   messages as billed (32 KB each);
 * - whatever the stand-ins report through globalThis.atendeBenchCount (infra/local/src/bench-hook.ts):
 *   `sqs.*`, `scheduler.*`, `lambda.*`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent } from 'node:http';
import { BroadcastChannel, isMainThread, workerData } from 'node:worker_threads';
import {
  callKindOfText,
  consumedCapacity,
  readOperations,
  tableKind,
  withConsumedCapacity,
} from './call-classes.mjs';

const channelName = 'atende-bench-call-counts';
const calls = {};
const add = (name, amount = 1) => {
  calls[name] = (calls[name] ?? 0) + amount;
};
globalThis.atendeBenchCount = add;

/**
 * The thread's name (function-threads.ts: a function's own name, or its group's when functions
 * share a thread), or `main`: `fn.<name>.<kind>.<Operation>` says who calls.
 */
const threadName = (!isMainThread && workerData?.threadName) || 'main';

/** The function whose invocation is running (function-worker.mjs and invoke.ts run each in it). */
const invocation = new AsyncLocalStorage();
globalThis.atendeBenchInvocation = (functionName, run) => invocation.run(functionName, run);

/** Counts `name` for the thread, and for the function whose invocation makes the call, if any. */
function addForCaller(functionName, name, amount = 1) {
  add(`fn.${threadName}.${name}`, amount);
  if (functionName) add(`by.${functionName}.${name}`, amount);
}

const askCapacity = process.env.ATENDE_BENCH_CAPACITY === '1';
const productTable = () => process.env.TABLE_NAME || 'atende';

function textOf(chunk) {
  if (typeof chunk === 'string') return chunk;
  if (chunk instanceof Uint8Array)
    return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
  return undefined;
}

/** Counts a DynamoDB call when its body is written (its tables are named there), and its units from the answer. */
function watchDynamoCall(request, operation) {
  // Taken where the request is made, in the invocation's own async context.
  const functionName = invocation.getStore();
  const end = request.end;
  request.end = function (chunk, ...rest) {
    request.end = end;
    const text = textOf(chunk);
    const kind = callKindOfText(operation, text, productTable());
    add(`${kind}.${operation}`);
    addForCaller(functionName, `${kind}.${operation}`);
    const asked = askCapacity ? withConsumedCapacity(operation, text) : undefined;
    if (asked !== undefined && !this.headersSent) {
      this.setHeader('content-length', Buffer.byteLength(asked));
      chunk = asked;
    }
    if (askCapacity && kind !== 'control') watchUnits(request, operation, kind, functionName);
    // A refused call (a failed condition, a transaction cancelled by a conflict, throttling) is
    // counted apart too: retries after conflicts show there (`refused.table.TransactWriteItems`).
    const startedAt = performance.now();
    request.once('response', (response) => {
      add(`ms.fn.${threadName}.${kind}.${operation}`, performance.now() - startedAt);
      if ((response.statusCode ?? 200) >= 400) {
        add(`refused.${kind}.${operation}`);
        addForCaller(functionName, `refused.${kind}.${operation}`);
      }
    });
    return end.call(this, chunk, ...rest);
  };
}

/** Reads ConsumedCapacity from the answer as the SDK reads it (chunks seen on their way, never taken). */
function watchUnits(request, operation, kind, functionName) {
  const direction = readOperations.has(operation) ? 'read' : 'write';
  request.once('response', (response) => {
    const chunks = [];
    const emit = response.emit;
    response.emit = function (event, ...args) {
      if (event === 'data') chunks.push(Buffer.from(args[0]));
      else if (event === 'end') {
        const units = consumedCapacity(Buffer.concat(chunks).toString('utf8'));
        const addUnits = (name, value = 1) => {
          add(name, value);
          if (functionName) add(`by.${functionName}.${name}`, value);
        };
        if (!units || Object.keys(units).length === 0) addUnits(`units.${kind}.unmeasured.${direction}`);
        else
          for (const [table, value] of Object.entries(units))
            addUnits(`units.${tableKind(table, productTable())}.${direction}`, value);
      }
      return emit.call(this, event, ...args);
    };
  });
}

const addRequest = Agent.prototype.addRequest;
Agent.prototype.addRequest = function (request, options) {
  const target = request.getHeader('x-amz-target');
  if (typeof target === 'string') {
    const [service, operation] = target.split('.');
    if (service?.startsWith('DynamoDBStreams')) add(`stream.${operation}`);
    else if (service?.startsWith('DynamoDB')) watchDynamoCall(request, operation ?? target);
  } else if (request.path?.startsWith('/@connections/')) {
    // The live fan-out: one PostToConnection per listening socket and batch; billed per 32 KB.
    add('socket.PostToConnection');
    const bytes = Number(request.getHeader('content-length') ?? 0);
    add('units.socket.messages', Math.max(1, Math.ceil(bytes / 32_768)));
  }
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
  // Every thread answers, this one too (its own `answering` channel hears the question), so the
  // total starts empty: starting from this thread's counts would add them twice.
  const total = {};
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
