/**
 * Bundles every function of the manifest with esbuild into dist/<name>/index.mjs, the same
 * artifact for both homes: CDK uploads it as the Lambda code, the local runtime imports it.
 * Usage: tsx functions/build.ts [--if-missing]
 */
import { build, type BuildOptions } from 'esbuild';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allFunctions } from './src/manifest.ts';

/**
 * The most JavaScript one function's cold start may load, its entry `index.mjs`
 * (infra/test/bundle-size.test.ts; issue #26). A heavy reader used by one route only (the
 * contact lists' workbook reader) is a chunk loaded with import() when that route runs.
 */
export const maxBundleBytes = 1_000_000;

/** The most JavaScript one function's asset may hold, its chunks included. */
export const maxAssetBytes = 1_500_000;

const root = dirname(fileURLToPath(import.meta.url));
export const distDir = join(root, 'dist');

/** Packages with a native binary, kept out of the bundles. */
export const nativeDependencies = ['@node-rs/argon2'];

export function bundlePath(name: string): string {
  return join(distDir, name, 'index.mjs');
}

/** esbuild's options for one function: one ESM file, every dependency in it but the SDK and the native addons. */
export function bundleOptions(f: { name: string; entry: string }): BuildOptions {
  return {
    entryPoints: { index: join(root, f.entry) },
    // A module loaded with import() (a workbook reader, say) becomes a chunk beside index.mjs that
    // a cold start does not load; the asset is the whole folder (infra/lib/lambda-function.ts).
    outdir: dirname(bundlePath(f.name)),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    minify: true,
    sourcemap: 'linked',
    legalComments: 'none',
    // The nodejs22.x runtime provides AWS SDK v3 (CDK's NodejsFunction leaves it out too);
    // locally it resolves from node_modules. Native addons cannot be bundled: resolved from
    // node_modules locally, and copied into the Lambda asset for ARM64 before a deploy.
    external: ['@aws-sdk/*', ...nativeDependencies],
    // ESM bundles need require() for the CommonJS dependencies they contain, and __dirname for
    // those that compute a path at load.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url); const __dirname = import.meta.dirname;",
    },
    logLevel: 'warning',
  };
}

export async function buildFunctions(options: { ifMissing?: boolean; quiet?: boolean } = {}): Promise<void> {
  const targets = allFunctions().filter((f) => !options.ifMissing || !existsSync(bundlePath(f.name)));
  if (targets.length === 0) return;
  mkdirSync(distDir, { recursive: true });
  const sizes: Record<string, number> = {};
  await Promise.all(
    targets.map(async (f) => {
      // Chunks of an earlier build would ride along in the asset.
      rmSync(dirname(bundlePath(f.name)), { recursive: true, force: true });
      await build(bundleOptions(f));
      sizes[f.name] = statSync(bundlePath(f.name)).size;
    }),
  );
  writeFileSync(join(distDir, 'sizes.json'), JSON.stringify(sizes, null, 2));
  if (!options.quiet) {
    for (const [name, size] of Object.entries(sizes))
      console.log(`  ${name.padEnd(24)} ${(size / 1024).toFixed(0)} KiB`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildFunctions({ ifMissing: process.argv.includes('--if-missing') });
}
