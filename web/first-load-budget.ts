import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The SPA's first load: the JavaScript a browser fetches before the first screen draws, that is
 * the entry chunk and every chunk it imports statically (index.html's script and modulepreload
 * links), counted gzip-compressed (issue #26: at most 250 KB). Screens loaded with `import()`
 * are not counted: they are fetched when their route is opened.
 */
export const firstLoadBudgetBytes = 250_000;

/** The part of a Rollup output chunk the count reads. */
export interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  code?: string;
}

export interface FirstLoad {
  files: string[];
  bytes: number;
  gzipBytes: number;
}

export function firstLoadOf(bundle: Record<string, ChunkInfo>): FirstLoad {
  const seen = new Set<string>();
  const pending = Object.values(bundle)
    .filter((item) => item.type === 'chunk' && item.isEntry)
    .map((item) => item.fileName);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    pending.push(...(bundle[name]?.imports ?? []));
  }
  const files = [...seen].sort();
  let bytes = 0;
  let gzipBytes = 0;
  for (const name of files) {
    const code = Buffer.from(bundle[name]?.code ?? '');
    bytes += code.length;
    gzipBytes += gzipSync(code).length;
  }
  return { files, bytes, gzipBytes };
}

/**
 * Fails `vite build` when the first load passes the budget, naming its files; otherwise writes
 * the figures to dist/first-load.json (the bench and the docs read them).
 */
export function firstLoadBudget(budget = firstLoadBudgetBytes): Plugin {
  return {
    name: 'atende-first-load-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const load = firstLoadOf(bundle as unknown as Record<string, ChunkInfo>);
      if (load.gzipBytes > budget) {
        this.error(
          `The first load is ${load.gzipBytes} bytes of JavaScript gzip, over the budget of ${budget} ` +
            `(${load.files.join(', ')}): load the screen or library that grew it with import().`,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: 'first-load.json',
        source: JSON.stringify({ ...load, budget }, null, 2),
      });
    },
  };
}
