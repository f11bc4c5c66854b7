/**
 * Orders test files so two workers finish together: each project's files stay together (vitest
 * keeps a worker, and with it the shared runtime, only while the next file is of the same
 * project), the projects with the most recorded time go first, and inside a project the slowest
 * files start first, so no long file is left to run alone at the end. Times come from
 * file-durations.json (recorded by slowest-files-reporter.ts); a file without one is taken as
 * slow, since new files are usually the ones being worked on.
 */
import { relative } from 'node:path';
import type { TestSpecification, TestSequencer, Vitest } from 'vitest/node';
import { durationKey, readDurations } from './file-durations.ts';

const unknownFileMs = 60_000;

export default class SlowestFirstSequencer implements TestSequencer {
  constructor(private readonly vitest: Vitest) {}

  shard(files: TestSpecification[]): TestSpecification[] {
    return files;
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    const durations = readDurations();
    const root = this.vitest.config.root;
    const msOf = (spec: TestSpecification) =>
      durations[durationKey(spec.project.name, relative(root, spec.moduleId))] ?? unknownFileMs;
    const projectMs = new Map<string, number>();
    for (const spec of files)
      projectMs.set(spec.project.name, (projectMs.get(spec.project.name) ?? 0) + msOf(spec));
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name)
        return projectMs.get(b.project.name)! - projectMs.get(a.project.name)! || (a.project.name < b.project.name ? -1 : 1);
      return msOf(b) - msOf(a);
    });
  }
}
