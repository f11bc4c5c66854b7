/**
 * The local runtime in a process of its own (forked by runtime-process.ts), so the benchmark's
 * clients do not share its event loop and its memory is its own. It tells the parent its URL
 * and environment once ready, and stops cleanly when asked or when the parent goes away.
 */
import { Agent } from 'node:http';
import { startRuntime, type Runtime } from '../src/runtime.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export type ChildMessage =
  | { type: 'ready'; url: string; env: Record<string, string>; pid: number; firstStart: boolean }
  | { type: 'failed'; message: string }
  | { type: 'calls'; calls: Record<string, number> }
  | { type: 'stopped' };

/**
 * Every call this process makes to DynamoDB Local (and its streams), by operation, and to the
 * WebSocket @connections API, counted where every AWS SDK client of every bundle sends it: the
 * HTTP agent's addRequest. The
 * benchmark reads the counts before and after each phase: calls per HTTP request show where a
 * route's time goes.
 */
const calls: Record<string, number> = {};
type AddRequest = (this: Agent, request: { getHeader(name: string): unknown }, options: unknown) => void;
const agentPrototype = Agent.prototype as unknown as { addRequest: AddRequest };
const addRequest = agentPrototype.addRequest;
agentPrototype.addRequest = function (request, options) {
  const target = request.getHeader('x-amz-target');
  let name: string | undefined;
  if (typeof target === 'string') {
    const [service, operation] = target.split('.');
    name = service?.startsWith('DynamoDBStreams') ? `Streams.${operation}` : (operation ?? target);
  } else if ((request as { path?: string }).path?.startsWith('/@connections/')) {
    // The live fan-out: one PostToConnection per event and listening socket.
    name = 'WebSocket.PostToConnection';
  }
  if (name) calls[name] = (calls[name] ?? 0) + 1;
  return addRequest.call(this, request, options);
};

const send = (message: ChildMessage) => process.send?.(message);

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

process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stop') void stop();
  if (message?.type === 'calls') send({ type: 'calls', calls: { ...calls } });
});
// The benchmark died: leave nothing running.
process.on('disconnect', () => void stop());

const dataDir = process.argv[2];
if (!dataDir) {
  send({ type: 'failed', message: 'runtime-child: no data directory given' });
  process.exit(1);
}
try {
  runtime = await startRuntime({ port: 0, dataDir, quiet: true, build: false });
  send({ type: 'ready', url: runtime.url, env: runtime.env, pid: process.pid, firstStart: runtime.firstStart });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
