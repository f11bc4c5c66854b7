/**
 * The Lambda bundles in worker threads, off the runtime's main thread: one function's work (the
 * broadcaster posting a batch to fifty sockets, a page of tickets being parsed) does not hold up
 * the gateway, and the runtime's JavaScript can use more than one core. Which thread a function
 * runs in is the caller's choice (`threadOf`): its own by default, as each function has its own
 * sandbox in AWS; the runtime groups them (function-thread-groups.ts, decision 0124), since each
 * thread is a V8 heap of its own and fifty of them under load held ~2.8 GB. Every bundle keeps its
 * own module instances in its thread (clients, per-container caches). The threads share the
 * process's environment (SHARE_ENV), and reach the queue, scheduler and mail adapters of the
 * parent thread through messages (function-worker.mjs), so the ports behave exactly as inline.
 */
import { createInterface } from 'node:readline';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { bundlePath } from '../../../functions/build.ts';
import { localBindings, type LocalBindings } from '../../../functions/src/homes/local.ts';
import type { HandlerLoader } from './invoke.ts';
import type { ContextFields } from './lambda-context.mjs';

const workerUrl = new URL('./function-worker.mjs', import.meta.url);

/**
 * Each thread's young generation, MB (V8's default on this machine is 48: three 16 MB
 * semi-spaces). Eight busy threads each grew theirs to the full size, about 200 MB of the
 * runtime's resident memory under load; at 12 the steady inbound phase's CPU is unchanged
 * (scavenges are cheap when little survives). ATENDE_THREAD_YOUNG_MB changes it (experiments).
 * Local only: a Lambda has a heap of its own sized from its memory setting.
 */
export function threadYoungGenerationMb(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.ATENDE_THREAD_YOUNG_MB);
  return Number.isFinite(asked) && asked >= 1 ? asked : 12;
}

type PortError = { name: string; message: string; stack?: string };

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'loaded'; functionName: string; error?: PortError }
  /** The handler's result as JSON (absent: it returned undefined), as Lambda's runtime sends it. */
  | { type: 'result'; id: number; resultJson?: string; error?: PortError }
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

/** A running thread: the functions it has imported, and how to call them. */
interface FunctionThread {
  loadFunction(functionName: string): Promise<void>;
  invoke(functionName: string, event: unknown, context: ContextFields, deadline: number): Promise<unknown>;
  alive(): boolean;
}

