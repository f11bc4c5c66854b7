import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  companyForeignIndexes,
  companyLevelPartitions,
  companyMainPartition,
  companyMediaPrefix,
  companyPartitionFamilies,
  fillTemplate,
  templateShape,
  ticketOwnedPartitions,
} from '../src/domain/company-partitions.ts';
import {
  initialProgress,
  isTicketTrace,
  maxSettleRounds,
  phaseAfter,
  PurgeBudget,
  purgePhases,
  restartedProgress,
  settleSeconds,
  settleVerdict,
  stepVerdict,
  writersQuietSeconds,
  writersQuietSecondsFor,
  type PurgeProgress,
} from '../src/domain/company-purge-plan.ts';
import { mediaKeyOf } from '../src/domain/media-rules.ts';
import { quickMessageMediaKey } from '../src/domain/quick-message-rules.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Every .ts source under a folder (tests excluded). */
function sourcesUnder(folder: string): string[] {
  const absolute = join(repoRoot, folder);
  return readdirSync(absolute).flatMap((name) => {
    const path = join(absolute, name);
    if (statSync(path).isDirectory()) return sourcesUnder(relative(repoRoot, path));
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Where company keys are written: the data layer, the domain's key builders (ticket lists) and
 * the connector's table keys. The family list itself is left out, or it would vouch for itself.
 */
const keySources = [...sourcesUnder('functions/src/data'), ...sourcesUnder('functions/src/domain'), ...sourcesUnder('connector/src/table')].filter(
  (path) => !path.endsWith('company-partitions.ts'),
);

/** `C#${...}` followed by key text and more `${...}` parts, as written in templates and template literals. */
const companyKeyPattern = /C#\$\{[^}]*\}(?:\$\{[^}]*\}|[A-Za-z0-9#_])*/g;

function templatesIn(path: string): string[] {
  return [...readFileSync(path, 'utf8').matchAll(companyKeyPattern)].map((match) => match[0].replace(/#$/, ''));
}

describe('company partition families', () => {
  const listed = new Set(companyPartitionFamilies.map((family) => templateShape(family.template)));
  const found = new Map<string, string[]>();
  for (const path of keySources) {
    for (const template of templatesIn(path)) {
      const shape = templateShape(template);
      found.set(shape, [...(found.get(shape) ?? []), relative(repoRoot, path)]);
    }
  }

  it('reads key templates from the sources (the scan itself works)', () => {
    expect(keySources.some((path) => path.endsWith('functions/src/data/message-entity.ts'))).toBe(true);
    expect(found.get('C#${}#MSG#${}')).toEqual(expect.arrayContaining(['functions/src/data/message-entity.ts', 'connector/src/table/keys.ts']));
    expect(found.has('C#${}#TSQ#${}#${}')).toBe(true);
  });

  it('lists every C#<companyId>… key the data layer, the domain or the connector writes', () => {
    const unlisted = [...found.entries()].filter(([shape]) => !listed.has(shape)).map(([shape, files]) => `${shape} (${files.join(', ')})`);
    expect(unlisted, 'add these to companyPartitionFamilies (domain/company-partitions.ts) and to the purge').toEqual([]);
  });

  it('lists no family that nothing writes any more', () => {
    expect([...listed].filter((shape) => !found.has(shape))).toEqual([]);
  });

  it('gives each family a route and one home for each shape and attribute', () => {
    const seen = companyPartitionFamilies.map((family) => `${templateShape(family.template)} ${family.attribute}`);
    expect(new Set(seen).size).toBe(seen.length);
    expect(companyPartitionFamilies.filter((family) => family.route === 'main-partition')).toHaveLength(1);
  });

  it('names the partitions the purge empties', () => {
    expect(companyMainPartition(7)).toBe('C#7');
    expect(companyLevelPartitions(7).sort()).toEqual(['C#7#CSEARCH', 'C#7#DASH', 'C#7#DASHDONE', 'C#7#TCREATED', 'C#7#TLCOUNT', 'C#7#TSEARCH', 'C#7#WHD']);
    expect(ticketOwnedPartitions(7, 31)).toEqual([
      { attribute: 'gsi1pk', value: 'C#7#T#31' },
      { attribute: 'pk', value: 'C#7#T#31' },
    ]);
    expect(companyForeignIndexes(7)).toEqual([{ attribute: 'gsi1pk', value: 'C#7#WS' }]);
    expect(fillTemplate('C#${companyId}#QOPTS#${queueId}', { companyId: 7, queueId: 2 })).toBe('C#7#QOPTS#2');
    expect(() => fillTemplate('C#${companyId}#T#${ticketId}', { companyId: 7 })).toThrow(/ticketId/);
  });

  it("holds every media key of the company under its folder, and none of another company's", () => {
    const prefix = companyMediaPrefix(7);
    expect(mediaKeyOf(7, 3, 'ABC')).toMatch(new RegExp(`^${prefix}`));
    expect(quickMessageMediaKey(7, 4)).toMatch(new RegExp(`^${prefix}`));
    expect(mediaKeyOf(71, 3, 'ABC').startsWith(prefix)).toBe(false);
  });
});

describe('company purge plan', () => {
  const progress = (changes: Partial<PurgeProgress> = {}): PurgeProgress => ({ ...initialProgress(), phase: 'settle', ...changes });

  it('walks the phases in order, waiting for writers after stop and for the stream before settle', () => {
    const order: string[] = ['stop'];
    let delays = 0;
    for (let phase = phaseAfter('stop'); ; phase = phaseAfter(phase.phase as Exclude<typeof phase.phase, 'settle'>)) {
      order.push(phase.phase);
      delays += phase.delaySeconds;
      if (phase.phase === 'settle') break;
    }
    expect(order).toEqual([...purgePhases]);
    expect(phaseAfter('stop').delaySeconds).toBe(writersQuietSeconds);
    expect(writersQuietSeconds).toBeGreaterThan(30);
    expect(phaseAfter('main').delaySeconds).toBe(settleSeconds);
    expect(delays).toBe(writersQuietSeconds + settleSeconds);
    // The wait follows the containers' company cache: the stack's 30 s gives the default.
    expect(writersQuietSecondsFor(30)).toBe(writersQuietSeconds);
    expect(phaseAfter('stop', writersQuietSecondsFor(3)).delaySeconds).toBe(8);
  });

  it('acts on the current round only, and sends again a round whose message may be lost', () => {
    expect(stepVerdict(3, 3)).toBe('act');
    expect(stepVerdict(2, 3)).toBe('resend');
    expect(stepVerdict(1, 3)).toBe('drop');
    expect(stepVerdict(4, 3)).toBe('drop');
    expect(stepVerdict(1, undefined)).toBe('drop');
  });

  it('restarts from the first phase on a new DELETE, keeping the tickets already emptied', () => {
    const current: PurgeProgress = { round: 9, phase: 'settle', nextTicketId: 120, ticketsUpTo: 119, settleRounds: maxSettleRounds };
    expect(restartedProgress(current)).toEqual({ round: 10, phase: 'stop', nextTicketId: 120, ticketsUpTo: 119, settleRounds: 0 });
  });

  it('ends when nothing is left, runs the tail again for leftovers and the tickets again for new tickets', () => {
    expect(settleVerdict(progress({ nextTicketId: 40, ticketsUpTo: 39 }), { ticketTraces: 0, other: 0 })).toEqual({ action: 'done' });
    expect(settleVerdict(progress({ nextTicketId: 40, ticketsUpTo: 39 }), { ticketTraces: 0, other: 2 })).toEqual({
      action: 'again',
      progress: { phase: 'partitions', nextTicketId: 40, ticketsUpTo: 39, settleRounds: 1 },
      delaySeconds: settleSeconds,
    });
    expect(settleVerdict(progress({ nextTicketId: 40, ticketsUpTo: 39, settleRounds: 2 }), { ticketTraces: 1, other: 5 })).toEqual({
      action: 'again',
      progress: { phase: 'tickets', nextTicketId: 1, ticketsUpTo: 39, settleRounds: 3 },
      delaySeconds: settleSeconds,
    });
    expect(settleVerdict(progress({ settleRounds: maxSettleRounds }), { ticketTraces: 0, other: 1 })).toEqual({ action: 'give-up' });
  });

  it('tells ticket traces from the other records of the company partition', () => {
    expect(isTicketTrace('TICKET#12')).toBe(true);
    expect(isTicketTrace('SEQ#ticket')).toBe(true);
    expect(isTicketTrace('TICKETUUID#abc')).toBe(false);
    expect(isTicketTrace('SEQ#ticketNote')).toBe(false);
    expect(isTicketTrace('WLEASE#1')).toBe(false);
  });

  it('bounds a step by items and by time, leaving the margin before the timeout', () => {
    let now = 1_000;
    const clock = () => now;
    const byItems = PurgeBudget.forStep(150_000, clock);
    byItems.spend(4_999);
    expect(byItems.exhausted).toBe(false);
    byItems.spend(1);
    expect(byItems.exhausted).toBe(true);

    const byTime = PurgeBudget.forStep(50_000, clock);
    now += 29_999;
    expect(byTime.exhausted).toBe(false);
    now += 1;
    expect(byTime.exhausted).toBe(true);
  });
});
