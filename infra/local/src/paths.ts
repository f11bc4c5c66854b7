/** Where things are in the repository, resolved once from this file's location. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const webDir = join(repoRoot, 'web');
export const webDistDir = join(webDir, 'dist');
export const defaultDataDir = join(repoRoot, '.data');
