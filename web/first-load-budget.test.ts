import { describe, expect, it } from 'vitest';
import { firstLoadBudget, firstLoadOf, type ChunkInfo } from './first-load-budget.ts';

function chunk(fileName: string, code: string, imports: string[] = [], isEntry = false): ChunkInfo {
  return { type: 'chunk', fileName, code, imports, isEntry };
}

/** Text that gzip cannot shrink much, so sizes are predictable. */
function noise(length: number, seed = 1): string {
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += String.fromCharCode(33 + (state % 90));
  }
  return text;
}

describe("the SPA's first-load budget", () => {
  const bundle = {
    'index.js': chunk('index.js', noise(1000, 1), ['react.js', 'router.js'], true),
    'react.js': chunk('react.js', noise(1000, 2), []),
    'router.js': chunk('router.js', noise(1000, 3), ['react.js']),
    'dashboard.js': chunk('dashboard.js', noise(50_000, 4), ['react.js']),
    'index.css': { type: 'asset' as const, fileName: 'index.css' },
  };

  it('counts the entry and what it imports statically, not the screens loaded with import()', () => {
    const load = firstLoadOf(bundle);
    expect(load.files).toEqual(['index.js', 'react.js', 'router.js']);
    expect(load.bytes).toBe(3000);
    expect(load.gzipBytes).toBeGreaterThan(2000);
    expect(load.gzipBytes).toBeLessThan(3500);
  });

  it('fails the build above the budget and names the files', () => {
    const plugin = firstLoadBudget(2000);
    const errors: string[] = [];
    const emitted: unknown[] = [];
    const context = {
      error: (message: string) => {
        errors.push(message);
        throw new Error(message);
      },
      emitFile: (file: unknown) => emitted.push(file),
    };
    const generate = plugin.generateBundle as (this: unknown, options: unknown, b: unknown) => void;
    expect(() => generate.call(context, {}, bundle)).toThrow(/over the budget of 2000/);
    expect(errors[0]).toContain('index.js, react.js, router.js');
    expect(emitted).toEqual([]);

    (firstLoadBudget(10_000).generateBundle as typeof generate).call(context, {}, bundle);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ type: 'asset', fileName: 'first-load.json' });
  });
});
