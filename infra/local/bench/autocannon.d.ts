/** The part of autocannon 8's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
    [extra: string]: unknown;
  }

  export interface AutocannonClient {
    setRequests(requests: AutocannonRequest[]): void;
    setHeaders(headers: Record<string, string>): void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
    setupClient?: (client: AutocannonClient) => void;
    excludeErrorStats?: boolean;
  }

  export interface AutocannonStats {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total?: number;
  }

  export interface AutocannonResult {
    duration: number;
    start: Date;
    finish: Date;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: AutocannonStats;
    requests: AutocannonStats;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
