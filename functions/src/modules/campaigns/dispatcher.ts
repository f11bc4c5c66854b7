import { randomUUID } from 'node:crypto';
import { parseCampaignSettings } from '@atende/shared/entities/campaign-settings';
import { listCampaignSettings } from '#data/campaign-settings';
import {
  advanceTick,
  claimSends,
  finishIfAllDelivered,
  getCampaign,
  getShipping,
  markSendArmed,
  putShippingEntries,
  recordPrepared,
  releaseConnectionLease,
  startRun,
  takeConnectionLease,
  type CampaignRecord,
  type ShippingRecord,
} from '#data/campaigns';
import { contactsInOrder } from '#data/campaign-recipients';
import { listItemsOfContactList } from '#data/contact-lists';
import { AppError } from '#domain/app-error';
import { chooseSlot, filledSlots } from '#domain/campaign-messages';
import { getFileList } from '#data/file-lists';
import { getWhatsapp } from '#data/whatsapps';
import {
  defaultCampaignPace,
  gapBefore,
  maxRecipientsInFlight,
  paceGapMs,
  parseCampaignPace,
  recipientsInFlight,
} from '#domain/campaign-pacing';
import { deliverEntry, runSettings, storeEntry, type PreparedRecipient } from './deliver.ts';
import { ReadAhead } from './read-ahead.ts';
import { enqueueStep, type CampaignStep } from './dispatch-messages.ts';
import { removeTagRecipients, tagRecipients } from './tag-recipients.ts';

/** Recipients written per preparation step. */
const preparePageSize = 100;
/** How long a campaign holds its connection after a send: far more than the longest gap (140 s). */
const leaseMs = 10 * 60_000;
/** The watchdog's period, and how late a send may be before it counts as stalled. */
export const tickMs = 60_000;
const stalledAfterMs = 30_000;
/** A send step may run this much before its due time (clocks differ); earlier ones are duplicates. */
const earlyToleranceMs = 1_000;
/** Recipients without a wait between them claimed and sent by one step (intervals of 0). */
const burstLimit = 200;
/**
 * A step stops claiming after this long (the consumer's timeout is 20 s: docs/decisions.md), and
 * the next step goes on from the queue.
 */
const stepBudgetMs = 8_000;
/**
 * The most recipients a step has claimed and not yet stored: a batch being stored while the next
 * one is claimed (issue #26). A cancel leaves at most these unstored; a restart begins this far back.
 */
const claimedNotStoredMax = 2 * maxRecipientsInFlight;

type Step<K extends CampaignStep['kind']> = Extract<CampaignStep, { kind: K }>;

export async function runStep(step: CampaignStep): Promise<void> {
  switch (step.kind) {
    case 'start':
      return start(step);
    case 'prepare':
      return prepare(step);
    case 'send':
      return send(step);
    case 'tick':
      return tick(step);
  }
}

/** The next step a running campaign needs, from its record alone. */
function nextStepOf(campaign: CampaignRecord): CampaignStep | undefined {
  const base = { companyId: campaign.companyId, campaignId: campaign.id, runId: campaign.runId! };
  if (!campaign.prepared)
    return {
      kind: 'prepare',
      ...base,
      from: campaign.preparedCount ?? 0,
      cursor: campaign.prepareCursor ?? null,
    };
  if ((campaign.cursor ?? 0) < (campaign.preparedCount ?? 0))
    return { kind: 'send', ...base, position: campaign.cursor ?? 0 };
  return undefined;
}

/** Arms the watchdog of a run: one tick chain per run (its fence is tickSeq). */
async function armTick(campaign: CampaignRecord, seq: number): Promise<void> {
  await enqueueStep(
    {
      kind: 'tick',
      companyId: campaign.companyId,
      campaignId: campaign.id,
      runId: campaign.runId!,
      seq,
      cursor: campaign.cursor ?? 0,
      preparedCount: campaign.preparedCount ?? 0,
    },
    tickMs,
  );
}

