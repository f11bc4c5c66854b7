/**
 * A bench phase that fails (a setup step answering 409, a runtime hiccup) is recorded with its
 * error and the run goes on: the other phases and sizes keep their figures, and the report and
 * `.bench/latest.json` say which phase failed and why.
 */
export interface PhaseFailure {
  phase: string;
  error: string;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The phases running now, innermost last: what the memory sampler names a peak after. */
const running: string[] = [];

/** The innermost phase running now (undefined between phases: setup, waits). */
export function currentPhase(): string | undefined {
  return running.at(-1);
}

/** Runs one phase; a failure is pushed to `failures` (and told to `onFailure`) and answers undefined. */
export async function runPhase<T>(
  failures: PhaseFailure[],
  phase: string,
  work: () => Promise<T>,
  onFailure?: (failure: PhaseFailure) => void,
): Promise<T | undefined> {
  running.push(phase);
  try {
    return await work();
  } catch (error) {
    const failure = { phase, error: errorText(error) };
    failures.push(failure);
    onFailure?.(failure);
    return undefined;
  } finally {
    running.splice(running.lastIndexOf(phase), 1);
  }
}

/** The first line of an error, for a table cell. */
export function firstLine(error: string, max = 160): string {
  const line = error.split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
