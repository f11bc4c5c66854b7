import {
  advancePurge,
  companyConnectionIds,
  counterValue,
  deletePurgeMarker,
  deleteTicketItem,
  emptyCompanyPartition,
  emptyPartition,
  getPurgeMarker,
  releaseCompanyName,
  remainingKeys,
  type PartitionRef,
  type PurgeMarker,
} from '#data/company-purge';
import { ticketTimerKinds, timerAttribute } from '#domain/chatbot/timers';
import {
  chatPartition,
  companyForeignIndexes,
  companyLevelPartitions,
  companyMainPartition,
  companyMediaPrefix,
  ticketOwnedPartitions,
} from '#domain/company-partitions';
import {
  isTicketTrace,
  phaseAfter,
  PurgeBudget,
  settleVerdict,
  stepVerdict,
  writersQuietSecondsFor,
  type CompanyPurgeBody,
  type PurgeProgress,
} from '#domain/company-purge-plan';
import { companyContextFreshSeconds } from '#http/company-context';
import { sendConnectorCommand } from '#modules/connector-commands/send';
import { cancelTicketTimer } from '../timers/ticket-timers.ts';
import { enqueuePurgeStep } from './enqueue.ts';
import { deleteMediaUnder, mediaLeftUnder } from './media.ts';
import { logger } from '#observability/logger';

/** What a phase did: where the purge goes next (its own phase again when the budget ran out). */
type PhaseResult =
  | { kind: 'next'; progress: Omit<PurgeProgress, 'round'>; delaySeconds: number; deleted: number }
  | { kind: 'done' }
  | { kind: 'give-up'; left: { ticketTraces: number; other: number } };

export type StepOutcome = 'dropped' | 'resent' | 'advanced' | 'superseded' | 'done' | 'gave-up';

/** Tickets emptied side by side within one step. */
const parallelTickets = 8;

function log(level: 'info' | 'error', message: string, fields: Record<string, unknown>): void {
  logger[level](message, fields);
}

async function emptyAll(partitions: PartitionRef[], budget: PurgeBudget): Promise<{ deleted: number; complete: boolean }> {
  let deleted = 0;
  for (const partition of partitions) {
    const result = await emptyPartition(partition, budget);
    deleted += result.deleted;
    if (!result.complete) return { deleted, complete: false };
  }
  return { deleted, complete: true };
}

/** Same phase again (budget spent) or the next one. */
function continued(marker: PurgeMarker, complete: boolean, deleted: number, changes: Partial<PurgeProgress> = {}): PhaseResult {
  const progress = { phase: marker.phase, nextTicketId: marker.nextTicketId, ticketsUpTo: marker.ticketsUpTo, settleRounds: marker.settleRounds };
  if (!complete) return { kind: 'next', progress: { ...progress, ...changes }, delaySeconds: 0, deleted };
  if (marker.phase === 'settle') throw new Error('settle decides on its own');
  const after = phaseAfter(marker.phase, writersQuietSecondsFor(companyContextFreshSeconds()));
  return { kind: 'next', progress: { ...progress, ...changes, phase: after.phase }, delaySeconds: after.delaySeconds, deleted };
}

/** stop: the connector logs every connection out; the company's sockets are forgotten. */
async function stopPhase(marker: PurgeMarker, budget: PurgeBudget): Promise<PhaseResult> {
  for (const whatsappId of await companyConnectionIds(marker.companyId)) {
    await sendConnectorCommand({ type: 'stopSession', companyId: marker.companyId, whatsappId });
  }
  const sockets = await emptyAll(companyForeignIndexes(marker.companyId), budget);
  return continued(marker, sockets.complete, sockets.deleted);
}

/**
 * One ticket id: its item, its messages and its own partition. The timers of a ticket that was
 * not closed are all cancelled (a deadline may be scheduled a moment before the ticket records
 * it); a closed ticket's, those it holds (the rating wait). A schedule left over fires on a
 * missing ticket and does nothing (fire-timer.ts).
 */
async function emptyTicket(companyId: number, ticketId: number, budget: PurgeBudget): Promise<{ deleted: number; complete: boolean }> {
  const held = await deleteTicketItem(companyId, ticketId);
  if (held) {
    for (const kind of ticketTimerKinds) {
      if (held.status !== 'closed' || held[timerAttribute[kind]]) await cancelTicketTimer({ companyId, id: ticketId }, kind);
    }
  }
  const owned = await emptyAll(ticketOwnedPartitions(companyId, ticketId), budget);
  return { deleted: owned.deleted + (held ? 1 : 0), complete: owned.complete };
}

/** tickets: every id from 1 to the ticket counter, a few side by side, until the budget is spent. */
async function ticketsPhase(marker: PurgeMarker, budget: PurgeBudget): Promise<PhaseResult> {
  const upTo = Math.max(marker.ticketsUpTo, await counterValue(marker.companyId, 'ticket'));
  let next = marker.nextTicketId;
  let deleted = 0;
  while (next <= upTo && !budget.exhausted) {
    const ids = Array.from({ length: Math.min(parallelTickets, upTo - next + 1) }, (_, i) => next + i);
    const results = await Promise.all(ids.map((id) => emptyTicket(marker.companyId, id, budget)));
    deleted += results.reduce((sum, result) => sum + result.deleted, 0);
    const unfinished = results.findIndex((result) => !result.complete);
    if (unfinished >= 0) {
      next = ids[unfinished]!;
      break;
    }
    next += ids.length;
  }
  return continued(marker, next > upTo, deleted, { nextTicketId: next, ticketsUpTo: upTo });
}

