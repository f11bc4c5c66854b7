/**
 * Where an inbound message spends its time on the way to the agent's screen, stage by stage.
 *
 * The runtime child (runtime-child.ts) installs a tracer on the bench's demand: every point a
 * message passes in the runtime's main thread (bench-hook.ts `traceForBench`: a queue send, a
 * function's call, start and end, a stream page read for a consumer, a queue batch failed) is
 * kept with the message ids its payload names and the instant (epoch ms, sub-ms; the bench and
 * the runtime share the machine's clock). The bench adds the post and the arrival on the admin's
 * socket, and `stageSplit` cuts each message's time into the stages below. Pure apart from the
 * tracer itself, so it is unit-tested (bench.test.ts).
 */
import { summarize, type LatencySummary } from './stats.ts';

export interface TraceEntry {
  point: string;
  /** Epoch milliseconds (performance.timeOrigin + performance.now()). */
  atMs: number;
  ids: string[];
}

export interface Tracing {
  /** What was seen since the last take, and the tracer removed. */
  take(): TraceEntry[];
}

/** Epoch milliseconds with sub-millisecond precision, comparable across processes. */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Installs the tracer: message ids matching `pattern` (a regular expression's source) are looked
 * for in each payload. While it is on it only keeps the point, the instant and the payload; the
 * payloads are turned into text and searched when taken, after the phase. Searching them as they
 * passed (a JSON.stringify per function call, start and end, and per stream page) took an eighth
 * of the runtime's main thread while new customers arrived, and so delayed the very messages it
 * timed. A payload met again (an invocation's call, start and end carry one event) is searched once.
 */
export function startTracing(pattern: string): Tracing {
  let kept: { point: string; atMs: number; payload: unknown }[] = [];
  const holder = globalThis as { atendeBenchTrace?: (point: string, payload: unknown) => void };
  holder.atendeBenchTrace = (point, payload) => {
    kept.push({ point, atMs: epochMs(), payload });
  };
  return {
    take() {
      if (holder.atendeBenchTrace) delete holder.atendeBenchTrace;
      const taken = kept;
      kept = [];
      return idsInPayloads(taken, new RegExp(pattern, 'g'));
    },
  };
}

/** The entries whose payload names an id `matcher` finds, with those ids (each once). */
function idsInPayloads(kept: readonly { point: string; atMs: number; payload: unknown }[], matcher: RegExp): TraceEntry[] {
  const idsOf = new Map<unknown, string[] | null>();
  const entries: TraceEntry[] = [];
  for (const { point, atMs, payload } of kept) {
    let ids = idsOf.get(payload);
    if (ids === undefined) {
      ids = null;
      try {
        const found = (typeof payload === 'string' ? payload : JSON.stringify(payload) ?? '').match(matcher);
        if (found) ids = [...new Set(found)];
      } catch {
        // A payload that cannot be written as JSON names no id.
      }
      // Strings are compared by value: only objects are worth remembering by identity.
      if (typeof payload === 'object' && payload !== null) idsOf.set(payload, ids);
    }
    if (ids) entries.push({ point, atMs, ids });
  }
  return entries;
}

/** The stages, in the order a message passes them; each ends where the next begins. */
export const stageNames = [
  /** The sandbox's POST until the connector takes the command from its queue. */
  'to connector',
  /** The connector's work until it hands the message to the inbound queue. */
  'connector',
  /** Waiting in the inbound queue (and the ingest's cold start). */
  'inbound queue',
  /** The ingest's start until the stream's reader has the message's record (write, then poll). */
  'ingest to stream',
  /** The read until the live fan-out's invocation starts with it (the fan-out busy with an earlier batch). */
  'fan-out wait',
  /** The fan-out's invocation and its posts until the admin's socket has the event. */
  'fan-out',
] as const;
export type StageName = (typeof stageNames)[number];

export interface TracedMessage {
  id: string;
  /** Epoch ms of the POST, and of the appMessage create on the admin's socket (undefined: never). */
  postedAtMs: number;
  onScreenAtMs: number | undefined;
  /** The customer's first message of the phase (a new customer's makes their contact and ticket). */
  first: boolean;
  known: boolean;
}

export interface MessageStages {
  id: string;
  totalMs: number;
  first: boolean;
  known: boolean;
  /** Inbound batches that failed with this message in them (each a retry after the visibility timeout). */
  ingestRetries: number;
  stages: Partial<Record<StageName, number>>;
}

export interface StageSplit {
  /** Per stage, over the messages where both its ends were seen. */
  stages: Partial<Record<StageName, LatencySummary>>;
  /** The slowest messages on screen, slowest first, each cut into its stages. */
  slowest: MessageStages[];
  /** Messages whose ingest batch failed at least once. */
  retried: number;
  /** The ingest's invocation, its first start to its last end (a retried batch included). */
  ingest: LatencySummary;
  /** Post → screen of new customers' first messages (contact and ticket made) and of the others. */
  newCustomers: LatencySummary;
  others: LatencySummary;
}

/**
 * Each message's stages from the tracer's entries: the connector's first call that names it, the
 * first send to the inbound queue, the ingest's first start, the first stream page read for the
 * broadcaster with it (at or after that start: its write lands during the invocation), the
 * broadcaster's first start after that read, then the admin's socket.
 */
export function stageSplit(messages: readonly TracedMessage[], entries: readonly TraceEntry[], slowest = 10): StageSplit {
  const seen = new Map<string, Map<string, number[]>>();
  for (const entry of entries) {
    for (const id of entry.ids) {
      let points = seen.get(id);
      if (!points) seen.set(id, (points = new Map()));
      let times = points.get(entry.point);
      if (!times) points.set(entry.point, (times = []));
      times.push(entry.atMs);
    }
  }
  const perMessage: MessageStages[] = [];
  const ingestTimes: number[] = [];
  for (const message of messages) {
    const points = seen.get(message.id) ?? new Map<string, number[]>();
    const first = (point: string, notBefore = -Infinity) => points.get(point)?.filter((at) => at >= notBefore).sort((a, b) => a - b)[0];
    const last = (point: string) => {
      const times = points.get(point);
      return times && times.length > 0 ? Math.max(...times) : undefined;
    };
    const ingestStart = first('start:ingest');
    // A stream read is `read:<consumers>`: one reader per consumer, or one for all of them.
    const readTimes = [...points].filter(([point]) => point.startsWith('read:') && point.slice(5).split('+').includes('broadcaster'));
    const read = readTimes.flatMap(([, times]) => times).filter((at) => at >= (ingestStart ?? -Infinity)).sort((a, b) => a - b)[0];
    const marks: (number | undefined)[] = [
      message.postedAtMs,
      first('call:connector'),
      first('send:inbound'),
      ingestStart,
      read,
      first('start:broadcaster', read ?? -Infinity),
      message.onScreenAtMs,
    ];
    const ingestEnd = last('end:ingest');
    if (ingestStart !== undefined && ingestEnd !== undefined) ingestTimes.push(ingestEnd - ingestStart);
    const stages: Partial<Record<StageName, number>> = {};
    stageNames.forEach((name, index) => {
      const from = marks[index];
      const to = marks[index + 1];
      if (from !== undefined && to !== undefined) stages[name] = to - from;
    });
    perMessage.push({
      id: message.id,
      totalMs: message.onScreenAtMs === undefined ? Number.POSITIVE_INFINITY : message.onScreenAtMs - message.postedAtMs,
      first: message.first,
      known: message.known,
      ingestRetries: points.get('failed:inbound')?.length ?? 0,
      stages,
    });
  }
  const summaries: Partial<Record<StageName, LatencySummary>> = {};
  for (const name of stageNames) {
    const values = perMessage.map((m) => m.stages[name]).filter((value): value is number => value !== undefined);
    if (values.length > 0) summaries[name] = summarize(values);
  }
  return {
    stages: summaries,
    slowest: [...perMessage].sort((a, b) => b.totalMs - a.totalMs).slice(0, slowest),
    retried: perMessage.filter((m) => m.ingestRetries > 0).length,
    ingest: summarize(ingestTimes),
    newCustomers: summarize(perMessage.filter((m) => !m.known && m.first && Number.isFinite(m.totalMs)).map((m) => m.totalMs)),
    others: summarize(perMessage.filter((m) => (m.known || !m.first) && Number.isFinite(m.totalMs)).map((m) => m.totalMs)),
  };
}

/** One line per stage and the slowest messages, for the bench's output. */
export function stageLines(split: StageSplit): string[] {
  const ms = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)}`);
  const lines = stageNames
    .filter((name) => split.stages[name])
    .map((name) => {
      const s = split.stages[name]!;
      return `${name}: p50 ${ms(s.p50)} ms, p99 ${ms(s.p99)} ms, max ${ms(s.max)} ms`;
    });
  lines.push(`ingest invocation: p50 ${ms(split.ingest.p50)} ms, p99 ${ms(split.ingest.p99)} ms; batches retried: ${split.retried} message(s)`);
  const total = (what: string, s: LatencySummary) => `${what} (${s.count}) p50 ${ms(s.p50)} ms, p99 ${ms(s.p99)} ms`;
  lines.push(`on screen: ${total("new customers' first messages", split.newCustomers)}; ${total('the others', split.others)}`);
  for (const message of split.slowest) {
    const parts = stageNames.map((name) => `${name} ${ms(message.stages[name])}`).join(', ');
    const kind = `${message.known ? 'known' : 'new'} customer${message.first ? ', first message' : ''}${message.ingestRetries ? `, ${message.ingestRetries} ingest retries` : ''}`;
    lines.push(`slow: ${message.id} ${ms(message.totalMs)} ms (${kind}): ${parts}`);
  }
  return lines;
}