/** Starts a run: from the schedule (a fresh run) or from restart (continues with the unsent). */
export async function beginRun(
  companyId: number,
  campaignId: number,
  from: { status: 'PROGRAMADA'; scheduledAt: string } | { status: 'CANCELADA' },
): Promise<boolean> {
  const fresh = from.status === 'PROGRAMADA';
  const settingsJson = fresh
    ? JSON.stringify(parseCampaignSettings(await listCampaignSettings(companyId)))
    : undefined;
  const runId = randomUUID();
  const started = await startRun(companyId, campaignId, from, {
    runId,
    fresh,
    ...(settingsJson ? { settingsJson } : {}),
  });
  if (!started) return false;
  const campaign = await getCampaign(companyId, campaignId);
  if (!campaign || campaign.runId !== runId) return true;
  const next = nextStepOf(campaign);
  // A restart goes back over the last claims first: recipients claimed while the cancel came
  // were not stored (the stores are guarded), and go now, each once (same ids).
  if (next?.kind === 'send' && !fresh) next.position = Math.max(0, next.position - claimedNotStoredMax);
  if (next) await enqueueStep(next);
  await armTick(campaign, campaign.tickSeq ?? 0);
  return true;
}

async function start(step: Step<'start'>): Promise<void> {
  const campaign = await getCampaign(step.companyId, step.campaignId);
  if (!campaign || campaign.status !== 'PROGRAMADA' || campaign.scheduledAt !== step.scheduledAt) return;
  await beginRun(step.companyId, step.campaignId, { status: 'PROGRAMADA', scheduledAt: step.scheduledAt });
}

const isCurrentRun = (campaign: CampaignRecord | undefined, runId: string): campaign is CampaignRecord =>
  campaign !== undefined && campaign.status === 'EM_ANDAMENTO' && campaign.runId === runId;

interface Recipient {
  /** The contact list item's id, or the contact's for a tag list. */
  id: number;
  name: string;
  number: string;
  email: string;
}

/**
 * Where the entry of a list item the run skips as not on WhatsApp is written: past any send
 * position (the dispatcher reads positions below preparedCount only), by item id (below 10^12),
 * so a repeated step writes the same entry.
 */
const notOnWhatsappPositionBase = 1_000_000_000_000;

/**
 * One page of a run's recipients from `cursor`: the contact list's items valid on WhatsApp (in id
 * order), or for a tag list the contacts carrying the tag (the run's snapshot, paged by offset);
 * `notOnWhatsapp`: the page's list items the WhatsApp check found without an account.
 */
async function recipientsPage(
  campaign: CampaignRecord,
  cursor: string | null,
): Promise<{ recipients: Recipient[]; notOnWhatsapp: Recipient[]; cursor: string | null }> {
  if (campaign.contactListId) {
    const page = await listItemsOfContactList(campaign.companyId, campaign.contactListId, cursor, {
      limit: preparePageSize,
    });
    const recipientOf = (item: (typeof page.items)[number]) => ({
      id: item.id,
      name: item.name,
      number: item.number,
      email: item.email ?? '',
    });
    return {
      recipients: page.items.filter((item) => item.isWhatsappValid === true).map(recipientOf),
      notOnWhatsapp: page.items.filter((item) => item.isWhatsappValid === false).map(recipientOf),
      cursor: page.cursor,
    };
  }
  if (campaign.tagListId) {
    const ids = await tagRecipients(campaign);
    const offset = cursor ? Number(cursor) : 0;
    const contacts = await contactsInOrder(campaign.companyId, ids.slice(offset, offset + preparePageSize));
    return {
      recipients: contacts.map((c) => ({ id: c.id, name: c.name, number: c.number, email: c.email ?? '' })),
      notOnWhatsapp: [],
      cursor: offset + preparePageSize < ids.length ? String(offset + preparePageSize) : null,
    };
  }
  return { recipients: [], notOnWhatsapp: [], cursor: null };
}

/**
 * One page of the recipients becomes shipping entries, each with its message slot and the wait
 * after it drawn now. Fenced on the count so far.
 */
