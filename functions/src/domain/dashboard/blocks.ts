/**
 * Where a period's figures are read from: blocks of 1, 4, 16 and 64 days aligned on the calendar
 * day number (days since 1970-01-01), each figure added to the four blocks that contain its day.
 * Any period of up to a year is then a handful of blocks (at most 15 for 90 days, 21 for a year),
 * whatever its number of days, tickets and agents. The charts' per-day and per-hour counts stay
 * in one small item per day.
 */
import { addDays } from './calendar.ts';
import { addFields, isHourField, parseAgentField, type DayIncrement, type Fields } from './metrics.ts';
import type { DayPeriod } from './period.ts';

/** Block sizes in days, largest first. */
export const agentBlockSizes = [64, 16, 4, 1] as const;
export type BlockSize = (typeof agentBlockSizes)[number];

export interface Block {
  size: BlockSize;
  /** Its first day, yyyy-MM-dd. */
  start: string;
}

const epochDayOf = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
const dayOfEpoch = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);

/** The four blocks a day belongs to, one of each size. */
export function blocksContaining(day: string): Block[] {
  const epochDay = epochDayOf(day);
  return agentBlockSizes.map((size) => ({ size, start: dayOfEpoch(epochDay - (((epochDay % size) + size) % size)) }));
}

/** The fewest aligned blocks (largest first from each point) that cover a period exactly. */
export function blocksCovering(period: DayPeriod): Block[] {
  const last = epochDayOf(period.to);
  const blocks: Block[] = [];
  for (let epochDay = epochDayOf(period.from); epochDay <= last; ) {
    const size = agentBlockSizes.find((candidate) => epochDay % candidate === 0 && epochDay + candidate - 1 <= last) ?? 1;
    blocks.push({ size, start: dayOfEpoch(epochDay) });
    epochDay += size;
  }
  return blocks;
}

/** A block's identity within its company: `<size>#<start>`. */
export function blockKey(block: { size: number; start: string }): string {
  return `${block.size}#${block.start}`;
}

/** The days of a block. */
export function blockDays(block: Block): DayPeriod {
  return { from: block.start, to: addDays(block.start, block.size - 1) };
}

/**
 * The day items and blocks that a history's per-day figures make, exactly as the aggregator
 * would have left them (for seeding a table, e.g. the benchmark): each day's figures split as
 * splitIncrement does, the block part added to the day's four blocks.
 */
export function bucketsOfDays(days: Iterable<readonly [string, Fields]>): {
  days: Map<string, Fields>;
  blocks: Map<string, Block & { fields: Fields }>;
} {
  const dayItems = new Map<string, Fields>();
  const blocks = new Map<string, Block & { fields: Fields }>();
  for (const [day, fields] of days) {
    const split = splitIncrement({ day, fields });
    if (Object.keys(split.day).length > 0) dayItems.set(day, addFields({ ...dayItems.get(day) }, split.day));
    if (Object.keys(split.block).length === 0) continue;
    for (const block of blocksContaining(day)) {
      const kept = blocks.get(blockKey(block)) ?? { ...block, fields: {} };
      addFields(kept.fields, split.block);
      blocks.set(blockKey(block), kept);
    }
  }
  return { days: dayItems, blocks };
}

/**
 * Splits a day's increments into the day item's (the company's figures and hour slots) and the
 * blocks' (the company's and the agents' figures, without hour slots).
 */
export function splitIncrement(increment: DayIncrement): { day: Fields; block: Fields } {
  const day: Fields = {};
  const block: Fields = {};
  for (const [name, amount] of Object.entries(increment.fields)) {
    const forAgent = parseAgentField(name) !== undefined;
    if (!forAgent) day[name] = amount;
    if (!isHourField(name)) block[name] = amount;
  }
  return { day, block };
}
