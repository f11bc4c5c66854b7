/**
 * One local runtime per test worker, shared by every test file that worker runs.
 *
 * Starting a runtime (a DynamoDB Local JVM, the table and bootstrap, s3rver, the connector, the
 * gateway) costs 10–15 s on two cores; started once per file it was half of `npm test`. Test
 * files already make their own companies, users and connections, so files that run one after
 * the other in a worker (vitest `isolate: false`) share one runtime and never see each other's
 * data. A file's `stop()` therefore leaves the shared runtime running; the runtime ends with its
 * worker (SIGTERM from vitest, or the worker's normal exit).
 *
 * `ATENDE_TEST_RUNTIME=per-file` gives every caller a runtime of its own again, stopped by its
 * `stop()`: the old behaviour, for chasing a suspected leak between files.
 *
 * The data lives in RAM (ram-dir.ts).
 */
import { rmSync } from 'node:fs';
import { startRuntime, type Runtime, type RuntimeOptions } from '../src/runtime.ts';
import { ramTempDir } from './ram-dir.ts';

export interface WorkerRuntimeSettings {
  /** The kind of runtime (its settings): names the data folder and keys the shared runtime. */
  label: string;
  /** Who asks (a test file's name): names the folder of an own runtime, in per-file mode. */
  caller?: string;
  /** Set in process.env before the runtime starts (e.g. the first super user's credentials). */
  env: Record<string, string>;
}

export interface WorkerRuntime {
  runtime: Runtime;
  dataDir: string;
  /** Whether `runtime` is the worker's shared one (false: this caller's own, per-file mode). */
  shared: boolean;
  /** Stops an own runtime and removes its folder; leaves a shared one running. */
  release(): Promise<void>;
}

interface SharedEntry {
  label: string;
  starting: Promise<{ runtime: Runtime; dataDir: string }>;
}

const sharedKey = Symbol.for('atende.test.workerRuntime');
type SharedHolder = { [sharedKey]?: SharedEntry };

const baseOptions: RuntimeOptions = {
  port: 0,
  quiet: true,
  // The bundles and the SPA are built once by the test projects' global setup, before any worker.
  build: false,
  // Each function is imported when it is first called: a file uses a few of the ~50.
  warmUp: false,
};

function applySettings(settings: WorkerRuntimeSettings): void {
  for (const [name, value] of Object.entries(settings.env)) process.env[name] = value;
}

/**
 * The worker's runtime for these settings, started on first use. Kept on globalThis, which
 * survives the module registry being reset between files.
 */
export async function workerRuntime(settings: WorkerRuntimeSettings): Promise<WorkerRuntime> {
  if (process.env.ATENDE_TEST_RUNTIME === 'per-file') return ownRuntime(settings);
  const holder = globalThis as SharedHolder;
  const existing = holder[sharedKey];
  if (existing && existing.label !== settings.label) {
    // Another kind of file ran in this worker before (vitest reuses a worker only within one
    // project, so this is rare): its runtime gives way, as one process holds one runtime.
    holder[sharedKey] = undefined;
    const previous = await existing.starting.catch(() => undefined);
    if (previous) await stopAndRemove(previous.runtime, previous.dataDir);
  }
  applySettings(settings);
  let entry = holder[sharedKey];
  if (!entry) {
    const dataDir = ramTempDir(settings.label);
    entry = {
      label: settings.label,
      starting: startRuntime({ ...baseOptions, dataDir }).then(
        (runtime) => {
          endWithWorker(runtime, dataDir);
          return { runtime, dataDir };
        },
        (error: unknown) => {
          holder[sharedKey] = undefined;
          rmSync(dataDir, { recursive: true, force: true });
          throw error;
        },
      ),
    };
    holder[sharedKey] = entry;
  }
  const { runtime, dataDir } = await entry.starting;
  return { runtime, dataDir, shared: true, release: async () => undefined };
}

/** The worker's shared runtime if one has started (for reports on a failed test), else undefined. */
export async function startedWorkerRuntime(): Promise<Runtime | undefined> {
  const entry = (globalThis as SharedHolder)[sharedKey];
  if (!entry) return undefined;
  return (await entry.starting.catch(() => undefined))?.runtime;
}

async function ownRuntime(settings: WorkerRuntimeSettings): Promise<WorkerRuntime> {
  applySettings(settings);
  const dataDir = ramTempDir(settings.caller ?? settings.label);
  let runtime: Runtime;
  try {
    runtime = await startRuntime({ ...baseOptions, dataDir });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { runtime, dataDir, shared: false, release: () => stopAndRemove(runtime, dataDir) };
}

async function stopAndRemove(runtime: Runtime, dataDir: string): Promise<void> {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * vitest ends a worker with SIGTERM and a SIGKILL 500 ms later, too soon for a clean stop; the
 * folder goes at once (DynamoDB Local's wrapper ends the JVM when this process's pipe closes).
 */
function endWithWorker(runtime: Runtime, dataDir: string): void {
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeData);
  process.once('SIGTERM', () => {
    removeData();
    process.exit(0);
  });
  // A worker that ends by itself (no more files, event loop kept alive by the runtime) is told
  // by vitest; this only covers a normal exit path that still has time for it.
  process.once('beforeExit', () => void runtime.stop().finally(removeData));
}
