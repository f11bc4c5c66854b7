/**
 * A setup file of the projects that share a worker's runtime: when a test fails, it prints what
 * the runtime's queues held and delivered at that moment. A test that timed out waiting for a
 * message, an acknowledgement or a live event then shows whether its work waited in a queue
 * (behind which groups and commands), in a stream lane, or had already left both, and the
 * connector's recent lines (with the functions' warnings and errors) say what it was doing.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
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
        (state.delayed ? `, ${state.delayed} of them not visible yet (next in ${seconds(state.nextVisibleInMs)})` : '') +
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
/** How much of the pages' part goes into the summary's copy of the error. */
const maxBrowserPartInSummary = 2_500;

function keep(line: OutputLine): void {
  const level = typeof line.json?.level === 'string' ? line.json.level : '';
  if (line.source !== 'connector' && level !== 'WARN' && level !== 'ERROR' && level !== 'warn' && level !== 'error') return;
  recentLines.push({ atMs: Date.now(), source: line.source, text: line.text });
  if (recentLines.length > keptLines) recentLines.splice(0, recentLines.length - keptLines);
}

/** The newest `count` lines of the last reportedSeconds, each cut to `width` characters. */
function formatRecentLines(count: number, width: number): string {
  const since = Date.now() - reportedSeconds * 1000;
  const lines = recentLines.filter((line) => line.atMs >= since).slice(-count);
  if (lines.length === 0) return '  none';
  return lines
    .map((line) => `  ${new Date(line.atMs).toISOString().slice(11, 23)} ${line.source}: ${line.text.slice(0, width)}`)
    .join('\n');
}

/**
 * The browser tests' record of their pages (web/e2e/support/page-events.ts), read through its
 * global key so this file needs nothing of the web workspace.
 */
interface BrowserPages {
  events: { atMs: number; text: string }[];
  contexts: Set<{ pages(): { url(): string; screenshot(options: { path: string }): Promise<unknown> }[] }>;
}
const pagesKey = Symbol.for('atende.test.pageEvents');

function browserPages(): BrowserPages | undefined {
  return (globalThis as { [pagesKey]?: BrowserPages })[pagesKey];
}

/** The pages' newest `count` events of the last reportedSeconds ('' when no browser is in use). */
function formatPageEvents(count: number): string {
  const pages = browserPages();
  if (!pages) return '';
  const since = Date.now() - reportedSeconds * 1000;
  const events = pages.events.filter((event) => event.atMs >= since).slice(-count);
  const lines = events.map((event) => `  ${new Date(event.atMs).toISOString().slice(11, 23)} ${event.text}`);
  return `\nThe pages' failed requests and console errors of the last ${reportedSeconds} s:\n${lines.join('\n') || '  none'}`;
}

/** A picture of every open page, where a person can look at what the test waited for. */
async function screenshotPages(testName: string): Promise<string> {
  const pages = browserPages();
  if (!pages) return '';
  const folder = join('test-results', 'failures');
  mkdirSync(folder, { recursive: true });
  const base = `${Date.now()}-${testName.replace(/[^\w-]+/g, '-').slice(0, 60)}`;
  const lines: string[] = [];
  let n = 0;
  for (const context of pages.contexts)
    for (const page of context.pages()) {
      const path = join(folder, `${base}-${++n}.png`);
      const saved = await page.screenshot({ path }).then(
        () => true,
        () => false,
      );
      if (saved) lines.push(`  screenshot of ${page.url()}: ${path}`);
    }
  return lines.length ? `\n${lines.join('\n')}` : '';
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
    const state =
      `Runtime queues when "${context.task.name}" failed:\n${formatQueueStates(started.queue.describe())}\n` +
      `Stream lanes:\n${formatStreamLanes(started.streamLanes())}\n` +
      `The connector's lines and the functions' warnings of the last ${reportedSeconds} s`;
    console.error(
      `${state}:\n${formatRecentLines(80, 400)}${formatPageEvents(40)}${await screenshotPages(context.task.name)}`,
    );
    // A shorter copy under the error itself, which the run's summary at its end repeats: a CI
    // log that keeps only its last lines still shows where the work was.
    const error = context.task.result?.errors?.[0];
    if (error)
      error.message =
        `${error.message}\n\n${state} (newest 12):\n${formatRecentLines(12, 240)}` +
        formatPageEvents(12).slice(0, maxBrowserPartInSummary);
  });
});
