import * as z from 'zod';

/**
 * The order of a company purge (docs/decisions.md, "Deleting a company"). DELETE /companies/{id}
 * replaces the company item by a purge marker and releases its sign-in claims; then queue steps
 * (modules/company-purge) walk these phases, each step bounded, the marker holding the progress:
 *
 * - stop: the connector is told to stop every connection, the company's sockets are forgotten;
 *   the next phase waits until writers that may still act (another container's cached company,
 *   the connector, the inbound queue) have gone quiet;
 * - tickets: every ticket id the company handed out, 1 to its ticket counter: the ticket item
 *   (its pending timers cancelled), its messages (through the ticket's message index) and its
 *   own partition (timeline, notes, first responses);
 * - partitions: the company's other partitions (search tokens, creation instants, dashboards)
 *   and its sockets' index;
 * - media: the company's folder in the media bucket;
 * - main: the company's own partition (users with their e-mail claims, connections with their
 *   credentials, contacts, tickets' claims, counters...), all but the marker;
 * - settle: after a pause (the stream's dashboard updates for the deleted tickets land in the
 *   meantime) a look at what should now be empty decides between done (the marker goes, last),
 *   the tail again, or the tickets again when new tickets showed up.
 */
export const purgePhases = ['stop', 'tickets', 'partitions', 'media', 'main', 'settle'] as const;
export type PurgePhase = (typeof purgePhases)[number];

/** The progress a purge keeps on its marker item. */
export interface PurgeProgress {
  /** Which step may act: a message for another round is a stale duplicate. */
  round: number;
  phase: PurgePhase;
  /** tickets: the next ticket id to empty. */
  nextTicketId: number;
  /** The highest ticket id a pass over the tickets has had to cover. */
  ticketsUpTo: number;
  /** How many times settle has found something and sent the purge round again. */
  settleRounds: number;
}

/** The purge queue's message: the company and the round it was sent for. */
export const companyPurgeBodySchema = z.object({
  type: z.literal('companyPurge'),
  companyId: z.number().int().positive(),
  round: z.number().int().positive(),
  /** How many times this step has failed before (a failed step is sent again, see retryOfFailedStep). */
  attempt: z.number().int().nonnegative().optional(),
});
export type CompanyPurgeBody = z.infer<typeof companyPurgeBodySchema>;

/** Longer than the REST containers keep a company cached (http/company-context.ts, 30 s). */
export const writersQuietSeconds = 35;

/** The wait for writers when the containers keep a company `cacheSeconds`: five seconds more. */
export function writersQuietSecondsFor(cacheSeconds: number): number {
  return cacheSeconds + 5;
}
/** Time for the stream consumers to handle the deletions before settle looks. */
export const settleSeconds = 10;
/** Settle sends the tail again at most this often; then the purge stops and a new DELETE resumes it. */
export const maxSettleRounds = 20;

/** What one step may do before handing over to the next message. */
export const stepLimits = { items: 5_000, milliseconds: 60_000, marginMilliseconds: 20_000 } as const;

/** A step's allowance: items it may delete and the time it may take. */
export class PurgeBudget {
  private itemsLeft: number;

  constructor(
    items: number,
    private readonly deadline: number,
    private readonly now: () => number = Date.now,
  ) {
    this.itemsLeft = items;
  }

  /** A budget for a step of a function with `remainingMs` left before its timeout. */
  static forStep(remainingMs: number, now: () => number = Date.now): PurgeBudget {
    const milliseconds = Math.max(1_000, Math.min(stepLimits.milliseconds, remainingMs - stepLimits.marginMilliseconds));
    return new PurgeBudget(stepLimits.items, now() + milliseconds, now);
  }

  spend(items: number): void {
    this.itemsLeft -= items;
  }

  get exhausted(): boolean {
    return this.itemsLeft <= 0 || this.now() >= this.deadline;
  }
}

/** A failed purge step is sent again soon, a few times (domain/step-retry.ts). */
export { maxStepAttempts, retryOfFailedStep } from './step-retry.ts';

/** The first progress of a purge. */
export function initialProgress(): PurgeProgress {
  return { round: 1, phase: 'stop', nextTicketId: 1, ticketsUpTo: 0, settleRounds: 0 };
}

/** What a new DELETE of a company being purged does: the next round, from the start, keeping the tickets done. */
export function restartedProgress(current: PurgeProgress): PurgeProgress {
  return { ...current, round: current.round + 1, phase: 'stop', settleRounds: 0 };
}

/** What a step reads before acting on a message for `round`, given the marker's round. */
export function stepVerdict(messageRound: number, markerRound: number | undefined): 'act' | 'resend' | 'drop' {
  if (markerRound === undefined) return 'drop';
  if (messageRound === markerRound) return 'act';
  // The step before committed its progress but its message to this round may be lost: send it again.
  if (messageRound === markerRound - 1) return 'resend';
  return 'drop';
}

/** The phase after a completed one, and how long the next message waits. */
export function phaseAfter(
  phase: Exclude<PurgePhase, 'settle'>,
  quietSeconds = writersQuietSeconds,
): { phase: PurgePhase; delaySeconds: number } {
  switch (phase) {
    case 'stop':
      return { phase: 'tickets', delaySeconds: quietSeconds };
    case 'tickets':
      return { phase: 'partitions', delaySeconds: 0 };
    case 'partitions':
      return { phase: 'media', delaySeconds: 0 };
    case 'media':
      return { phase: 'main', delaySeconds: 0 };
    case 'main':
      return { phase: 'settle', delaySeconds: settleSeconds };
  }
}

/** What settle found still there after a full pass. */
export interface SettleFindings {
  /** Tickets or their traces (ticket items, the ticket counter, search tokens, creation instants). */
  ticketTraces: number;
  /** Anything else of the company (the marker excepted), media included. */
  other: number;
}

export type SettleVerdict =
  | { action: 'done' }
  | { action: 'again'; progress: Omit<PurgeProgress, 'round'>; delaySeconds: number }
  | { action: 'give-up' };

/**
 * Settle's decision: nothing left ends the purge; new tickets send the purge through the
 * tickets again (from id 1: ids restart when the counter is gone); other leftovers (late
 * dashboard updates, a lease the connector wrote while stopping) send it through the tail.
 */
export function settleVerdict(progress: PurgeProgress, findings: SettleFindings): SettleVerdict {
  if (findings.ticketTraces === 0 && findings.other === 0) return { action: 'done' };
  if (progress.settleRounds >= maxSettleRounds) return { action: 'give-up' };
  const settleRounds = progress.settleRounds + 1;
  if (findings.ticketTraces > 0) {
    return {
      action: 'again',
      progress: { phase: 'tickets', nextTicketId: 1, ticketsUpTo: progress.ticketsUpTo, settleRounds },
      delaySeconds: settleSeconds,
    };
  }
  return {
    action: 'again',
    progress: { phase: 'partitions', nextTicketId: progress.nextTicketId, ticketsUpTo: progress.ticketsUpTo, settleRounds },
    delaySeconds: settleSeconds,
  };
}

/** Sort keys in the company's own partition that mean tickets still exist (or will be numbered again). */
export function isTicketTrace(sortKey: string): boolean {
  return sortKey.startsWith('TICKET#') || sortKey === 'SEQ#ticket';
}
