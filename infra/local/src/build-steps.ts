/**
 * Builds what the runtime needs and does not find: the function bundles (missing, or older than
 * the sources they are built from) and the SPA (when web/dist/index.html is missing).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allFunctions } from '../../../functions/src/manifest.ts';
import { bundlePath } from '../../../functions/build.ts';
import { repoRoot, webDistDir } from './paths.ts';

/** Everything a bundle is built from: function sources, shared code, and what fixes their dependencies. */
const bundleSources = [
  join(repoRoot, 'functions', 'src'),
  join(repoRoot, 'shared', 'src'),
  join(repoRoot, 'functions', 'build.ts'),
  join(repoRoot, 'functions', 'package.json'),
  join(repoRoot, 'package-lock.json'),
];

async function newestModification(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path, { withFileTypes: true });
  const times = await Promise.all(
    entries
      .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist')
      .map((entry) => newestModification(join(path, entry.name))),
  );
  return Math.max(info.mtimeMs, ...times);
}

/** Why the bundles must be (re)built, or undefined when they are up to date. */
export async function bundlesOutOfDate(): Promise<'missing' | 'stale' | undefined> {
  const bundles = allFunctions().map((f) => bundlePath(f.name));
  if (bundles.some((bundle) => !existsSync(bundle))) return 'missing';
  const [oldestBundle, newestSource] = await Promise.all([
    Promise.all(bundles.map(async (bundle) => (await stat(bundle)).mtimeMs)).then((times) =>
      Math.min(...times),
    ),
    Promise.all(bundleSources.map(newestModification)).then((times) => Math.max(...times)),
  ]);
  return newestSource > oldestBundle ? 'stale' : undefined;
}

/** Bundles the functions when they are missing or older than their sources; returns whether it built. */
export async function ensureFunctionBundles(options: {
  quiet: boolean;
  log: (line: string) => void;
}): Promise<boolean> {
  if (!(await bundlesOutOfDate())) return false;
  // Test projects start runtimes in parallel processes; one builds while the others wait, so
  // none imports a bundle another is halfway through writing.
  const release = await acquireBuildLock();
  try {
    const reason = await bundlesOutOfDate();
    if (!reason) return false;
    options.log(
      reason === 'missing'
        ? 'Building the function bundles…'
        : 'Rebuilding the function bundles (sources changed)…',
    );
    const { buildFunctions } = await import('../../../functions/build.ts');
    await buildFunctions({ quiet: options.quiet });
    return true;
  } finally {
    await release();
  }
}

const buildLockFile = join(
  tmpdir(),
  `atende-bundles-${createHash('sha1').update(repoRoot).digest('hex').slice(0, 12)}.lock`,
);
/** A lock older than this was left by a process that died while building. */
const staleLockMs = 120_000;

async function acquireBuildLock(): Promise<() => Promise<void>> {
  for (;;) {
    try {
      const handle = await open(buildLockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(buildLockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(buildLockFile).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > staleLockMs) await rm(buildLockFile, { force: true });
      else await new Promise((wake) => setTimeout(wake, 100));
    }
  }
}

export function webBuildExists(distDir = webDistDir): boolean {
  return existsSync(join(distDir, 'index.html'));
}

/** `npm run build -w web`, its output shown as it runs. */
export function buildWeb(): Promise<void> {
  return new Promise((resolveBuilt, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveBuilt() : reject(new Error(`npm run build -w web exited with ${code}`)),
    );
  });
}
