/**
 * A setup file of the projects that share a worker's runtime: when a test fails, it prints what
 * the runtime's queues held and delivered at that moment. A test that timed out waiting for a
 * message, an acknowledgement or a live event then shows whether its work waited in a queue
 * (behind which groups and commands), in a stream lane, or had already left both, and the
 * connector's recent lines (with the functions' warnings and errors) say what it was doing.
 */
import { beforeEach } from 'vitest';
import type { QueueState } from '../src/local-queue.ts';
import type { StreamLaneState } from '../src/stream-reader.ts';
import type { OutputLine } from '../src/function-output.ts';
import { startedWorkerRuntime } from './worker-runtime.ts';

export function formatQueueStates(states: QueueState[]): string {
  if (states.length === 0) return '  every queue empty, nothing in flight';
  const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
  return states
    .map((state) => {
      const head =
        `  ${state.queue}${state.paused ? ' (paused)' : ''}: ${state.waiting} waiting` +
        (state.waiting ? ` (oldest ${seconds(state.oldestWaitingMs)})` : '') +
        `, ${state.inFlight.length} batch(es) in flight`;
      const batches = state.inFlight
        .sort((a, b) => b.forMs - a.forMs)
        .map(
          (batch) =>
            `    ${batch.group ?? '(standard)'}: ${batch.size} × ${batch.types.join('/')} for ${seconds(batch.forMs)}, receive ${batch.receives}`,
        );
      return [head, ...batches].join('\n');
    })
    .join('\n');
}

export function formatStreamLanes(lanes: StreamLaneState[]): string {
  return lanes
    .map(
      (lane) =>
        `  ${lane.consumer}: ${lane.backlog} record(s) waiting` +
        (lane.inHandForMs === undefined ? '' : `, a batch in hand for ${(lane.inHandForMs / 1000).toFixed(1)} s`),
    )
    .join('\n');
}

/** Lines kept for a report: the connector's, and every warning or error of the functions. */
const recentLines: { atMs: number; source: string; text: string }[] = [];
const keptLines = 2_000;
const reportedSeconds = 45;
const listened = new WeakSet<object>();

function keep(line: OutputLine): void {
  const level = typeof line.json?.level === 'string' ? line.json.level : '';
  if (line.source !== 'connector' && level !== 'WARN' && level !== 'ERROR' && level !== 'warn' && level !== 'error') return;
  recentLines.push({ atMs: Date.now(), source: line.source, text: line.text });
  if (recentLines.length > keptLines) recentLines.splice(0, recentLines.length - keptLines);
}

function formatRecentLines(): string {
  const since = Date.now() - reportedSeconds * 1000;
  const lines = recentLines.filter((line) => line.atMs >= since).slice(-80);
  if (lines.length === 0) return '  none';
  return lines
    .map((line) => `  ${new Date(line.atMs).toISOString().slice(11, 23)} ${line.source}: ${line.text.slice(0, 400)}`)
    .join('\n');
}

beforeEach(async (context) => {
  const runtime = await startedWorkerRuntime();
  if (runtime && !listened.has(runtime)) {
    listened.add(runtime);
    runtime.output.onLine(keep);
  }
  context.onTestFailed(async () => {
    const started = await startedWorkerRuntime();
    if (!started) return;
    console.error(
      `Runtime queues when "${context.task.name}" failed:\n${formatQueueStates(started.queue.describe())}\n` +
        `Stream lanes:\n${formatStreamLanes(started.streamLanes())}\n` +
        `The connector's lines and the functions' warnings of the last ${reportedSeconds} s:\n${formatRecentLines()}`,
    );
  });
});
