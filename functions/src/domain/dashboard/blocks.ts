/**
 * Where the agents' figures are kept: in blocks of 1, 4, 16 and 64 days aligned on the calendar
 * day number (days since 1970-01-01), each figure added to the four blocks that contain its day.
 * Any period of up to a year is then a handful of blocks (at most 15 for 90 days, 21 for a year),
 * so reading every agent's figures of a period costs the same with 5 or 500 agents and days.
 * The company's own figures stay in one small item per day (the charts need every day).
 */
import { addDays } from './calendar.ts';
import { parseAgentField, type DayIncrement, type Fields } from './metrics.ts';
import type { DayPeriod } from './period.ts';

/** Block sizes in days, largest first. */
export const agentBlockSizes = [64, 16, 4, 1] as const;
export type AgentBlockSize = (typeof agentBlockSizes)[number];

export interface AgentBlock {
  size: AgentBlockSize;
  /** Its first day, yyyy-MM-dd. */
  start: string;
}

const epochDayOf = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
const dayOfEpoch = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);

/** The four blocks a day belongs to, one of each size. */
export function blocksContaining(day: string): AgentBlock[] {
  const epochDay = epochDayOf(day);
  return agentBlockSizes.map((size) => ({ size, start: dayOfEpoch(epochDay - (((epochDay % size) + size) % size)) }));
}

/** The fewest aligned blocks (largest first from each point) that cover a period exactly. */
export function blocksCovering(period: DayPeriod): AgentBlock[] {
  const last = epochDayOf(period.to);
  const blocks: AgentBlock[] = [];
  for (let epochDay = epochDayOf(period.from); epochDay <= last; ) {
    const size = agentBlockSizes.find((candidate) => epochDay % candidate === 0 && epochDay + candidate - 1 <= last) ?? 1;
    blocks.push({ size, start: dayOfEpoch(epochDay) });
    epochDay += size;
  }
  return blocks;
}

/** The days of a block. */
export function blockDays(block: AgentBlock): DayPeriod {
  return { from: block.start, to: addDays(block.start, block.size - 1) };
}

/** Splits a day's increments into the company's (the day item) and the agents' (the day's blocks). */
export function splitIncrement(increment: DayIncrement): { company: Fields; agents: Fields } {
  const company: Fields = {};
  const agents: Fields = {};
  for (const [name, amount] of Object.entries(increment.fields)) {
    if (parseAgentField(name)) agents[name] = amount;
    else company[name] = amount;
  }
  return { company, agents };
}