async function prepare(step: Step<'prepare'>): Promise<void> {
  const campaign = await getCampaign(step.companyId, step.campaignId);
  if (!isCurrentRun(campaign, step.runId) || campaign.prepared || (campaign.preparedCount ?? 0) !== step.from)
    return;
  const settings = runSettings(campaign);
  const slots = filledSlots(campaign);
  const page = await recipientsPage(campaign, step.cursor);
  const valid = page.recipients;
  await putShippingEntries(
    valid.map((recipient, index) => {
      const position = step.from + index;
      return {
        companyId: step.companyId,
        campaignId: step.campaignId,
        position,
        listItemId: recipient.id,
        name: recipient.name,
        number: recipient.number,
        email: recipient.email,
        slot: chooseSlot(slots, Math.random)?.slot ?? 1,
        gapAfter: gapBefore(position + 1, settings, Math.random),
      };
    }),
  );
  // The skipped ones, for the report's list only (no slot: nothing is sent to them).
  await putShippingEntries(
    page.notOnWhatsapp.map((recipient) => ({
      companyId: step.companyId,
      campaignId: step.campaignId,
      position: notOnWhatsappPositionBase + recipient.id,
      listItemId: recipient.id,
      name: recipient.name,
      number: recipient.number,
      email: recipient.email,
      slot: 0,
      recipientState: 'notOnWhatsapp' as const,
    })),
  );
  const to = step.from + valid.length;
  const done = page.cursor === null;
  const recorded = await recordPrepared(step.companyId, step.campaignId, {
    runId: step.runId,
    from: step.from,
    to,
    cursor: page.cursor,
    done,
  });
  if (!recorded) return;
  if (done && campaign.tagListId && !campaign.contactListId) await removeTagRecipients(campaign);
  if (!done) {
    await enqueueStep({ ...step, from: to, cursor: page.cursor });
    return;
  }
  if (to === 0) {
    await finishIfAllDelivered(step.companyId, step.campaignId, new Date().toISOString());
    return;
  }
  await enqueueStep({
    kind: 'send',
    companyId: step.companyId,
    campaignId: step.campaignId,
    runId: step.runId,
    position: 0,
  });
}

/** A claimed entry's parts again (idempotent): a duplicate step or a retry after a crash. */
async function completeClaimed(campaign: CampaignRecord, position: number): Promise<void> {
  const entry = await getShipping(campaign.companyId, campaign.id, position);
  if (!entry) return;
  if (entry.deliveredAt) await deliverEntry(campaign, entry, 'delivery');
  else if (entry.confirmationRequestedAt) await deliverEntry(campaign, entry, 'confirmation');
}

/** Runs `work` for every position in [from, to), `lanes` at a time (each position's parts in order). */
async function forPositions(
  from: number,
  to: number,
  lanes: number,
  work: (position: number) => Promise<void>,
) {
  let next = from;
  const lane = async () => {
    for (let position = next++; position < to; position = next++) await work(position);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, to - from)) }, lane));
}

/**
 * The stores and connector hand-overs of a step's claimed recipients, several at once: each
 * recipient's parts go in order, and no more than `limit` recipients wait for theirs (the oldest
 * is awaited first).
 */
class HandOvers {
  private readonly pending: Promise<void>[] = [];

  constructor(private readonly limit: number) {}

  async add(handOver: () => Promise<void>): Promise<void> {
    const running = handOver();
    running.catch(() => undefined); // awaited below or in settle(); never left unhandled
    this.pending.push(running);
    while (this.pending.length > this.limit) await this.pending.shift();
  }

  async settle(): Promise<void> {
    const all = this.pending.splice(0);
    await Promise.all(all);
  }
}

/**
 * Puts the send step at `position` on the queue, due in `delayMs`, unless it was armed already
 * (by this step's earlier delivery, or another copy of it): the conditional mark comes first, so
 * a step and its redelivered copy arm the next one once. A crash between the mark and the queue
 * leaves the run to its watchdog, as a lost message would.
 */
async function armSend(step: Step<'send'>, position: number, delayMs: number): Promise<void> {
  if (await markSendArmed(step.companyId, step.campaignId, step.runId, position))
    await enqueueStep({ ...step, position }, Math.max(0, delayMs));
}

/**
 * Waits until the wall clock reads `atMs`. A timer runs on the monotonic clock and may end a
 * millisecond before Date.now() gets there, and the pace is a gap between recorded instants.
 */
async function untilWallClock(atMs: number): Promise<void> {
  for (let left = atMs - Date.now(); left > 0; left = atMs - Date.now())
    await new Promise((resolve) => setTimeout(resolve, left));
}

