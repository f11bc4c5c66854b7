/**
 * Memory and CPU of the processes under test, read from /proc: the runtime's Node process (by
 * the pid it reports), DynamoDB Local's JVM (the java process whose -dbPath is the runtime's
 * data folder) and the benchmark's own process (the load generator).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Resident set size in MB, or undefined when the process is gone. */
export function rssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The pid of the DynamoDB Local JVM serving files under `dbDir`. */
export function findDynamoPid(dbDir: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command: string[];
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!command[0]?.endsWith('java') || !command.some((arg) => arg.endsWith('DynamoDBLocal.jar'))) continue;
    const dbPath = command[command.indexOf('-dbPath') + 1];
    if (dbPath === dbDir) return Number(entry);
  }
  return undefined;
}

export interface ProcessSample {
  rssMb: number | undefined;
  cpuSeconds: number | undefined;
}

export interface MemoryPeak {
  maxMb: number;
  lastMb: number;
  /** The phase running when the peak was sampled (phases.ts), if one was. */
  phase?: string;
}

/** Samples the RSS of named processes every `intervalMs`, keeping the peak and the latest. */
export class MemorySampler {
  readonly peaks = new Map<string, MemoryPeak>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pids: Record<string, number | undefined>,
    /** The phase running now, kept with a new peak. */
    private readonly phaseNow: () => string | undefined = () => undefined,
  ) {}

  sample(): void {
    for (const [name, pid] of Object.entries(this.pids)) {
      if (pid === undefined) continue;
      const mb = rssMb(pid);
      if (mb === undefined) continue;
      const peak = this.peaks.get(name);
      if (peak && peak.maxMb >= mb) peak.lastMb = mb;
      else {
        const phase = this.phaseNow();
        this.peaks.set(name, { maxMb: mb, lastMb: mb, ...(phase ? { phase } : {}) });
      }
    }
  }

  start(intervalMs = 1000): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  stop(): Record<string, MemoryPeak> {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    return Object.fromEntries(this.peaks);
  }
}

/** CPU seconds each named process used between two readings. */
export function cpuUsage(pids: Record<string, number | undefined>): () => Record<string, number> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, pid === undefined ? undefined : cpuSeconds(pid)]));
  return () => {
    const used: Record<string, number> = {};
    for (const [name, pid] of Object.entries(pids)) {
      const start = before[name];
      const end = pid === undefined ? undefined : cpuSeconds(pid);
      if (start !== undefined && end !== undefined) used[name] = end - start;
    }
    return used;
  };
}

/**
 * Waits until processes are nearly idle (together under `busyShare` of a core over two readings
 * `stepMs` apart) and `also()` holds at the same time, at most `maxMs`: what an operation left
 * running (requests autocannon gave up on at its end, queued DynamoDB calls, queued sends)
 * finishes before the next one is measured. Returns the seconds waited.
 */
export async function waitUntilIdle(
  pids: number | number[],
  { busyShare = 0.3, stepMs = 250, maxMs = 30_000, also = () => true }: { busyShare?: number; stepMs?: number; maxMs?: number; also?: () => boolean } = {},
): Promise<number> {
  const list = Array.isArray(pids) ? pids : [pids];
  const total = () => list.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  const started = performance.now();
  let quietReadings = 0;
  let last = total();
  while (performance.now() - started < maxMs && (quietReadings < 2 || !also())) {
    await new Promise((wake) => setTimeout(wake, stepMs));
    const now = total();
    quietReadings = now - last < (busyShare * stepMs) / 1000 ? quietReadings + 1 : 0;
    last = now;
  }
  return (performance.now() - started) / 1000;
}
