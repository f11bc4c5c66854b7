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

/**
 * The usage without what `functionName`'s own invocations made (call-counter.mjs's
 * `by.<function>.…` counters, invoke.ts's `lambda.*.<function>`): an inbound message's figures
 * without the sandbox's POST, which stands for the customer writing on WhatsApp (in AWS the
 * message reaches the connector from WhatsApp, through no REST request). The `by.` counters go.
 */
export function withoutFunction(usage: UsageCounts, functionName: string): UsageCounts {
  const own = `by.${functionName}.`;
  const rest: UsageCounts = {};
  for (const [name, value] of Object.entries(usage)) if (!name.startsWith('by.')) rest[name] = value;
  const takeOut = (name: string, amount: number | undefined) => {
    if (!amount || rest[name] === undefined) return;
    const left = Math.round((rest[name] - amount) * 1000) / 1000;
    if (left > 0) rest[name] = left;
    else delete rest[name];
  };
  for (const [name, value] of Object.entries(usage)) if (name.startsWith(own)) takeOut(name.slice(own.length), value);
  for (const measure of ['Invocation', 'ms', 'gbSeconds']) takeOut(`lambda.${measure}`, usage[`lambda.${measure}.${functionName}`]);
  for (const measure of ['Invocation', 'ms', 'gbSeconds']) delete rest[`lambda.${measure}.${functionName}`];
  return rest;
}
