/**
 * The call counter's figures (call-counter.mjs) for one request or one inbound message, split
 * into what AWS bills apart: the product table's calls, the SQS and Scheduler stand-ins' calls,
 * stream reads, WebSocket posts; and the usage the cost figures need (capacity units, SQS
 * requests, Scheduler invocations, Lambda invocations and GB-seconds).
 */

/** Per request (or per inbound message): every counter of call-counter.mjs, idle polling taken out. */
export type UsageCounts = Record<string, number>;

export interface CallSplit {
  /** DynamoDB calls naming the product table: the goals are these. */
  tableCalls: number;
  /** DynamoDB calls of the local SQS and Scheduler stand-ins (their own table; SQS and Scheduler in AWS). */
  standInCalls: number;
  /** DynamoDB Streams calls (free in AWS when Lambda reads the stream). */
  streamReads: number;
  /** WebSocket PostToConnection calls (one per listening socket and batch). */
  socketPosts: number;
}

/** What the cost figures read (cost.ts): per request or message. */
export interface BilledUsage {
  /** Read and write request units of the product table (as DynamoDB Local reports them). */
  readUnits: number;
  writeUnits: number;
  /** Product-table calls answered without capacity units (each counted as one unit above). */
  unmeasuredCalls: number;
  lambdaInvocations: number;
  lambdaGbSeconds: number;
  sqsRequests: number;
  schedulerInvocations: number;
  /** WebSocket messages as billed (32 KB each). */
  socketMessages: number;
}

const callKinds = ['table', 'standIn', 'stream', 'socket', 'control', 'other'] as const;

/** Whether a counter name is a call (as opposed to units or the stand-ins' usage reports). */
export function isCall(name: string): boolean {
  return callKinds.some((kind) => name.startsWith(`${kind}.`));
}

function sumOf(counts: UsageCounts, prefix: string): number {
  return Object.entries(counts).reduce(
    (sum, [name, value]) => (name.startsWith(prefix) ? sum + value : sum),
    0,
  );
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function splitCalls(counts: UsageCounts): CallSplit {
  return {
    tableCalls: oneDecimal(sumOf(counts, 'table.')),
    standInCalls: oneDecimal(sumOf(counts, 'standIn.')),
    streamReads: oneDecimal(sumOf(counts, 'stream.')),
    socketPosts: oneDecimal(sumOf(counts, 'socket.')),
  };
}

export function billedUsage(counts: UsageCounts): BilledUsage {
  const value = (name: string) => Math.max(0, counts[name] ?? 0);
  return {
    // A call answered without units counts as the least it can cost: one unit.
    readUnits: value('units.table.read') + value('units.table.unmeasured.read'),
    writeUnits: value('units.table.write') + value('units.table.unmeasured.write'),
    unmeasuredCalls: value('units.table.unmeasured.read') + value('units.table.unmeasured.write'),
    lambdaInvocations: value('lambda.Invocation'),
    lambdaGbSeconds: value('lambda.gbSeconds'),
    sqsRequests: Math.max(0, sumOf(counts, 'sqs.')),
    schedulerInvocations: value('scheduler.Invocation'),
    socketMessages: value('units.socket.messages'),
  };
}

/**
 * What happened between two readings of the counters, per request: `after - before`, less the
 * idle runtime's own rate (`background`, per second) over `seconds`, over `requests`. Calls below
 * 0.05 per request are noise of the background estimate and dropped; the rest keep 3 decimals.
 */
export function perRequestUsage(
  before: UsageCounts,
  after: UsageCounts,
  background: UsageCounts,
  seconds: number,
  requests: number,
): UsageCounts {
  const usage: UsageCounts = {};
  for (const [name, count] of Object.entries(after)) {
    const own = (count - (before[name] ?? 0) - (background[name] ?? 0) * seconds) / Math.max(1, requests);
    if (isCall(name) ? own >= 0.05 : own > 0) usage[name] = Math.round(own * 1000) / 1000;
  }
  return usage;
}

/** The calls alone, one decimal, by counter name (the tables' "by operation" figures). */
export function callsByOperation(usage: UsageCounts): Record<string, number> {
  return Object.fromEntries(
    Object.entries(usage)
      .filter(([name]) => isCall(name))
      .map(([name, value]) => [name, oneDecimal(value)]),
  );
}
