/**
 * Runs once in vitest's main process before any test worker starts: removes test data that
 * killed workers left in RAM, and builds the function bundles when they are missing or stale,
 * so no worker builds them (test runtimes start with `build: false`).
 */
import { ensureFunctionBundles } from '../src/build-steps.ts';
import { sweepOrphanedTestData } from './ram-dir.ts';

export default async function setup(): Promise<() => void> {
  sweepOrphanedTestData();
  await ensureFunctionBundles({ quiet: false, log: (line) => process.stdout.write(`${line}\n`) });
  return () => sweepOrphanedTestData();
}
