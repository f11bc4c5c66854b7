import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { nativeDependencies } from '../../functions/build.ts';

/** The platform the Lambdas run on (AppFunction: ARM64), as npm names native addon builds. */
export const lambdaNativePlatform = 'linux-arm64-gnu';

/**
 * Bundles in `distDir` that import a native addon but lack its Linux ARM64 build in their own
 * node_modules (what functions/build-native.ts, run by `npm run build:aws`, adds), as
 * `bundle (package)`. The Lambda asset is the bundle folder as it is, node_modules included.
 */
export function bundlesMissingNativeBinaries(distDir: string): string[] {
  if (!existsSync(distDir)) return [];
  const missing: string[] = [];
  for (const bundle of readdirSync(distDir, { withFileTypes: true })) {
    const code = join(distDir, bundle.name, 'index.mjs');
    if (!bundle.isDirectory() || !existsSync(code)) continue;
    const source = readFileSync(code, 'utf8');
    for (const dependency of nativeDependencies.filter((name) => source.includes(`"${name}"`))) {
      const binary = join(distDir, bundle.name, 'node_modules', `${dependency}-${lambdaNativePlatform}`);
      if (!existsSync(binary)) missing.push(`${bundle.name} (${dependency})`);
    }
  }
  return missing;
}
