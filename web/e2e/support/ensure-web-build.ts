/**
 * The local runtime serves web/dist as it is, so a browser test must not run against a stale
 * build: rebuild when dist is missing or older than any source that goes into it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const builtIndex = join(webDir, 'dist', 'index.html');
const buildLock = '/tmp/web-build.lock';
const sources = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, '..', 'shared', 'src'),
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  );
}

export function ensureWebBuild(): void {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (builtAt > Math.max(...sources.map(newestChange))) return;
  // The vite that web resolves, exactly as `npm run build -w web` would run it.
  const viteCli = join(
    dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  // Vitest sets NODE_ENV=test, which vite would honour and bundle React's development build.
  // Through the same lock as `flock /tmp/web-build.lock npm run build -w web`: two builds writing
  // web/dist at once leave it half written for whichever test serves it.
  execFileSync('flock', [buildLock, process.execPath, viteCli, 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
