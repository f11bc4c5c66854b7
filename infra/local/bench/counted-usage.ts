/**
 * The bench's counted calls that the cost model (infra/cost/, docs/cost.md) prices: the usage of
 * one agent reply (the reply probe: one request alone, with everything it sets off) and of one
 * inbound customer message (the steady phase, per message). Every bench run that measured both
 * writes them to counted-usage.json beside this file, which is checked in: `npm test` prices
 * that file, so a new bench run is a new cost model (regenerate docs/cost.md with `npm run cost`).
 */
import { fileURLToPath } from 'node:url';
import type { UsageCounts } from './usage.ts';

export const countedUsageFile = fileURLToPath(new URL('./counted-usage.json', import.meta.url));

export interface CountedUsage {
  /** When and how the figures were measured. */
  measuredAt: string;
  command: string;
  /** Tickets of the company measured, its signed-in agents and the sockets listening (agents and the admin). */
  tickets: number;
  agents: number;
  listeningSockets: number;
  /** The machine's one-minute load average before and after the run (Lambda durations are wall times). */
  loadAverage: { before: number; after: number };
  /** Every counter of usage.ts per one reply (POST /api/messages/{ticketId}, one REST request). */
  perReply: UsageCounts;
  /** Every counter of usage.ts per inbound message (steady phase; a fifth from new customers). */
  perInboundMessage: UsageCounts;
  /** The steady phase's rate (messages per second). */
  inboundRatePerSecond: number;
}

/** Counters without the calls' wall times (`ms.…`, call-counter.mjs): diagnostics, not usage. */
function billable(usage: UsageCounts): UsageCounts {
  return Object.fromEntries(Object.entries(usage).filter(([name]) => !name.startsWith('ms.')));
}

/** The reply probe's and the steady phase's usage of a measured size, when both were measured. */
export function countedUsageOf(
  size: {
    size: number;
    operations: Partial<Record<string, { single?: { usage?: UsageCounts } | undefined }>>;
    steady?: { dynamoCalls?: { usage?: UsageCounts }; ratePerSecond?: number } | undefined;
    replyProbe?: { usage?: UsageCounts } | undefined;
  },
  run: {
    measuredAt: string;
    command: string;
    agents: number;
    loadAverage: { before: number; after: number };
  },
): CountedUsage | undefined {
  const perReply = size.operations.reply?.single?.usage ?? size.replyProbe?.usage;
  const perInboundMessage = size.steady?.dynamoCalls?.usage;
  if (!perReply || !perInboundMessage || Object.keys(perReply).length === 0) return undefined;
  return {
    measuredAt: run.measuredAt,
    command: run.command,
    tickets: size.size,
    agents: run.agents,
    listeningSockets: run.agents + 1,
    loadAverage: run.loadAverage,
    perReply: billable(perReply),
    perInboundMessage: billable(perInboundMessage),
    inboundRatePerSecond: size.steady?.ratePerSecond ?? 0,
  };
}
