/** The recorded time of each test file (file-durations.json), by `<project>:<path>`. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type FileDurations = Record<string, number>;

export const durationsFile = fileURLToPath(new URL('./file-durations.json', import.meta.url));

export const durationKey = (project: string, path: string) => `${project}:${path}`;

export function readDurations(): FileDurations {
  if (!existsSync(durationsFile)) return {};
  try {
    return JSON.parse(readFileSync(durationsFile, 'utf8')) as FileDurations;
  } catch {
    return {};
  }
}
