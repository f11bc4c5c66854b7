/**
 * A thread of Lambda functions (see function-threads.ts): it imports each bundle it is asked to
 * `load` once (its cold start), answers `invoke` messages with that function's handler's result,
 * and reaches the runtime's queue, scheduler and mail adapters through the parent thread, since
 * those live there. Every bundle keeps its own module instances (its clients and caches), as
 * its own container would. Plain JavaScript so it loads on Node's own loader under any runner
 * (tsx, vitest).
 */
import { Agent } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { contextWithMethods } from './lambda-context.mjs';

const { preloadUrl, reportWrites } = workerData;

/** DynamoDB operations that write (their changes reach the table's stream). */
const writeOperations = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

/**
 * Tells the parent when a write this thread sent to DynamoDB is answered: the change is in the
 * table and its stream then, so the stream reader polls at once (stream-reader.ts) instead of
 * waiting for the invocation to end. Every AWS SDK client sends through the HTTP agent; the
 * operation is in the request's x-amz-target header. A write that failed wakes it for nothing.
 */
if (reportWrites) {
  const addRequest = Agent.prototype.addRequest;
  Agent.prototype.addRequest = function (request, options) {
    const target = request.getHeader('x-amz-target');
    if (typeof target === 'string' && target.startsWith('DynamoDB_') && writeOperations.has(target.slice(target.indexOf('.') + 1)))
      request.once('response', () => parentPort.postMessage({ type: 'wrote' }));
    return addRequest.call(this, request, options);
  };
}

let lastCallId = 0;
const portCalls = new Map();

/** Calls a method of one of the parent's adapters and waits for its answer. */
function callParent(port, method, args) {
  lastCallId += 1;
  const id = lastCallId;
  return new Promise((resolve, reject) => {
    portCalls.set(id, { resolve, reject });
    parentPort.postMessage({ type: 'port', id, port, method, args });
  });
}

// The same global slot functions/src/homes/local.ts reads.
globalThis[Symbol.for('atende.localBindings')] = {
  queue: { send: (queueName, message) => callParent('queue', 'send', [queueName, message]) },
  scheduler: {
    schedule: (timer) => callParent('scheduler', 'schedule', [timer]),
    cancel: (name) => callParent('scheduler', 'cancel', [name]),
  },
  mail: { send: (message) => callParent('mail', 'send', [message]) },
  apiUsage: {
    putPlan: (plan) => callParent('apiUsage', 'putPlan', [plan]),
    deletePlan: (planId) => callParent('apiUsage', 'deletePlan', [planId]),
    assignCompany: (companyId, plan) => callParent('apiUsage', 'assignCompany', [companyId, plan]),
    removeCompany: (companyId) => callParent('apiUsage', 'removeCompany', [companyId]),
  },
};

/** An error as the structured clone keeps it, with the name of its class. */
function portable(error) {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

// Diagnostics only (the benchmark's call counter): loaded before any bundle. A failure ends the thread.
if (preloadUrl) await import(preloadUrl);

/** Each loaded function's handler, by function name. */
const handlers = new Map();
/** Imports tried per function: a failed import is tried again from a fresh module instance. */
const attempts = new Map();

async function load(functionName, bundleUrl) {
  const attempt = (attempts.get(functionName) ?? 0) + 1;
  attempts.set(functionName, attempt);
  // A module whose import threw stays cached with its error: a retry imports another instance.
  const module = await import(attempt === 1 ? bundleUrl : `${bundleUrl}${bundleUrl.includes('?') ? '&' : '?'}attempt=${attempt}`);
  if (typeof module.handler !== 'function') throw new Error(`${bundleUrl} exports no handler`);
  handlers.set(functionName, module.handler);
}

parentPort.on('message', (message) => {
  if (message.type === 'portAnswer') {
    const call = portCalls.get(message.id);
    portCalls.delete(message.id);
    if (!call) return;
    if (message.error) call.reject(Object.assign(new Error(message.error.message), message.error));
    else call.resolve(message.result);
    return;
  }
  if (message.type === 'load') {
    load(message.functionName, message.bundleUrl).then(
      () => parentPort.postMessage({ type: 'loaded', functionName: message.functionName }),
      (error) => parentPort.postMessage({ type: 'loaded', functionName: message.functionName, error: portable(error) }),
    );
    return;
  }
  if (message.type !== 'invoke') return;
  Promise.resolve()
    .then(() => {
      const handler = handlers.get(message.functionName);
      if (!handler) throw new Error(`${message.functionName} is not loaded in this thread`);
      const event = message.eventJson === undefined ? undefined : JSON.parse(message.eventJson);
      const run = () => handler(event, contextWithMethods(message.context, message.deadline));
      // The bench's call counter (when preloaded) names the function on each call it makes.
      const invocation = globalThis.atendeBenchInvocation;
      return invocation ? invocation(message.functionName, run) : run();
    })
    // As JSON, as Lambda's runtime answers (see function-threads.ts); a result JSON cannot hold
    // fails the invocation, as it would there.
    .then((result) => JSON.stringify(result))
    .then(
      (resultJson) => parentPort.postMessage({ type: 'result', id: message.id, resultJson }),
      (error) => parentPort.postMessage({ type: 'result', id: message.id, error: portable(error) }),
    );
});
parentPort.postMessage({ type: 'ready' });
