/**
 * Before a deploy: the bundles leave native addons out (see build.ts), so each bundle that
 * imports one gets a node_modules folder with the package and its Linux ARM64 binary, the
 * architecture the Lambdas run on. The binary package comes from the npm registry with
 * `npm pack` and is cached in functions/.native-cache.
 * Usage: tsx functions/build-native.ts (after tsx functions/build.ts)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distDir, nativeDependencies } from './build.ts';

const root = dirname(fileURLToPath(import.meta.url));
const cacheDir = join(root, '.native-cache');
const require = createRequire(import.meta.url);
const lambdaPlatform = 'linux-arm64-gnu';

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** The platform package's folder, unpacked from the registry tarball once. */
function platformPackage(name: string): { name: string; dir: string } {
  const version = (JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;
  const platformName = `${name}-${lambdaPlatform}`;
  const unpacked = join(cacheDir, `${platformName.replace('/', '__')}@${version}`);
  if (!existsSync(join(unpacked, 'package.json'))) {
    mkdirSync(unpacked, { recursive: true });
    const tarball = execFileSync('npm', ['pack', `${platformName}@${version}`, '--silent', '--pack-destination', cacheDir], {
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['-xzf', join(cacheDir, tarball), '-C', unpacked, '--strip-components=1']);
    rmSync(join(cacheDir, tarball));
  }
  return { name: platformName, dir: unpacked };
}

export function addNativeDependencies(): string[] {
  const changed: string[] = [];
  for (const bundle of readdirSync(distDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const code = readFileSync(join(distDir, bundle.name, 'index.mjs'), 'utf8');
    for (const dependency of nativeDependencies.filter((name) => code.includes(`"${name}"`))) {
      const modules = join(distDir, bundle.name, 'node_modules');
      cpSync(packageDir(dependency), join(modules, dependency), { recursive: true, dereference: true });
      const platform = platformPackage(dependency);
      cpSync(platform.dir, join(modules, platform.name), { recursive: true });
      changed.push(`${bundle.name}: ${dependency} + ${platform.name}`);
    }
  }
  return changed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of addNativeDependencies()) console.log(`  ${line}`);
}
