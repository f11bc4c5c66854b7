/**
 * Test data folders in RAM: on this machine a DynamoDB Local write to a folder under /tmp (the
 * shared disk) cost 30–37 ms against 5–18 ms in /dev/shm. Each folder is named after the process
 * that made it, so a sweep can remove those whose process was killed.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Prefix of every test data folder; the global teardown sweeps the ones whose worker is gone. */
export const testDataPrefix = 'atende-test-';

/** Where test data goes: /dev/shm when the machine has it, else the system's temporary folder. */
export function ramRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/** A new empty folder in RAM named after this process, so a sweep can tell whose it is. */
export function ramTempDir(label: string): string {
  return mkdtempSync(ramPrefix(label));
}

/** The prefix for `mkdtemp` of a folder in RAM that the sweep can attribute to this process. */
export function ramPrefix(label: string): string {
  return join(ramRoot(), `${testDataPrefix}${process.pid}-${label}-`);
}

/** Removes test data folders left by processes that no longer run (a worker killed mid-run). */
export function sweepOrphanedTestData(): void {
  const root = ramRoot();
  for (const name of readdirSync(root)) {
    if (!name.startsWith(testDataPrefix)) continue;
    const pid = Number(name.slice(testDataPrefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) continue;
    rmSync(join(root, name), { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

