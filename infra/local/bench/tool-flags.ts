/**
 * The command-line flags of the bench's single-phase tools (overhead.ts, schedules-run.ts,
 * board-calls.ts): `--name=value`, or `--name` alone (an empty value). Pure, so it is unit-tested;
 * `npm run bench` itself parses its options in args.ts.
 */

/** The value of `--name` in `argv`: the text after `=`, '' for the bare flag, undefined when absent. */
export function flagOf(argv: readonly string[], name: string): string | undefined {
  for (const argument of argv) {
    if (argument === `--${name}`) return '';
    if (argument.startsWith(`--${name}=`)) return argument.slice(name.length + 3);
  }
  return undefined;
}

/** A positive number given as `--name=<n>`, else `fallback` (absent, bare, unreadable or not positive). */
export function positiveFlagOf(argv: readonly string[], name: string, fallback: number): number {
  const value = flagOf(argv, name);
  const parsed = value ? Number(value) : NaN;
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** The flags of this process's command line. */
export const flag = (name: string): string | undefined => flagOf(process.argv.slice(2), name);
export const numberFlag = (name: string, fallback: number): number =>
  positiveFlagOf(process.argv.slice(2), name, fallback);
