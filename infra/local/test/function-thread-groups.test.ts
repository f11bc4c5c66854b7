import { describe, expect, it } from 'vitest';
import { allFunctions } from '../../../functions/src/manifest.ts';
import { functionThreadGroups } from '../src/function-thread-groups.ts';
import { productManifest } from '../src/runtime-manifest.ts';

describe("the runtime's function threads (decision 0124)", () => {
  const threadOf = functionThreadGroups(productManifest);
  const names = allFunctions().map((fn) => fn.name);

  it('puts the product\'s functions in a handful of threads', () => {
    const threads = new Set(names.map(threadOf));
    expect(names.length).toBeGreaterThan(40);
    expect(threads.size).toBeLessThanOrEqual(8);
  });

  it('keeps the live fan-out, the ingest and the tickets module alone', () => {
    for (const name of ['broadcaster', 'ingest', 'tickets']) {
      expect(threadOf(name)).toBe(name);
      expect(names.filter((other) => threadOf(other) === name)).toEqual([name]);
    }
    for (const name of ['messages', 'kanban', 'dashboard', 'live']) expect(threadOf(name)).toMatch(/^requests-\d$/);
    expect(threadOf('dashboard-aggregator')).toBe('stream-consumers');
    expect(threadOf('campaign-dispatcher')).toBe('background');
    expect(threadOf('external-api-authorizer')).toBe('background');
  });

  it('spreads the REST modules over the request threads', () => {
    const requestThreads = new Set(
      productManifest.restModules.filter((module) => module.name !== 'tickets').map((module) => threadOf(module.name)),
    );
    expect([...requestThreads].sort()).toEqual(['requests-1', 'requests-2', 'requests-3']);
  });

  it('gives every function its own thread when asked (ATENDE_FUNCTION_THREADS=each), and one it does not know', () => {
    const each = functionThreadGroups(productManifest, 'each');
    expect(new Set(names.map(each)).size).toBe(names.length);
    expect(threadOf('a-test-function')).toBe('a-test-function');
  });
});
