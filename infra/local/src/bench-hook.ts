/**
 * What the stand-ins tell `npm run bench` about the AWS calls they stand for (an SQS send, a
 * batch received and deleted, a schedule fired, a Lambda invocation and its duration): the
 * bench's call counter (bench/call-counter.mjs) sets `globalThis.atendeBenchCount` when it is
 * loaded; otherwise nothing is counted and this costs one property read.
 */
type BenchCount = (name: string, amount: number) => void;
/** The bench's stage tracer (bench/runtime-child.ts): what passed where, and when. */
type BenchTrace = (point: string, payload: unknown) => void;
/** Runs one invocation of a function so the call counter can tell its calls apart. */
type BenchInvocation = <T>(functionName: string, run: () => T) => T;

export function countForBench(name: string, amount = 1): void {
  (globalThis as { atendeBenchCount?: BenchCount }).atendeBenchCount?.(name, amount);
}

/**
 * A point a message passes on its way (`send:<queue>`, `start:<function>`, `end:<function>`,
 * `read:<stream consumer>`), with what carries it there: the bench's steady phase sets
 * `globalThis.atendeBenchTrace` to find its message ids in the payload and time each stage
 * (bench/stages.ts). Otherwise nothing happens and this costs one property read.
 */
export function traceForBench(point: string, payload: unknown): void {
  (globalThis as { atendeBenchTrace?: BenchTrace }).atendeBenchTrace?.(point, payload);
}

/**
 * Runs `run` (one invocation of `functionName`) so that the bench's call counter names the
 * function on each DynamoDB call it makes (`by.<function>.…`), where functions share a thread:
 * the bench takes the sandbox's own calls (its customer's POST) out of an inbound message's.
 * Without the counter this is a property read and the call.
 */
export function invokeForBench<T>(functionName: string, run: () => T): T {
  const invocation = (globalThis as { atendeBenchInvocation?: BenchInvocation }).atendeBenchInvocation;
  return invocation ? invocation(functionName, run) : run();
}
