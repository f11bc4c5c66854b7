/**
 * One agent operation under load: autocannon with one connection per agent, each connection
 * cycling through its own agent's requests (its token, its tickets, its searches). Every
 * response time is recorded by tag (autocannon's `response` event, right after the request's
 * onResponse), so the percentiles are exact and a mix (the searches) can be split by kind.
 */
import autocannon, { type AutocannonRequest } from 'autocannon';
import { summarize, type LatencySummary } from './stats.ts';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token: string;
  /** What the request is, within its operation (search kinds). */
  tag: string;
}

export interface OperationResult {
  name: string;
  connections: number;
  durationSeconds: number;
  /** Answers with a 2xx status. */
  ok: number;
  /**
   * Requests written, answered or not: autocannon drops the connections at the run's end with a
   * request in flight on each, which the server still carries out (and counts in its calls).
   */
  sent: number;
  /** 2xx answers per second over the run. */
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Over 2xx answers. */
  latency: LatencySummary;
  /** The same, per tag (when an operation mixes several kinds of request). */
  byTag: Record<string, LatencySummary & { requestsPerSecond: number }>;
  /** autocannon's own figures, for comparison (ms, 2xx and non-2xx). */
  autocannon: { p50: number; p99: number; max: number; requestsPerSecondAverage: number };
}

export async function runOperation(options: {
  url: string;
  name: string;
  /** The requests of connection i (called once per connection). */
  requestsOf: (connection: number) => LoadRequest[];
  connections: number;
  durationSeconds: number;
  onTick?: (completed: number) => void;
}): Promise<OperationResult> {
  let currentTag = '';
  const latencies = new Map<string, number[]>();
  const statusCodes: Record<string, number> = {};
  let connection = 0;
  const toAutocannon = (request: LoadRequest): AutocannonRequest => ({
    method: request.method,
    path: `/api${request.path}`,
    headers: {
      authorization: `Bearer ${request.token}`,
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    onResponse: () => {
      currentTag = request.tag;
    },
  });
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 60,
    requests: options.requestsOf(0).map(toAutocannon),
    setupClient: (client) => {
      client.setRequests(options.requestsOf(connection++).map(toAutocannon));
    },
  });
  let completed = 0;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    completed += 1;
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    if (statusCode < 200 || statusCode >= 300) return;
    let list = latencies.get(currentTag);
    if (!list) latencies.set(currentTag, (list = []));
    list.push(responseTime);
  });
  const ticker = setInterval(() => options.onTick?.(completed), 1000);
  const result = await instance;
  clearInterval(ticker);

  const elapsedSeconds = Math.max(0.001, (result.finish.getTime() - result.start.getTime()) / 1000);
  const all = [...latencies.values()].flat();
  const byTag = Object.fromEntries(
    [...latencies].map(([tag, values]) => [tag, { ...summarize(values), requestsPerSecond: values.length / elapsedSeconds }]),
  );
  return {
    name: options.name,
    connections: options.connections,
    durationSeconds: elapsedSeconds,
    ok: all.length,
    // autocannon counts them (`requests.sent`) without typing it.
    sent: Math.max((result.requests as { sent?: number }).sent ?? 0, completed),
    requestsPerSecond: all.length / elapsedSeconds,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    latency: summarize(all),
    byTag,
    autocannon: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, requestsPerSecondAverage: result.requests.average },
  };
}
