import { localBindings } from './local.ts';

/**
 * The time rules that span days read (today: a webhook's streak of failures, docs/decisions.md
 * "A webhook failing for days is disabled"). In the local runtime `ATENDE_CLOCK_OFFSET_MS` moves
 * it forward or back, so a test can stand days later without waiting; in AWS (no local bindings)
 * it is the system clock, whatever the environment says.
 */
export function clockNowMs(): number {
  if (!localBindings()) return Date.now();
  const offset = Number(process.env.ATENDE_CLOCK_OFFSET_MS ?? 0);
  return Date.now() + (Number.isFinite(offset) ? offset : 0);
}
