/**
 * Bundles the connector's Fargate entry (src/main.ts) with esbuild into dist/main.mjs, one file
 * with everything it imports (@atende/shared, the AWS SDK, Baileys and its dependencies), and
 * writes dist/package.json naming the few packages left out that the image installs beside it.
 * The Dockerfile (connector/Dockerfile) runs this; locally: npx tsx connector/build.ts.
 *
 * Baileys 7 bundles: its WebAssembly part (whatsapp-rust-bridge) is inlined in that package's
 * JavaScript as base64, so no file has to travel beside the bundle. Left out are:
 * - `sharp` (a native addon with libvips): Baileys imports it, when present, to make the
 *   thumbnails of the images it sends. The image installs it for linux/arm64 from
 *   dist/package.json, at the version of the repository's package-lock.json.
 * - `jimp`, `link-preview-js`, `audio-decode`: optional peers of Baileys that the product does not
 *   install; Baileys imports them on demand and carries on without them.
 * Besides esbuild, it reads only the root package-lock.json: the image build installs no more than
 * the connector's workspace dependencies and the root's build tools.
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = join(root, '..');

/** Installed in the image beside the bundle (native code cannot be bundled). */
export const installedExternals = ['sharp'];
/** Imported by Baileys only if present; absent from the image on purpose. */
export const absentExternals = ['jimp', 'link-preview-js', 'audio-decode'];

export interface BuildConnectorOptions {
  /** @default connector/src/main.ts */
  entry?: string;
  /** @default connector/dist */
  outDir?: string;
}

export async function buildConnector(
  options: BuildConnectorOptions = {},
): Promise<{ bundle: string; bytes: number }> {
  const outDir = options.outDir ?? join(root, 'dist');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const bundle = join(outDir, 'main.mjs');
  await build({
    entryPoints: [options.entry ?? join(root, 'src', 'main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    // A long-running task: readable stack traces matter more than the bundle's size.
    minify: false,
    sourcemap: 'linked',
    legalComments: 'none',
    external: [...installedExternals, ...absentExternals],
    // ESM bundles need require() for the CommonJS dependencies they contain.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: 'warning',
  });
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(runtimePackage(), null, 2)}\n`);
  return { bundle, bytes: statSync(bundle).size };
}

interface LockedPackage {
  version: string;
  dependencies?: Record<string, string>;
}

/**
 * The image's package.json: the installed externals at their locked versions, and overrides
 * pinning their own (non-optional) dependencies to the lock too. The platform-specific optional
 * packages (sharp's `@img/sharp-linux-arm64`) are pinned exactly by the package itself.
 */
export function runtimePackage(): Record<string, unknown> {
  const lock = JSON.parse(readFileSync(join(repositoryRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage | undefined>;
  };
  // npm's resolution: the dependency's own node_modules first, then each enclosing one.
  const resolve = (from: string, name: string): { path: string; entry: LockedPackage } => {
    for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
      const path = `${base ? `${base}/` : ''}node_modules/${name}`;
      const entry = lock.packages[path];
      if (entry) return { path, entry };
      if (!base) throw new Error(`${name} (needed by ${from || 'the image'}) is not in package-lock.json`);
    }
  };
  const dependencies: Record<string, string> = {};
  const overrides: Record<string, string> = {};
  const visit = (path: string, entry: LockedPackage) => {
    for (const name of Object.keys(entry.dependencies ?? {})) {
      const dependency = resolve(path, name);
      const pinned = overrides[name];
      if (pinned !== undefined && pinned !== dependency.entry.version) {
        throw new Error(
          `${name} is locked at both ${pinned} and ${dependency.entry.version}; pin it by hand`,
        );
      }
      if (pinned !== undefined) continue;
      overrides[name] = dependency.entry.version;
      visit(dependency.path, dependency.entry);
    }
  };
  for (const name of installedExternals) {
    const external = resolve('', name);
    dependencies[name] = external.entry.version;
    visit(external.path, external.entry);
  }
  return { name: 'atende-connector-image', private: true, type: 'module', dependencies, overrides };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { bundle, bytes } = await buildConnector();
  console.log(`  ${bundle} ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
}