/** A function's line carries its name (Powertools' `function_name`): a shared thread's lines are told apart by it. */
const functionNameInLine = /"function_name":"([^"]+)"/;

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
  /** The thread a function runs in, by name (default: a thread of its own). */
  threadOf: (functionName: string) => string = (functionName) => functionName,
): ThreadedFunctions {
  const workers = new Set<Worker>();
  /** The thread of each name, started on the first call of one of its functions (and again if it died). */
  const threads = new Map<string, { thread: Promise<FunctionThread>; running?: FunctionThread; failed?: boolean }>();
  /** The functions each thread name has held: a thread's lines name one of them, or the thread. */
  const functionsOf = new Map<string, Set<string>>();
  let terminated = false;

  /** Starts a thread; resolves once it is ready to load bundles. */
  const startThread = (threadName: string) =>
    new Promise<FunctionThread>((resolve, reject) => {
      if (terminated) return reject(new Error('the runtime is stopping'));
      const worker = new Worker(workerUrl, {
        env: SHARE_ENV,
        resourceLimits: { maxYoungGenerationSizeMb: threadYoungGenerationMb() },
        // The thread's stdout and stderr come here line by line instead of straight to ours.
        ...(output ? { stdout: true, stderr: true } : {}),
        workerData: {
          threadName,
          // A module each thread loads before its bundles: the benchmark counts calls with it.
          preloadUrl: process.env.ATENDE_THREAD_PRELOAD,
          reportWrites: onTableWrite !== undefined,
        },
      });
      workers.add(worker);
      if (output)
        for (const stream of [worker.stdout, worker.stderr])
          createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) =>
            output(sourceOf(threadName, line), line),
          );
      let lastId = 0;
      let exited = false;
      const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
      const loads = new Map<string, { resolve: () => void; reject: (error: Error) => void }[]>();
      const loaded = new Map<string, Promise<void>>();
      const failAll = (error: Error) => {
        for (const call of calls.values()) call.reject(error);
        calls.clear();
        for (const waiting of loads.values()) for (const load of waiting) load.reject(error);
        loads.clear();
      };
      const thread: FunctionThread = {
        alive: () => !exited,
        loadFunction(functionName) {
          let done = loaded.get(functionName);
          if (!done) {
            done = new Promise<void>((resolveLoad, rejectLoad) => {
              if (exited) return rejectLoad(new Error(`${functionName}: its thread exited`));
              const waiting = loads.get(functionName) ?? [];
              waiting.push({ resolve: resolveLoad, reject: rejectLoad });
              loads.set(functionName, waiting);
              worker.postMessage({
                type: 'load',
                functionName,
                bundleUrl: pathToFileURL(pathOf(functionName)).href,
              });
            });
            // A failed import is tried again on the next call, as the invoker asks again.
            done.catch(() => loaded.delete(functionName));
            loaded.set(functionName, done);
          }
          return done;
        },
        invoke: (functionName, event, context, deadline) =>
          new Promise<unknown>((resolveCall, rejectCall) => {
            if (exited) return rejectCall(new Error(`${functionName}: its thread exited`));
            // The event crosses as JSON text, as Lambda's invoke payload does: the same values reach
            // the handler (undefined dropped, dates as text), and writing the text and copying it
            // costs this thread (the gateway's) about a third less than a structured clone.
            const eventJson = JSON.stringify(event);
            lastId += 1;
            calls.set(lastId, { resolve: resolveCall, reject: rejectCall });
            worker.postMessage({ type: 'invoke', id: lastId, functionName, eventJson, context, deadline });
          }),
      };
      worker.on('message', (message: WorkerMessage) => {
        switch (message.type) {
          case 'ready':
            resolve(thread);
            return;
          case 'loaded': {
            const waiting = loads.get(message.functionName) ?? [];
            loads.delete(message.functionName);
            for (const load of waiting)
              if (message.error) load.reject(errorFrom(message.error));
              else load.resolve();
            return;
          }
          case 'result': {
            const call = calls.get(message.id);
            calls.delete(message.id);
            if (!call) return;
            if (message.error) call.reject(errorFrom(message.error));
            else call.resolve(message.resultJson === undefined ? undefined : JSON.parse(message.resultJson));
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
        const error = new Error(`${threadName}: its thread exited (code ${code})`);
        reject(error);
        failAll(error);
      });
    });

  /** Who printed a line of a thread: the thread's one function, or the function the line names. */
  function sourceOf(threadName: string, line: string): string {
    const functions = functionsOf.get(threadName);
    if (functions?.size === 1) return functions.values().next().value!;
    return functionNameInLine.exec(line)?.[1] ?? threadName;
  }

  /** The function's thread, started now if it has none or the one it had died (synchronous: one start for concurrent calls). */
  function threadFor(threadName: string): Promise<FunctionThread> {
    const known = threads.get(threadName);
    if (known && (terminated || (!known.failed && (known.running === undefined || known.running.alive()))))
      return known.thread;
    const started: { thread: Promise<FunctionThread>; running?: FunctionThread; failed?: boolean } = {
      thread: startThread(threadName),
    };
    started.thread.then(
      (running) => (started.running = running),
      () => (started.failed = true),
    );
    threads.set(threadName, started);
    return started.thread;
  }

  /**
   * A function's handler: its thread started (or joined) and its bundle imported there, now (the
   * cold start). A thread that died (an uncaught error ends a thread, as it ends a Lambda
   * sandbox) is started again on the next call, and the function imported again in it.
   */
  const load: HandlerLoader = async (functionName) => {
    if (terminated) throw new Error('the runtime is stopping');
    const threadName = threadOf(functionName);
    let functions = functionsOf.get(threadName);
    if (!functions) functionsOf.set(threadName, (functions = new Set()));
    functions.add(functionName);
    await (await threadFor(threadName)).loadFunction(functionName);
    return async (event, context) => {
      // The invoker's context, less its methods (a message carries data only); the thread puts them back.
      const { getRemainingTimeInMillis, done: _done, fail: _fail, succeed: _succeed, ...fields } = context;
      const deadline = Date.now() + getRemainingTimeInMillis();
      const thread = await threadFor(threadName);
      await thread.loadFunction(functionName);
      return thread.invoke(functionName, event, fields, deadline);
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