/**
 * The company's partitions besides its own and its tickets': search tokens, creation instants,
 * dashboards, the sockets' index, and one per internal chat id it handed out (1 to its chat
 * counter, read before the main phase removes the counter).
 */
async function otherPartitions(companyId: number): Promise<PartitionRef[]> {
  const chats = await counterValue(companyId, 'chat');
  return [
    ...companyLevelPartitions(companyId).map((value) => ({ attribute: 'pk' as const, value })),
    ...companyForeignIndexes(companyId),
    ...Array.from({ length: chats }, (_, i) => ({ attribute: 'pk' as const, value: chatPartition(companyId, i + 1) })),
  ];
}

/** partitions: search tokens, creation instants, dashboards, chats, and the sockets' index once more. */
async function partitionsPhase(marker: PurgeMarker, budget: PurgeBudget): Promise<PhaseResult> {
  const partitions = await otherPartitions(marker.companyId);
  const result = await emptyAll(partitions, budget);
  return continued(marker, result.complete, result.deleted);
}

async function mediaPhase(marker: PurgeMarker, budget: PurgeBudget): Promise<PhaseResult> {
  const result = await deleteMediaUnder(companyMediaPrefix(marker.companyId), budget);
  return continued(marker, result.complete, result.deleted);
}

/** main: the company's own partition (e-mail claims with their users), and its name claim again. */
async function mainPhase(marker: PurgeMarker, budget: PurgeBudget): Promise<PhaseResult> {
  const result = await emptyCompanyPartition(marker.companyId, budget);
  if (result.complete && marker.nameKey) await releaseCompanyName(marker.companyId, marker.nameKey);
  return continued(marker, result.complete, result.deleted);
}

/** settle: what should be empty now is looked at; the verdict ends the purge or sends it round again. */
async function settlePhase(marker: PurgeMarker): Promise<PhaseResult> {
  const { companyId } = marker;
  const main = await remainingKeys({ attribute: 'pk', value: companyMainPartition(companyId) });
  const others = await Promise.all((await otherPartitions(companyId)).map((partition) => remainingKeys(partition)));
  const media = await mediaLeftUnder(companyMediaPrefix(companyId));
  const ticketTraces = main.filter((key) => isTicketTrace(key.sk)).length;
  const other = main.length - ticketTraces + others.reduce((sum, keys) => sum + keys.length, 0) + media;
  const verdict = settleVerdict(marker, { ticketTraces, other });
  switch (verdict.action) {
    case 'done':
      return { kind: 'done' };
    case 'give-up':
      return { kind: 'give-up', left: { ticketTraces, other } };
    case 'again':
      return { kind: 'next', progress: verdict.progress, delaySeconds: verdict.delaySeconds, deleted: 0 };
  }
}

function runPhase(marker: PurgeMarker, budget: PurgeBudget): Promise<PhaseResult> {
  switch (marker.phase) {
    case 'stop':
      return stopPhase(marker, budget);
    case 'tickets':
      return ticketsPhase(marker, budget);
    case 'partitions':
      return partitionsPhase(marker, budget);
    case 'media':
      return mediaPhase(marker, budget);
    case 'main':
      return mainPhase(marker, budget);
    case 'settle':
      return settlePhase(marker);
  }
}

/**
 * One step of a company purge (docs/decisions.md, "Deleting a company"): acts only for the
 * marker's current round, does a bounded amount of its phase, records the progress on the marker
 * (conditionally: a duplicate message that lost the race stops there) and sends the next step.
 * Every delete is by key and idempotent, so a step that failed is simply run again.
 */
export async function runPurgeStep(body: CompanyPurgeBody, remainingMs: number): Promise<StepOutcome> {
  const marker = await getPurgeMarker(body.companyId);
  const verdict = stepVerdict(body.round, marker?.round);
  if (verdict === 'drop' || !marker) return 'dropped';
  if (verdict === 'resend') {
    await enqueuePurgeStep(marker.companyId, marker.round);
    return 'resent';
  }
  const result = await runPhase(marker, PurgeBudget.forStep(remainingMs));
  const fields = { companyId: marker.companyId, round: marker.round, phase: marker.phase };
  switch (result.kind) {
    case 'done':
      if (!(await deletePurgeMarker(marker.companyId, marker.round))) return 'superseded';
      log('info', 'company purge finished', fields);
      return 'done';
    case 'give-up':
      // The marker stays: a new DELETE of the company resumes the purge.
      log('error', 'company purge left data behind after settling', { ...fields, ...result.left });
      return 'gave-up';
    case 'next': {
      const next: PurgeProgress = { ...result.progress, round: marker.round + 1 };
      if (!(await advancePurge(marker.companyId, marker.round, next))) return 'superseded';
      log('info', 'company purge step', { ...fields, deleted: result.deleted, next: next.phase, delaySeconds: result.delaySeconds });
      await enqueuePurgeStep(marker.companyId, next.round, result.delaySeconds);
      return 'advanced';
    }
  }
}
