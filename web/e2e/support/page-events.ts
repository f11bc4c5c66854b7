/**
 * What the test's pages saw, for the report a failed test prints
 * (infra/local/test-support/report-on-failure.ts): answers of 400 and over, requests that never
 * got an answer, and console errors, with the time and the page's path. A page that waited
 * 30 s for something then says whether a request of its own failed meanwhile. The contexts are
 * kept too, so the report can take a screenshot of every open page.
 */
import type { BrowserContext } from 'playwright-core';

export interface PageEvent {
  atMs: number;
  text: string;
}

interface PageEventLog {
  events: PageEvent[];
  contexts: Set<BrowserContext>;
}

const logKey = Symbol.for('atende.test.pageEvents');
const keptEvents = 500;

export function pageEventLog(): PageEventLog {
  const holder = globalThis as { [logKey]?: PageEventLog };
  return (holder[logKey] ??= { events: [], contexts: new Set() });
}

function pathOf(address: string): string {
  try {
    const url = new URL(address);
    return url.pathname + url.search;
  } catch {
    return address;
  }
}

/** Records what `context`'s pages see from now on, until it closes. */
export function recordPageEvents(context: BrowserContext, label = ''): void {
  const log = pageEventLog();
  const add = (text: string) => {
    log.events.push({ atMs: Date.now(), text: label ? `${label}: ${text}` : text });
    if (log.events.length > keptEvents) log.events.splice(0, log.events.length - keptEvents);
  };
  log.contexts.add(context);
  context.on('close', () => log.contexts.delete(context));
  context.on('response', (response) => {
    if (response.status() >= 400)
      add(`${response.status()} ${response.request().method()} ${pathOf(response.url())}`);
  });
  context.on('requestfailed', (request) =>
    add(`failed ${request.method()} ${pathOf(request.url())}: ${request.failure()?.errorText ?? '?'}`),
  );
  context.on('console', (message) => {
    if (message.type() === 'error') add(`console: ${message.text().slice(0, 300)}`);
  });
}
