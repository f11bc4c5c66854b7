/**
 * Runs the Lambda bundles in this process: each is imported once (its cold start) and then
 * invoked with a Lambda-like context, the way the Lambda runtime calls `handler(event, context)`.
 */
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { lambdaContext } from './lambda-context.mjs';
import { bundlePath } from '../../../functions/build.ts';
import type { FunctionSettings } from './runtime-manifest.ts';
import { countForBench, invokeForBench, traceForBench } from './bench-hook.ts';
import { lambdaDefaults } from '../../lib/lambda-defaults.ts';

export type LambdaHandler = (event: unknown, context: Context) => unknown;

/** Resolves a function name of the manifest to its handler. */
export type HandlerLoader = (functionName: string) => Promise<LambdaHandler>;

/** The CDK stack's defaults for a function that declares no limits of its own. */
const defaultTimeoutSeconds = lambdaDefaults.timeoutSeconds;
const defaultMemoryMb = lambdaDefaults.memoryMb;
const accountId = '000000000000';

export class FunctionTimeoutError extends Error {
  constructor(
    functionName: string,
    readonly seconds: number,
  ) {
    super(`${functionName}: Task timed out after ${seconds.toFixed(2)} seconds`);
  }
}

/**
 * Loads functions/dist/<name>/index.mjs. `generation` makes each runtime start import fresh
 * module instances, so clients a bundle built at import time see this start's endpoints.
 *
 * The bundle is imported through a one-line `data:` module that re-exports it: test runners
 * hand `data:` imports to Node untouched, so the bundle always runs on Node's own loader, as in
 * Lambda, instead of being re-transformed by the runner (seconds of CPU per bundle).
 */
export function bundleLoader(generation: number): HandlerLoader {
  return async (functionName) => {
    const url = `${pathToFileURL(bundlePath(functionName)).href}?runtime=${generation}`;
    const reexport = `export * from ${JSON.stringify(url)};`;
    const module = (await import(
      /* @vite-ignore */ `data:text/javascript,${encodeURIComponent(reexport)}`
    )) as { handler?: unknown };
    if (typeof module.handler !== 'function')
      throw new Error(`${bundlePath(functionName)} exports no handler`);
    return module.handler as LambdaHandler;
  };
}

export class FunctionInvoker {
  private readonly handlers = new Map<string, Promise<LambdaHandler>>();
  private readonly settledListeners = new Set<(functionName: string, event: unknown) => void>();

  constructor(
    private readonly load: HandlerLoader,
    private readonly settings: Map<string, FunctionSettings>,
    private readonly region: string,
  ) {}

  /** Imports every function up front, so the first request does not pay for a cold start. */
  async warmUp(): Promise<void> {
    await Promise.all([...this.settings.keys()].map((name) => this.handler(name)));
  }

  /**
   * Calls `listener` after each invocation ends, however it ended: whatever the function wrote
   * is in the table by then (the stream readers poll at once instead of after their pause).
   */
  onSettled(listener: (functionName: string, event: unknown) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  /** Resolves with the handler's result; rejects with its error or a FunctionTimeoutError. */
  async invoke(functionName: string, event: unknown, maxSeconds?: number): Promise<unknown> {
    traceForBench(`call:${functionName}`, event);
    const handler = await this.handler(functionName);
    const settings = this.settings.get(functionName);
    const configured = settings?.timeoutSeconds ?? defaultTimeoutSeconds;
    const seconds = maxSeconds === undefined ? configured : Math.min(configured, maxSeconds);
    const deadline = Date.now() + seconds * 1000;
    const memoryMb = settings?.memoryMb ?? defaultMemoryMb;
    const context = lambdaContext(functionName, this.region, accountId, memoryMb, deadline);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new FunctionTimeoutError(functionName, seconds)), seconds * 1000);
    });
    const startedMs = performance.now();
    traceForBench(`start:${functionName}`, event);
    try {
      return await Promise.race([Promise.resolve().then(() => invokeForBench(functionName, () => handler(event, context))), timedOut]);
    } finally {
      clearTimeout(timer);
      // What Lambda would bill: the invocation and its duration at the function's memory.
      const ms = performance.now() - startedMs;
      countForBench('lambda.Invocation');
      countForBench('lambda.ms', ms);
      countForBench('lambda.gbSeconds', (Math.ceil(ms) / 1000) * (memoryMb / 1024));
      // Per function too, so a phase's time can be told apart (the bench's campaign-calls).
      countForBench(`lambda.ms.${functionName}`, ms);
      countForBench(`lambda.Invocation.${functionName}`);
      countForBench(`lambda.gbSeconds.${functionName}`, (Math.ceil(ms) / 1000) * (memoryMb / 1024));
      traceForBench(`end:${functionName}`, event);
      for (const listener of this.settledListeners) listener(functionName, event);
    }
  }

  private handler(functionName: string): Promise<LambdaHandler> {
    let loaded = this.handlers.get(functionName);
    if (!loaded) {
      loaded = this.load(functionName);
      // A failed import is retried on the next invocation instead of being cached forever.
      loaded.catch(() => this.handlers.delete(functionName));
      this.handlers.set(functionName, loaded);
    }
    return loaded;
  }
}
