/**
 * The local runtime in a process of its own (forked by runtime-process.ts), so the benchmark's
 * clients do not share its event loop and its memory is its own. It tells the parent its URL
 * and environment once ready, and stops cleanly when asked or when the parent goes away.
 */
import { startRuntime, type Runtime } from '../src/runtime.ts';
import { startTracing, type TraceEntry, type Tracing } from './stages.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export type ChildMessage =
  | { type: 'ready'; url: string; env: Record<string, string>; pid: number; firstStart: boolean }
  | { type: 'failed'; message: string }
  | { type: 'calls'; calls: Record<string, number> }
  | { type: 'trace'; entries: TraceEntry[] }
  | { type: 'trace-started' }
  | { type: 'connector-stopped' }
  | { type: 'stopped' };

// Every call to DynamoDB Local and the @connections API, counted in every thread of the runtime
// (call-counter.mjs): this thread's agent now, each function's thread as it starts.
const counterUrl = new URL('./call-counter.mjs', import.meta.url).href;
process.env.ATENDE_THREAD_PRELOAD = counterUrl;
const { collectCalls } = (await import(counterUrl)) as {
  collectCalls: () => Promise<Record<string, number>>;
};

const send = (message: ChildMessage) => process.send?.(message);
// The steady phase's stages: where each of its messages passed, and when (stages.ts).
let tracing: Tracing | undefined;

let runtime: Runtime | undefined;
let stopping: Promise<void> | undefined;
function stop(): Promise<void> {
  stopping ??= (async () => {
    await runtime?.stop();
    send({ type: 'stopped' });
    process.disconnect?.();
    process.exit(0);
  })();
  return stopping;
}

process.on('message', (message: { type?: string; pattern?: string }) => {
  if (message?.type === 'trace-start' && message.pattern) {
    tracing = startTracing(message.pattern);
    send({ type: 'trace-started' });
  }
  if (message?.type === 'stop') void stop();
  if (message?.type === 'calls') void collectCalls().then((calls) => send({ type: 'calls', calls }));
  if (message?.type === 'trace') {
    send({ type: 'trace', entries: tracing?.take() ?? [] });
    tracing = undefined;
  }
  // The crash suite: commands that wait in their queue while the connector is down.
  if (message?.type === 'connector-stop')
    void runtime?.connector.stop().then(() => send({ type: 'connector-stopped' }));
});
// The benchmark died: leave nothing running.
process.on('disconnect', () => void stop());

const dataDir = process.argv[2];
if (!dataDir) {
  send({ type: 'failed', message: 'runtime-child: no data directory given' });
  process.exit(1);
}
try {
  runtime = await startRuntime({
    port: 0,
    dataDir,
    quiet: true,
    build: false,
    // The crash suite's restarts import each function on its first call, as a test runtime does.
    warmUp: process.env.RUNTIME_CHILD_WARM_UP !== 'false',
  });
  send({
    type: 'ready',
    url: runtime.url,
    env: runtime.env,
    pid: process.pid,
    firstStart: runtime.firstStart,
  });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