/** The campaign pace of a connection (docs/decisions.md, "Campaigns: the connection's pace"), read at call time. */
export function connectionPace(provider: string | undefined): number {
  return provider === 'sandbox'
    ? parseCampaignPace(process.env.CAMPAIGN_PACE_SANDBOX, defaultCampaignPace.sandbox)
    : parseCampaignPace(process.env.CAMPAIGN_PACE_WHATSAPP, defaultCampaignPace.whatsapp);
}

/**
 * The send at `position`: wait for its due time, hold the connection, then claim and store the
 * recipients one after the other (each claim a conditional write made before anything is stored
 * or sent, and only once the previous recipient's parts are stored), at most the connection's
 * pace, while the next ones are read ahead and the stored ones are handed to the connector.
 */
async function send(step: Step<'send'>): Promise<void> {
  const campaign = await getCampaign(step.companyId, step.campaignId);
  if (!campaign || campaign.runId !== step.runId) return;
  const cursor = campaign.cursor ?? 0;
  const running = campaign.status === 'EM_ANDAMENTO';
  if (step.position < cursor) {
    // A retried step (redelivered after the runtime died mid-burst, or a copy): the parts of what
    // it claimed go again under the same ids (nothing twice), also when the run has ended since,
    // as its last claim ends it and a cancel lets the claimed one go.
    const claimedEnd = Math.min(cursor, step.position + burstLimit);
    // Not after a cancel: what it left unstored goes on restart (the stores are guarded).
    if (campaign.status !== 'CANCELADA')
      await forPositions(step.position, claimedEnd, maxRecipientsInFlight, (position) =>
        completeClaimed(campaign, position),
      );
    // The step may have died before arming the next one: arm it now, at its due time (the
    // pacing gap the last claim recorded), unless it is armed already. A copy of it that races
    // a live step loses its claim on the entry, so nothing goes twice.
    if (running && claimedEnd === cursor && cursor < (campaign.preparedCount ?? 0)) {
      await armSend(step, cursor, (campaign.nextDueAtMs ?? 0) - Date.now());
      return;
    }
  }
  if (!running) {
    // Cancelled (or finished): the connection is free for the next campaign at once.
    if (campaign.whatsappId) await releaseConnectionLease(step.companyId, campaign.whatsappId, campaign.id);
    return;
  }
  if (step.position < cursor) return;
  if (step.position > cursor || !campaign.prepared || step.position >= (campaign.preparedCount ?? 0)) return;
  const wait = (campaign.nextDueAtMs ?? 0) - Date.now();
  // A copy that came early (the watchdog's, or a redelivery) is dropped; the real step comes on time.
  if (wait > earlyToleranceMs) return;
  await untilWallClock(campaign.nextDueAtMs ?? 0);
  const whatsappId = campaign.whatsappId;
  if (!whatsappId) return;
  // Another campaign sends on this connection: this one waits; its watchdog resumes it.
  if (!(await takeConnectionLease(step.companyId, whatsappId, campaign.id, Date.now(), leaseMs))) return;
  const [connection, fileList] = await Promise.all([
    getWhatsapp(step.companyId, whatsappId),
    campaign.fileListId ? getFileList(step.companyId, campaign.fileListId) : undefined,
  ]);
  const pace = connectionPace(connection?.provider);
  const paceMs = paceGapMs(pace);
  const inFlight = recipientsInFlight(pace);
  const total = campaign.preparedCount ?? 0;
  const slots = filledSlots(campaign);
  const ahead = new ReadAhead(campaign, step.position, Math.min(total, step.position + burstLimit), inFlight);
  const handOvers = new HandOvers(inFlight);
  const stepStartedAt = Date.now();
  const guardRun = step.runId;
  let cancelled = false;
  let position = step.position;
  let gapMs = 0;
  let lastAt = 0;
  // Recipients with no wait between them (intervals of 0) are claimed by this step in batches of
  // up to min(16, pace) (one second's worth at the connection's pace) in one transaction
  // conditioned on the run still being on, and stored while the next batch is claimed: each
  // store is guarded by the run not being cancelled, so once a cancel is written nothing more is
  // stored nor sent (docs/decisions.md, "Campaigns: a batch of claims, guarded stores"). The
  // stores of a batch start one pace gap apart, so the connection's pace holds per recipient.
  for (let inStep = 0; ; ) {
    const batch: { entry: ShippingRecord; prepared: PreparedRecipient | undefined; kind: 'delivery' | 'confirmation' }[] = [];
    const numbers = new Set<string>();
    for (let p = position; p < total && batch.length < inFlight && inStep + batch.length < burstLimit; p += 1) {
      const { entry, prepared } = await ahead.take(p);
      if (!entry) throw new Error(`campaign ${campaign.id}: entry ${p} missing`);
      // One number twice in a batch would be two writes of its pending confirmation: next batch.
      if (numbers.has(entry.number)) break;
      numbers.add(entry.number);
      const slot = slots.find((s) => s.slot === entry.slot);
      batch.push({ entry, prepared, kind: campaign.confirmation && slot?.confirmationMessage ? 'confirmation' : 'delivery' });
      if ((entry.gapAfter ?? 0) > 0) break;
    }
    const final = batch.at(-1)!;
    const last = final.entry.position + 1 >= total;
    gapMs = Math.max((final.entry.gapAfter ?? 0) * 1000, paceMs);
    if (inStep > 0) await untilWallClock(lastAt + paceMs);
    if (cancelled) break;
    const claimedAt = Date.now();
    lastAt = claimedAt + (batch.length - 1) * paceMs;
    const claimed = await claimSends({
      companyId: step.companyId,
      campaignId: campaign.id,
      runId: step.runId,
      whatsappId,
      entries: batch.map(({ entry, kind }, index) => ({
        position: entry.position,
        number: entry.number,
        kind,
        at: new Date(claimedAt + index * paceMs).toISOString(),
      })),
      nextDueAtMs: lastAt + gapMs,
      last,
    });
    if (!claimed) {
      await handOvers.settle();
      if (inStep > 0) return; // cancelled mid-step: what was stored goes, nothing more
      // Another copy of this step won (or the run was cancelled meanwhile): make sure its parts go.
      const now = await getCampaign(step.companyId, step.campaignId);
      if (now && now.status !== 'CANCELADA' && (now.cursor ?? 0) > position) await completeClaimed(now, position);
      return;
    }
    for (const [index, { entry, prepared, kind }] of batch.entries()) {
      await handOvers.add(async () => {
        await untilWallClock(claimedAt + index * paceMs);
        if (cancelled) return;
        try {
          const handOver = await storeEntry(campaign, entry, kind, prepared, { list: fileList }, guardRun);
          await handOver();
        } catch (error) {
          // Cancelled after the claim: this recipient is not stored; the restart sends it.
          if (error instanceof AppError && error.code === 'ERR_CAMPAIGN_STATUS') cancelled = true;
          else throw error;
        }
      });
    }
    inStep += batch.length;
    position = final.entry.position + 1;
    if (last) {
      await handOvers.settle();
      await releaseConnectionLease(step.companyId, whatsappId, campaign.id);
      return;
    }
    const burstGoesOn =
      (final.entry.gapAfter ?? 0) === 0 && inStep < burstLimit && Date.now() - stepStartedAt < stepBudgetMs;
    if (!burstGoesOn) break;
  }
  // The next is armed only once these are with the connector: no backlog of campaign sends.
  await handOvers.settle();
  if (cancelled) return;
  await armSend(step, position, lastAt + gapMs - Date.now());
}

/**
 * The watchdog: while the run is on and has work left, once a minute. A run that made no progress
 * since the last tick and is past due (a lost step, a crash between marking a step armed and
 * queueing it, a connection another campaign held) gets its next step again; copies are harmless
 * (every step is fenced).
 */
async function tick(step: Step<'tick'>): Promise<void> {
  const campaign = await getCampaign(step.companyId, step.campaignId);
  if (!isCurrentRun(campaign, step.runId)) return;
  if (!(await advanceTick(step.companyId, step.campaignId, step.seq))) return;
  const next = nextStepOf(campaign);
  if (!next) return;
  const unchanged =
    (campaign.cursor ?? 0) === step.cursor && (campaign.preparedCount ?? 0) === step.preparedCount;
  if (unchanged && Date.now() > (campaign.nextDueAtMs ?? 0) + stalledAfterMs) await enqueueStep(next);
  await armTick(campaign, step.seq + 1);
}
