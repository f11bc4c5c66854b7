/**
 * What one request of an operation costs when it runs alone: wall time, CPU of the runtime and
 * of DynamoDB Local, and the DynamoDB calls (and WebSocket posts) it makes. Measured on an idle
 * runtime, a few requests one after another, so the figures are the request's own and not those
 * of its neighbours under load.
 */
import type { LoadRequest } from './load.ts';
import { cpuSeconds, waitUntilIdle } from './memory.ts';
import type { RuntimeProcess } from './runtime-process.ts';
import { callsByOperation, perRequestUsage, splitCalls, type CallSplit, type UsageCounts } from './usage.ts';

export interface ProbeResult extends CallSplit {
  requests: number;
  wallMs: number;
  cpuMs: { runtime: number; dynamodb: number };
  /** Per request, by kind and operation (`table.Query`, `standIn.PutItem`, `stream.GetRecords`, `socket.PostToConnection`). */
  calls: Record<string, number>;
  /** Every call of every kind, per request (the old "DB calls"). */
  callsPerRequest: number;
  /** Every counter per request, calls and what the cost needs (usage.ts). */
  usage: UsageCounts;
  /** Calls per second the idle runtime made just before (polling), by operation. */
  background: Record<string, number>;
  /** Requests that did not answer 2xx (e.g. a timeout), with their status. */
  failures: string[];
}

async function send(url: string, request: LoadRequest): Promise<number> {
  const answer = await fetch(`${url}/api${request.path}`, {
    method: request.method,
    headers: { authorization: `Bearer ${request.token}`, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  await answer.arrayBuffer();
  return answer.status;
}

export interface IdleRates {
  /** DynamoDB calls per second, by operation. */
  calls: Record<string, number>;
  /** CPU seconds per second of the runtime and of DynamoDB Local. */
  cpu: { runtime: number; dynamodb: number };
}

/** What the idle runtime does on its own (stream reader and queue polling), per second. */
export async function idleRates(runtime: RuntimeProcess, seconds = 2, quiet: () => Promise<unknown> = () => waitUntilIdle(runtime.pid)): Promise<IdleRates> {
  await quiet();
  const before = await runtime.dynamoCalls();
  const runtimeCpu = cpuSeconds(runtime.pid) ?? 0;
  const dynamoCpu = runtime.dynamoPid ? (cpuSeconds(runtime.dynamoPid) ?? 0) : 0;
  const started = performance.now();
  await new Promise((wake) => setTimeout(wake, seconds * 1000));
  const elapsed = (performance.now() - started) / 1000;
  const after = await runtime.dynamoCalls();
  return {
    calls: Object.fromEntries(Object.entries(after).map(([name, count]) => [name, (count - (before[name] ?? 0)) / elapsed])),
    cpu: {
      runtime: ((cpuSeconds(runtime.pid) ?? 0) - runtimeCpu) / elapsed,
      dynamodb: runtime.dynamoPid ? ((cpuSeconds(runtime.dynamoPid) ?? 0) - dynamoCpu) / elapsed : 0,
    },
  };
}

/**
 * `quiet` resolves once the runtime has nothing left to do (no live event for a while and an
 * idle process): what the load run queued (connector sends, stream work) must not be counted.
 * `background` is the idle runtime's polling (stream reader, queues), taken out of the request's
 * figures: measured here when not given (the benchmark measures it once per runtime: the polling
 * runs at fixed intervals, so it is the same before every probe of an idle runtime).
 */
export async function probe(
  runtime: RuntimeProcess,
  requests: readonly LoadRequest[],
  quiet: () => Promise<unknown>,
  background?: IdleRates,
): Promise<ProbeResult | undefined> {
  if (requests.length === 0) return undefined;
  await quiet();
  // The first request warms the path up (JIT, connection pools) and is not counted.
  await send(runtime.url, requests[0]!);
  let idle = background;
  if (idle) await quiet();
  else idle = await idleRates(runtime, 1.5, quiet);
  const before = await runtime.dynamoCalls();
  const runtimeCpu = cpuSeconds(runtime.pid) ?? 0;
  const dynamoCpu = runtime.dynamoPid ? (cpuSeconds(runtime.dynamoPid) ?? 0) : 0;
  const started = performance.now();
  const failures: string[] = [];
  // Twice through the requests when they are quick, once when they are slow.
  let sent = 0;
  for (let pass = 0; pass < 2 && (pass === 0 || performance.now() - started < 2000); pass += 1) {
    for (const request of requests) {
      const status = await send(runtime.url, request);
      if (status >= 300) failures.push(`${request.method} ${request.path}: HTTP ${status}`);
      sent += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  // Writes set off stream work (live events, aggregates, connector sends): let it finish and count it too.
  await quiet();
  const after = await runtime.dynamoCalls();
  const elapsed = (performance.now() - started) / 1000;
  const n = sent;
  const usage = perRequestUsage(before, after, idle.calls, elapsed, n);
  const calls = callsByOperation(usage);
  return {
    requests: n,
    wallMs: (seconds * 1000) / n,
    cpuMs: {
      runtime: (Math.max(0, (cpuSeconds(runtime.pid) ?? 0) - runtimeCpu - idle.cpu.runtime * elapsed) * 1000) / n,
      dynamodb: runtime.dynamoPid ? (Math.max(0, (cpuSeconds(runtime.dynamoPid) ?? 0) - dynamoCpu - idle.cpu.dynamodb * elapsed) * 1000) / n : 0,
    },
    calls,
    callsPerRequest: Math.round(Object.values(calls).reduce((sum, value) => sum + value, 0) * 10) / 10,
    ...splitCalls(usage),
    usage,
    background: idle.calls,
    failures,
  };
}
