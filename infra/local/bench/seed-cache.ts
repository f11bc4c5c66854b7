/**
 * A copy of each size's seeded data folder in .bench/seed/, so a second run skips the seeding.
 * Kept only when the seed went through DynamoDB Local's API (half an hour at 100k tickets):
 * written straight into its file the seed takes about as long as copying it back. A copy is used only while everything that decides its
 * items is unchanged: the generator and setup code here, the product's data layer, domain rules
 * and shared code (keys, tokens, entities), and the shape's parameters. --fresh-seed ignores it.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { repoRoot } from '../src/paths.ts';
import type { CompanySetup } from './setup.ts';

export const benchDir = join(repoRoot, '.bench');
const seedRoot = join(benchDir, 'seed');

/** What decides the seeded items: hashed into the copy's name. */
const keySources = [
  'infra/local/bench/shape.ts',
  'infra/local/bench/items.ts',
  'infra/local/bench/setup.ts',
  'infra/local/bench/seed.ts',
  'functions/src/data',
  'functions/src/domain',
  'functions/src/tasks',
  'shared/src',
  'package-lock.json',
];

async function filesUnder(path: string): Promise<string[]> {
  if (!existsSync(path)) return [];
  const entries = await readdir(path, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return [path];
  const nested = await Promise.all(entries.map((entry) => filesUnder(join(path, entry.name))));
  return nested.flat();
}

export async function seedKey(parameters: Record<string, unknown>): Promise<string> {
  const hash = createHash('sha1').update(JSON.stringify(parameters));
  const files = (await Promise.all(keySources.map((source) => filesUnder(join(repoRoot, source))))).flat().sort();
  for (const file of files) {
    hash.update(relative(repoRoot, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 12);
}

export interface CachedSeed {
  setup: CompanySetup;
  nowMs: number;
  items: number;
  counts: Record<string, number>;
  seedSeconds: number;
  itemsPerSecond: number;
  /** How the items were written: straight into DynamoDB Local's file, or through its API. */
  method?: 'file' | 'api';
}

function entryDir(size: number, key: string): string {
  return join(seedRoot, `${size}-${key}`);
}

export function hasSeed(size: number, key: string): boolean {
  return existsSync(join(entryDir(size, key), 'seed.json'));
}

/** Copies a cached seed into `dataDir`; undefined when there is none for this key. */
export async function restoreSeed(size: number, key: string, dataDir: string): Promise<CachedSeed | undefined> {
  const dir = entryDir(size, key);
  if (!existsSync(join(dir, 'seed.json'))) return undefined;
  await cp(join(dir, 'data'), dataDir, { recursive: true });
  return JSON.parse(await readFile(join(dir, 'seed.json'), 'utf8')) as CachedSeed;
}

/** Keeps a copy of a freshly seeded (and stopped) data folder, replacing older copies of the size. */
export async function saveSeed(size: number, key: string, dataDir: string, seed: CachedSeed): Promise<void> {
  await mkdir(seedRoot, { recursive: true });
  for (const entry of await readdir(seedRoot)) {
    if (entry.startsWith(`${size}-`)) await rm(join(seedRoot, entry), { recursive: true, force: true });
  }
  const dir = entryDir(size, key);
  await cp(dataDir, join(dir, 'data'), { recursive: true });
  await writeFile(join(dir, 'seed.json'), JSON.stringify(seed, null, 2));
}
