/**
 * What the stand-ins tell `npm run bench` about the AWS calls they stand for (an SQS send, a
 * batch received and deleted, a schedule fired, a Lambda invocation and its duration): the
 * bench's call counter (bench/call-counter.mjs) sets `globalThis.atendeBenchCount` when it is
 * loaded; otherwise nothing is counted and this costs one property read.
 */
type BenchCount = (name: string, amount: number) => void;

export function countForBench(name: string, amount = 1): void {
  (globalThis as { atendeBenchCount?: BenchCount }).atendeBenchCount?.(name, amount);
}
