/**
 * Each Lambda bundle in a worker thread of its own, as each function runs in its own sandbox in
 * AWS: one function's work (the broadcaster posting a batch to fifty sockets, a page of tickets
 * being parsed) no longer holds up the gateway and the other functions on one event loop, and
 * the runtime's JavaScript can use more than one core. The threads share the process's
 * environment (SHARE_ENV), and reach the queue, scheduler and mail adapters of the parent thread
 * through messages (function-worker.mjs), so the ports behave exactly as they do inline.
 */
import { createInterface } from 'node:readline';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { bundlePath } from '../../../functions/build.ts';
import { localBindings, type LocalBindings } from '../../../functions/src/homes/local.ts';
import type { HandlerLoader } from './invoke.ts';
import type { ContextFields } from './lambda-context.mjs';

const workerUrl = new URL('./function-worker.mjs', import.meta.url);

type PortError = { name: string; message: string; stack?: string };

type WorkerMessage =
  | { type: 'loaded'; error?: PortError }
  | { type: 'result'; id: number; result?: unknown; error?: PortError }
  | { type: 'port'; id: number; port: keyof LocalBindings; method: string; args: unknown[] }
  | { type: 'wrote' };

function errorFrom(error: PortError): Error {
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}

export interface ThreadedFunctions {
  load: HandlerLoader;
  /** Ends every function's thread (the runtime's stop). */
  terminate(): Promise<void>;
}

export function threadedBundleLoader(
  /** Where a function's bundle is (tests hand in their own). */
  pathOf: (functionName: string) => string = bundlePath,
  /** Where each line a function's thread prints goes (function-output.ts); default: this process's own streams. */
  output?: (functionName: string, line: string) => void,
  /**
   * Called when a function's thread has a write to DynamoDB answered (function-worker.mjs): the
   * stream reader polls then, rather than when the invocation ends or after its idle pause.
   */
  onTableWrite?: () => void,
): ThreadedFunctions {
  const workers = new Set<Worker>();
  let terminated = false;

  /** Starts a function's thread; resolves once its bundle is imported. */
  const startThread = (functionName: string) =>
    new Promise<{
      invoke: (event: unknown, context: ContextFields, deadline: number) => Promise<unknown>;
      alive: () => boolean;
    }>((resolve, reject) => {
      if (terminated) return reject(new Error('the runtime is stopping'));
      const worker = new Worker(workerUrl, {
        env: SHARE_ENV,
        // The thread's stdout and stderr come here line by line instead of straight to ours.
        ...(output ? { stdout: true, stderr: true } : {}),
        workerData: {
          bundleUrl: pathToFileURL(pathOf(functionName)).href,
          // A module each thread loads before its bundle: the benchmark counts calls with it.
          preloadUrl: process.env.ATENDE_THREAD_PRELOAD,
          reportWrites: onTableWrite !== undefined,
        },
      });
      workers.add(worker);
      if (output)
        for (const stream of [worker.stdout, worker.stderr])
          createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => output(functionName, line));
      let lastId = 0;
      let exited = false;
      const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
      const failAll = (error: Error) => {
        for (const call of calls.values()) call.reject(error);
        calls.clear();
      };
      const invoke = (event: unknown, context: ContextFields, deadline: number) =>
        new Promise<unknown>((resolveCall, rejectCall) => {
          if (exited) return rejectCall(new Error(`${functionName}: its thread exited`));
          lastId += 1;
          calls.set(lastId, { resolve: resolveCall, reject: rejectCall });
          worker.postMessage({ type: 'invoke', id: lastId, event, context, deadline });
        });
      worker.on('message', (message: WorkerMessage) => {
        switch (message.type) {
          case 'loaded':
            if (message.error) reject(errorFrom(message.error));
            else resolve({ invoke, alive: () => !exited });
            return;
          case 'result': {
            const call = calls.get(message.id);
            calls.delete(message.id);
            if (!call) return;
            if (message.error) call.reject(errorFrom(message.error));
            else call.resolve(message.result);
            return;
          }
          case 'port':
            answerPortCall(worker, message);
            return;
          case 'wrote':
            onTableWrite?.();
            return;
        }
      });
      worker.on('error', (error) => {
        reject(error);
        failAll(error);
      });
      worker.on('exit', (code) => {
        exited = true;
        workers.delete(worker);
        const error = new Error(`${functionName}: its thread exited (code ${code})`);
        reject(error);
        failAll(error);
      });
    });

  /**
   * A function's handler: its thread, started now (the cold start), and started again if it
   * died (an uncaught error ends a thread, as it ends a Lambda sandbox; the next call gets a new one).
   */
  const load: HandlerLoader = async (functionName) => {
    let thread = startThread(functionName);
    await thread;
    return async (event, context) => {
      // The invoker's context, less its methods (a message carries data only); the thread puts them back.
      const { getRemainingTimeInMillis, done: _done, fail: _fail, succeed: _succeed, ...fields } = context;
      const deadline = Date.now() + getRemainingTimeInMillis();
      let current = await thread;
      if (!current.alive() && !terminated) {
        thread = startThread(functionName);
        current = await thread;
      }
      return current.invoke(event, fields, deadline);
    };
  };

  return {
    load,
    async terminate() {
      terminated = true;
      await Promise.all([...workers].map((worker) => worker.terminate()));
      workers.clear();
    },
  };
}

/** A function's call to the runtime's queue, scheduler or mail adapter, answered with its outcome. */
function answerPortCall(worker: Worker, message: Extract<WorkerMessage, { type: 'port' }>): void {
  const bindings = localBindings();
  const adapter = bindings?.[message.port] as unknown as
    Record<string, (...args: unknown[]) => Promise<unknown>> | undefined;
  const method = adapter?.[message.method];
  Promise.resolve()
    .then(() => {
      if (!adapter || typeof method !== 'function')
        throw new Error(`no local ${message.port}.${message.method}`);
      return method.apply(adapter, message.args);
    })
    .then(
      (result) => worker.postMessage({ type: 'portAnswer', id: message.id, result }),
      (error: unknown) =>
        worker.postMessage({
          type: 'portAnswer',
          id: message.id,
          error:
            error instanceof Error
              ? { name: error.name, message: error.message, stack: error.stack }
              : { name: 'Error', message: String(error) },
        }),
    );
}
