/**
 * Starts and stops the runtime child (runtime-child.ts): `node --import tsx`, so the pid is the
 * runtime's own Node process. Its output (errors only: the runtime is quiet) goes to a log file
 * whose error lines the report counts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildMessage } from './runtime-child.ts';
import type { TraceEntry } from './stages.ts';
import { findDynamoPid } from './memory.ts';

const childScript = join(fileURLToPath(new URL('.', import.meta.url)), 'runtime-child.ts');
/**
 * A start takes 10–15 s on two quiet cores; on 2026-11-28, with the machine's load average near
 * 100 from other jobs, a restart on 19,000 seeded items did not finish in 180 s and the whole
 * size was lost: the limit only catches a runtime that will never start.
 */
const startTimeoutMs = 600_000;
const stopTimeoutMs = 60_000;

export interface RuntimeProcess {
  url: string;
  env: Record<string, string>;
  /** The runtime's Node process. */
  pid: number;
  /** DynamoDB Local's JVM. */
  dynamoPid: number | undefined;
  dataDir: string;
  /** Lines the runtime wrote to stderr/stdout so far. */
  logLines(): number;
  /** Stops the runtime's connector (its commands then wait in their queue). */
  stopConnector(): Promise<void>;
  /** SIGKILL: the runtime dies mid-work, as in a crash; resolves once it has exited. */
  kill(): Promise<void>;
  /** Calls made to DynamoDB Local so far, by operation (runtime-child.ts). */
  dynamoCalls(): Promise<Record<string, number>>;
  /** Starts the stage tracer: message ids matching `pattern` are followed (stages.ts). */
  startTracing(pattern: string): Promise<void>;
  /** What the stage tracer saw since it was started; stops it (stages.ts). */
  traces(): Promise<TraceEntry[]>;
  stop(): Promise<void>;
}

export async function startRuntimeProcess(options: {
  dataDir: string;
  env: Record<string, string>;
  logFile: string;
  /** Write CPU profiles (one per thread; the main thread's is the largest) in this folder when the runtime exits. */
  cpuProfileDir?: string;
  /** Import every function at start (default), or each on its first call (false). */
  warmUp?: boolean;
  /** How long the start may take (default 180 s); a child that has not started by then is killed. */
  startTimeoutMs?: number;
}): Promise<RuntimeProcess> {
  const startWithinMs = options.startTimeoutMs ?? startTimeoutMs;
  const log: WriteStream = createWriteStream(options.logFile, { flags: 'a' });
  let lines = 0;
  const child: ChildProcess = fork(childScript, [options.dataDir], {
    execArgv: [
      '--import',
      'tsx',
      ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
    ],
    env: {
      ...process.env,
      ...options.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...(options.warmUp === false ? { RUNTIME_CHILD_WARM_UP: 'false' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const keep = (chunk: Buffer) => {
    lines += chunk.toString().split('\n').filter(Boolean).length;
    log.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));

  const ready = await new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolveReady, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`the runtime did not start within ${startWithinMs / 1000} s (log: ${options.logFile})`),
      );
    }, startWithinMs);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolveReady(message);
      } else if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`the runtime failed to start: ${message.message}`));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the runtime exited with code ${code} while starting (log: ${options.logFile})`));
    });
  });

  let stopping: Promise<void> | undefined;
  return {
    url: ready.url,
    env: ready.env,
    pid: ready.pid,
    dynamoPid: findDynamoPid(join(options.dataDir, 'dynamodb')),
    dataDir: options.dataDir,
    logLines: () => lines,
    stopConnector: () =>
      new Promise((resolveStopped) => {
        const listener = (message: ChildMessage) => {
          if (message.type !== 'connector-stopped') return;
          child.off('message', listener);
          resolveStopped();
        };
        child.on('message', listener);
        child.send({ type: 'connector-stop' });
      }),
    kill() {
      stopping ??= (async () => {
        child.kill('SIGKILL');
        await exited;
        await new Promise<void>((resolveClosed) => log.end(resolveClosed));
      })();
      return stopping;
    },
    dynamoCalls: () =>
      new Promise((resolveCalls) => {
        const listener = (message: ChildMessage) => {
          if (message.type !== 'calls') return;
          child.off('message', listener);
          resolveCalls(message.calls);
        };
        child.on('message', listener);
        child.send({ type: 'calls' });
      }),
    startTracing: (pattern) =>
      new Promise((resolveStarted) => {
        const listener = (message: ChildMessage) => {
          if (message.type !== 'trace-started') return;
          child.off('message', listener);
          resolveStarted();
        };
        child.on('message', listener);
        child.send({ type: 'trace-start', pattern });
      }),
    traces: () =>
      new Promise((resolveTraces) => {
        const listener = (message: ChildMessage) => {
          if (message.type !== 'trace') return;
          child.off('message', listener);
          resolveTraces(message.entries);
        };
        child.on('message', listener);
        child.send({ type: 'trace' });
      }),
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.connected) child.send({ type: 'stop' });
        const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
        await exited;
        clearTimeout(timer);
        await new Promise<void>((resolveClosed) => log.end(resolveClosed));
      })();
      return stopping;
    },
  };
}
