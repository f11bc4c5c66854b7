/**
 * Prints the ten slowest test files at the end of every run, so a file that grew slower shows
 * in every `npm test`. With ATENDE_RECORD_DURATIONS=1 it also writes every file's time to
 * file-durations.json, which the sequencer reads to start the slowest files first.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { durationsFile, durationKey, type FileDurations } from './file-durations.ts';

const shown = 10;

/** Wall time a file kept its worker busy: setting up, importing, and its tests and hooks. */
function fileMilliseconds(module: TestModule): number {
  const d = module.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

export default class SlowestFilesReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((module) => ({
        key: durationKey(module.project.name, relative(this.root, module.moduleId)),
        ms: fileMilliseconds(module),
      }))
      .sort((a, b) => b.ms - a.ms);
    if (rows.length > 1) {
      const lines = rows
        .slice(0, shown)
        .map((row) => `  ${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.key}`);
      process.stdout.write(`\nSlowest test files (setup, import, hooks and tests):\n${lines.join('\n')}\n`);
    }
    if (process.env.ATENDE_RECORD_DURATIONS === '1') {
      const durations: FileDurations = Object.fromEntries(
        rows.map((row) => [row.key, Math.round(row.ms)] as const).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      writeFileSync(durationsFile, `${JSON.stringify(durations, null, 2)}\n`);
      process.stdout.write(`File durations written to ${relative(this.root, durationsFile)}\n`);
    }
  }
}
