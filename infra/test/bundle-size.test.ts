import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions, maxAssetBytes, maxBundleBytes } from '../../functions/build.ts';
import { allFunctions } from '../../functions/src/manifest.ts';

/**
 * Every Lambda bundle holds at most 1 MB of JavaScript (issue #26; docs/decisions.md, "Lambda
 * bundles"): a heavy library (a vendor's generated client, a spreadsheet writer) pulled into a
 * function fails here, with its name and the packages that weigh most, before it slows every
 * cold start. Built in memory with the build's own options, so a stale dist/ cannot hide it.
 */
describe('Lambda bundle sizes', () => {
  it(`keeps what each function's cold start loads at or under ${maxBundleBytes / 1e6} MB`, { timeout: 300_000 }, async () => {
    const sizes = await Promise.all(
      allFunctions().map(async (f) => {
        const result = await build({ ...bundleOptions(f), write: false, sourcemap: false, metafile: true });
        // What a cold start loads is the entry; chunks loaded with import() only when used.
        const outputs = Object.values(result.metafile.outputs).filter((o) => o.bytes > 0);
        const output = outputs.find((o) => o.entryPoint)!;
        const assetBytes = outputs.reduce((sum, o) => sum + o.bytes, 0);
        const byPackage = new Map<string, number>();
        for (const [path, input] of Object.entries(output.inputs)) {
          const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? 'own code';
          byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
        }
        const heaviest = [...byPackage]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([name, bytes]) => `${name} ${Math.round(bytes / 1024)} KiB`);
        return { name: f.name, bytes: output.bytes, assetBytes, heaviest };
      }),
    );
    expect(sizes.length).toBeGreaterThan(40);
    const over = sizes
      .filter((s) => s.bytes > maxBundleBytes)
      .map((s) => `${s.name}: ${Math.round(s.bytes / 1024)} KiB (${s.heaviest.join(', ')})`);
    expect(over).toEqual([]);
    const heavyAssets = sizes
      .filter((s) => s.assetBytes > maxAssetBytes)
      .map((s) => `${s.name}: ${Math.round(s.assetBytes / 1024)} KiB in all`);
    expect(heavyAssets).toEqual([]);
  });
});
