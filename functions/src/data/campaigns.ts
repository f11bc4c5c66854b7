import type { EntityItem } from 'electrodb';
import { AppError } from '#domain/app-error';
import {
  campaignConfirmationEntity,
  campaignEntity,
  campaignLeaseEntity,
  campaignShippingEntity,
} from './campaign-entity.ts';
import { companyEntity } from './company-entity.ts';
import { entityPages } from './paged-query.ts';
import { nextId } from './ids.ts';
import { isConditionFailure, writtenIf } from './sessions.ts';
import { writeAll, type TransactionWriter } from './transaction.ts';
import { companyItemReads } from './company-items.ts';

/** Campaigns, their shipping entries, the per-connection lease and pending confirmations (AP-CA-*). */

export type CampaignRecord = EntityItem<typeof campaignEntity>;
export type ShippingRecord = EntityItem<typeof campaignShippingEntity>;
export type CampaignStatusValue = CampaignRecord['status'];

/** The fields an admin edits (extended §3). */
export type CampaignFields = Partial<
  Pick<
    CampaignRecord,
    | 'name'
    | 'confirmation'
    | 'contactListId'
    | 'tagListId'
    | 'whatsappId'
    | 'fileListId'
    | 'scheduledAt'
    | 'message1'
    | 'message2'
    | 'message3'
    | 'message4'
    | 'message5'
    | 'confirmationMessage1'
    | 'confirmationMessage2'
    | 'confirmationMessage3'
    | 'confirmationMessage4'
    | 'confirmationMessage5'
    | 'mediaKey'
    | 'mediaName'
    | 'mediaMimetype'
    | 'mediaSize'
  >
>;

const dispatchEntities = {
  campaign: campaignEntity,
  shipping: campaignShippingEntity,
  confirmation: campaignConfirmationEntity,
};

/** Runs a transaction; false when one of its conditions failed (the step lost a race or is stale). */
async function conditional(
  write: Parameters<typeof writeAll<typeof dispatchEntities>>[1],
  items: number,
): Promise<boolean> {
  try {
    await writeAll(
      dispatchEntities,
      write,
      Array<'ERR_CAMPAIGN_STATUS'>(items).fill('ERR_CAMPAIGN_STATUS'),
      'ERR_RECORD_CONFLICT',
    );
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_CAMPAIGN_STATUS') return false;
    throw error;
  }
}

const campaignReads = companyItemReads(campaignEntity);

/** AP-CA-1: a campaign by id (consistent: the dispatcher decides on it). */
export const getCampaign = campaignReads.get;

/** AP-CA-2: every campaign of a company (`sk begins_with CAMPAIGN#`); a bounded set, paged in memory. */
export const listCampaigns = campaignReads.list;

/**
 * AP-CA-3: create a campaign and count it on the company (`campaignCount + 1`, only while below
 * the plan's limit when it has one), in one transaction. A company older than the count is
 * counted first (countCampaignsOnce), so its earlier campaigns weigh on the limit too.
 */
export async function createCampaign(
  companyId: number,
  fields: CampaignFields & { name: string; status: CampaignStatusValue },
  limit: number | null,
): Promise<CampaignRecord> {
  const id = await nextId({ companyId }, 'campaign');
  for (let attempt = 1; ; attempt += 1) {
    try {
      await writeAll(
        { campaign: campaignEntity, company: companyEntity },
        ({ campaign, company }) => [
          campaign.create({ companyId, id, ...fields }).commit(),
          company
            .update({ id: companyId })
            .add({ campaignCount: 1 })
            .where(({ campaignCount }, { exists, lt }) =>
              limit === null
                ? exists(campaignCount)
                : `${exists(campaignCount)} AND ${lt(campaignCount, limit)}`,
            )
            .commit(),
        ],
        ['ERR_INTERNAL', 'ERR_CAMPAIGN_LIMIT_REACHED'],
        'ERR_RECORD_CONFLICT',
      );
      break;
    } catch (error) {
      const uncounted =
        attempt === 1 &&
        error instanceof AppError &&
        error.code === 'ERR_CAMPAIGN_LIMIT_REACHED' &&
        (await countCampaignsOnce(companyId));
      if (!uncounted) throw error;
    }
  }
  const created = await getCampaign(companyId, id);
  if (!created) throw new Error(`campaign ${companyId}/${id} vanished after creation`);
  return created;
}

/**
 * Gives a company older than `campaignCount` its count, from its campaigns (AP-CA-2, one
 * partition's query), only if no count exists yet. Answers false when it already had one. No
 * campaign can be created meanwhile (creation needs the count); a deletion meanwhile leaves the
 * count one too high, on the side of refusing.
 */
async function countCampaignsOnce(companyId: number): Promise<boolean> {
  const { data: company } = await companyEntity.get({ id: companyId }).go({ consistent: true });
  if (!company || typeof company.campaignCount === 'number') return false;
  const held = (await listCampaigns(companyId)).length;
  try {
    await companyEntity
      .patch({ id: companyId })
      .set({ campaignCount: held })
      .where(({ campaignCount }, { notExists }) => notExists(campaignCount))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return true;
}

/**
 * AP-CA-4: change a campaign whose status is still `expectedStatus` (the schedule may have just
 * started it): ERR_CAMPAIGN_NOT_EDITABLE when it moved on, ERR_NOT_FOUND when it is gone.
 * Fields set to null are removed.
 */
export async function updateCampaign(
  companyId: number,
  id: number,
  expectedStatus: CampaignStatusValue,
  changes: { [K in keyof CampaignFields]?: CampaignFields[K] | null } & { status?: CampaignStatusValue },
): Promise<CampaignRecord> {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  try {
    const base = campaignEntity.patch({ companyId, id }).set(set as Partial<CampaignRecord>);
    const patch = (remove.length > 0 ? base.remove(remove as never) : base).where(({ status }, { eq }) =>
      eq(status, expectedStatus),
    );
    const { data } = await patch.go({ response: 'all_new' });
    return data as CampaignRecord;
  } catch (error) {
    if (isConditionFailure(error)) {
      if (await getCampaign(companyId, id)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
      throw new AppError('ERR_NOT_FOUND');
    }
    throw error;
  }
}

/**
 * AP-CA-5: delete a campaign (404 when gone) and uncount it, in one transaction. A company not
 * yet counted (older than the count) is left uncounted, checked in the same transaction.
 */
export async function deleteCampaign(companyId: number, id: number): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const { data: company } = await companyEntity.get({ id: companyId }).go({ consistent: true });
    const counted = typeof company?.campaignCount === 'number';
    try {
      await writeAll(
        { campaign: campaignEntity, company: companyEntity },
        ({ campaign, company: companies }) => [
          campaign
            .delete({ companyId, id })
            .where(({ id: existing }, { exists }) => exists(existing))
            .commit(),
          counted
            ? companies
                .update({ id: companyId })
                .subtract({ campaignCount: 1 })
                .where(({ campaignCount }, { exists }) => exists(campaignCount))
                .commit()
            : companies
                .check({ id: companyId })
                .where(({ campaignCount }, { notExists }) => notExists(campaignCount))
                .commit(),
        ],
        ['ERR_NOT_FOUND', 'ERR_RECORD_CONFLICT'],
        'ERR_RECORD_CONFLICT',
      );
      return;
    } catch (error) {
      // The count appeared (or went) between the read and the write: read it again.
      if (error instanceof AppError && error.code === 'ERR_RECORD_CONFLICT' && attempt < 3) continue;
      throw error;
    }
  }
}

/** AP-CA-6: delete a campaign's shipping entries, a page at a time. */
export async function deleteShippingOf(companyId: number, campaignId: number): Promise<void> {
  const pages = entityPages((cursor) =>
    campaignShippingEntity.query
      .byPosition({ companyId, campaignId })
      .go({ cursor, count: 100, attributes: ['companyId', 'campaignId', 'position'] }),
  );
  for await (const entries of pages) {
    if (entries.length > 0) {
      await campaignShippingEntity.delete(entries.map((entry) => ({ companyId, campaignId, position: entry.position }))).go();
    }
  }
}

/**
 * AP-CA-7: a run starts (PROGRAMADA at the schedule the start message carries → EM_ANDAMENTO,
 * or CANCELADA → EM_ANDAMENTO on restart). False when the campaign is not in that state.
 */
export async function startRun(
  companyId: number,
  id: number,
  from: { status: 'PROGRAMADA'; scheduledAt: string } | { status: 'CANCELADA' },
  run: { runId: string; settingsJson?: string; fresh: boolean },
): Promise<boolean> {
  const fresh = run.fresh
    ? {
        preparedCount: 0,
        prepared: false,
        cursor: 0,
        deliveries: 0,
        failures: 0,
        confirmationRequests: 0,
        confirmations: 0,
        validContacts: 0,
        recipientsIndexed: true,
      }
    : {};
  return writtenIf(() =>
    campaignEntity
      .patch({ companyId, id })
      .set({
        status: 'EM_ANDAMENTO',
        runId: run.runId,
        nextDueAtMs: 0,
        ...(run.settingsJson ? { settingsJson: run.settingsJson } : {}),
        ...fresh,
      })
      .remove(
        run.fresh ? ['completedAt', 'prepareCursor', 'armedPosition'] : ['completedAt', 'armedPosition'],
      )
      .where(({ status, scheduledAt }, { eq }) =>
        from.status === 'PROGRAMADA'
          ? `${eq(status, 'PROGRAMADA')} AND ${eq(scheduledAt, from.scheduledAt)}`
          : eq(status, 'CANCELADA'),
      )
      .go(),
  );
}

/** AP-CA-8: cancel a running campaign. False when it is not running. */
export async function cancelRun(companyId: number, id: number): Promise<boolean> {
  return writtenIf(() =>
    campaignEntity
      .patch({ companyId, id })
      .set({ status: 'CANCELADA' })
      .where(({ status }, { eq }) => eq(status, 'EM_ANDAMENTO'))
      .go(),
  );
}

/**
 * AP-CA-9: write a page of shipping entries; an entry already written is left as it is. Each is
 * `pending` (or `notOnWhatsapp`, for the list items the run skips) and ranked by its position.
 */
export async function putShippingEntries(
  entries: (Omit<
    ShippingRecord,
    'deliveredAt' | 'confirmationRequestedAt' | 'confirmedAt' | 'recipientState' | 'rank'
  > & { recipientState?: 'pending' | 'notOnWhatsapp' })[],
): Promise<void> {
  await Promise.all(
    entries.map(async (entry) => {
      try {
        await campaignShippingEntity
          .create({ ...entry, recipientState: entry.recipientState ?? 'pending', rank: entry.position })
          .go();
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }),
  );
}

/**
 * AP-CA-10: record a preparation step: the run's recipients so far, fenced on the count the step
 * started from so a repeated step counts nothing twice. `done`: the list is exhausted.
 */
export async function recordPrepared(
  companyId: number,
  id: number,
  step: { runId: string; from: number; to: number; cursor: string | null; done: boolean },
): Promise<boolean> {
  const base = campaignEntity.patch({ companyId, id }).set({
    preparedCount: step.to,
    validContacts: step.to,
    prepared: step.done,
    nextDueAtMs: 0,
    ...(step.cursor ? { prepareCursor: step.cursor } : {}),
  });
  const patch = (step.cursor ? base : base.remove(['prepareCursor'])).where(
    ({ status, runId, preparedCount }, { eq }) =>
      `${eq(status, 'EM_ANDAMENTO')} AND ${eq(runId, step.runId)} AND ${eq(preparedCount, step.from)}`,
  );
  return writtenIf(() => patch.go());
}

/** AP-CA-11: one shipping entry. */
export async function getShipping(
  companyId: number,
  campaignId: number,
  position: number,
): Promise<ShippingRecord | undefined> {
  const { data } = await campaignShippingEntity
    .get({ companyId, campaignId, position })
    .go({ consistent: true });
  return data ?? undefined;
}

/**
 * AP-CA-11b: the shipping entries at `positions` (one consistent BatchGet per 100), for the
 * recipients a send step reads ahead. Missing positions are absent from the answer.
 */
export async function getShippingAt(
  companyId: number,
  campaignId: number,
  positions: readonly number[],
): Promise<Map<number, ShippingRecord>> {
  if (positions.length === 0) return new Map();
  const { data } = await campaignShippingEntity
    .get(positions.map((position) => ({ companyId, campaignId, position })))
    .go({ consistent: true, concurrency: 4 });
  return new Map(data.map((entry) => [entry.position, entry]));
}

/**
 * AP-CA-12: claim consecutive recipients of a run in one transaction (issue #26: several in
 * flight per connection): each entry gets its instant (deliveredAt, or confirmationRequestedAt
 * and its pending confirmation) only if it has none, and the campaign's cursor moves from the
 * first position past the last only if the run is still on and the cursor is at the first
 * position. The counters grow by what was claimed; the run ends when the last recipient is a
 * delivery. False when any condition failed (cancelled, another copy of the step won): nothing
 * is written then. Positions must be consecutive and their numbers distinct.
 */
export async function claimSends(claim: {
  companyId: number;
  campaignId: number;
  runId: string;
  whatsappId: number;
  entries: { position: number; number: string; kind: 'delivery' | 'confirmation'; at: string }[];
  nextDueAtMs: number;
  /** The batch ends with the run's last recipient. */
  last: boolean;
}): Promise<boolean> {
  const { companyId, campaignId, entries } = claim;
  const first = entries[0];
  const final = entries.at(-1);
  if (!first || !final) return false;
  const deliveries = entries.filter((entry) => entry.kind === 'delivery').length;
  const confirmations = entries.length - deliveries;
  const finishes = claim.last && final.kind === 'delivery';
  return conditional(
    ({ campaign, shipping, confirmation }) => [
      ...entries.flatMap((entry) => [
        shipping
          .patch({ companyId, campaignId, position: entry.position })
          .set(
            entry.kind === 'delivery'
              ? { deliveredAt: entry.at, recipientState: 'delivered', rank: entry.position }
              : {
                  confirmationRequestedAt: entry.at,
                  recipientState: 'awaitingConfirmation',
                  rank: entry.position,
                },
          )
          .where(
            ({ deliveredAt, confirmationRequestedAt }, { notExists }) =>
              `${notExists(deliveredAt)} AND ${notExists(confirmationRequestedAt)}`,
          )
          .commit(),
        ...(entry.kind === 'delivery'
          ? []
          : [
              confirmation
                .put({
                  companyId,
                  whatsappId: claim.whatsappId,
                  number: entry.number,
                  campaignId,
                  position: entry.position,
                })
                .commit(),
            ]),
      ]),
      campaign
        .patch({ companyId, id: campaignId })
        .set({
          cursor: final.position + 1,
          nextDueAtMs: claim.nextDueAtMs,
          ...(finishes ? { status: 'FINALIZADA' as const, completedAt: final.at } : {}),
        })
        .add({
          ...(deliveries > 0 ? { deliveries } : {}),
          ...(confirmations > 0 ? { confirmationRequests: confirmations } : {}),
        })
        .where(
          ({ status, runId, cursor }, { eq }) =>
            `${eq(status, 'EM_ANDAMENTO')} AND ${eq(runId, claim.runId)} AND ${eq(cursor, first.position)}`,
        )
        .commit(),
    ],
    entries.length + confirmations + 1,
  );
}

/**
 * A transaction item that holds only while the campaign's run `runId` has not been cancelled (it
 * may have finished: its last claim ends it while the claimed ones are still being stored). The
 * dispatcher's stores carry it, so nothing claimed is stored once a cancel is written (issue #26).
 */
export interface CampaignRunGuard {
  companyId: number;
  campaignId: number;
  runId: string;
}

export function campaignRunCheck(
  campaign: TransactionWriter<typeof campaignEntity>,
  guard: CampaignRunGuard,
) {
  return campaign
    .check({ companyId: guard.companyId, id: guard.campaignId })
    .where(({ status, runId }, { eq, ne }) => `${eq(runId, guard.runId)} AND ${ne(status, 'CANCELADA')}`)
    .commit();
}

/** AP-CA-13: the confirmation waiting for a number's answer on a connection, if any. */
export async function getPendingConfirmation(companyId: number, whatsappId: number, number: string) {
  const { data } = await campaignConfirmationEntity
    .get({ companyId, whatsappId, number })
    .go({ consistent: true });
  return data ?? undefined;
}

/**
 * AP-CA-14: the customer answered a confirmation: the entry gets confirmedAt and deliveredAt
 * (once) and the counters grow, only while the campaign runs. The pending confirmation is
 * deleted after the message went (AP-CA-15), so a retried answer finishes a half-done one.
 */
export async function claimConfirmedDelivery(
  companyId: number,
  pending: { campaignId: number; position: number },
  at: string,
): Promise<boolean> {
  const { campaignId, position } = pending;
  return conditional(
    ({ campaign, shipping }) => [
      shipping
        .patch({ companyId, campaignId, position })
        .set({ confirmedAt: at, deliveredAt: at, recipientState: 'confirmed', rank: position })
        .where(
          ({ deliveredAt, confirmationRequestedAt }, { exists, notExists }) =>
            `${exists(confirmationRequestedAt)} AND ${notExists(deliveredAt)}`,
        )
        .commit(),
      campaign
        .patch({ companyId, id: campaignId })
        .add({ deliveries: 1, confirmations: 1 })
        .where(({ status }, { eq }) => eq(status, 'EM_ANDAMENTO'))
        .commit(),
    ],
    2,
  );
}

/** AP-CA-15: drop a pending confirmation that can no longer be honoured. */
export async function deletePendingConfirmation(
  companyId: number,
  whatsappId: number,
  number: string,
): Promise<void> {
  await campaignConfirmationEntity.delete({ companyId, whatsappId, number }).go();
}

/**
 * AP-CA-16: a running, fully prepared campaign whose every recipient is delivered becomes
 * FINALIZADA (fenced on the delivery count it read, so a later delivery cannot be lost to it).
 */
export async function finishIfAllDelivered(companyId: number, id: number, at: string): Promise<boolean> {
  const campaign = await getCampaign(companyId, id);
  if (!campaign || campaign.status !== 'EM_ANDAMENTO' || !campaign.prepared) return false;
  if ((campaign.deliveries ?? 0) < (campaign.preparedCount ?? 0)) return false;
  return writtenIf(() =>
    campaignEntity
      .patch({ companyId, id })
      .set({ status: 'FINALIZADA', completedAt: at })
      .where(
        ({ status, deliveries }, { eq }) =>
          `${eq(status, 'EM_ANDAMENTO')} AND ${eq(deliveries, campaign.deliveries ?? 0)}`,
      )
      .go(),
  );
}

/**
 * AP-CA-22: mark the send step at `position` of a run as armed (put on the queue), raising
 * armedPosition. False when a step at or past `position` was armed already: the caller does not
 * arm it again, so a redelivered send step and the step it redelivers arm the next step once.
 * Not fenced on the status: the armed step of a cancelled run still frees its connection.
 */
export async function markSendArmed(
  companyId: number,
  id: number,
  runId: string,
  position: number,
): Promise<boolean> {
  return writtenIf(() =>
    campaignEntity
      .patch({ companyId, id })
      .set({ armedPosition: position })
      .where(
        ({ runId: run, armedPosition }, { eq, notExists, lt }) =>
          `${eq(run, runId)} AND (${notExists(armedPosition)} OR ${lt(armedPosition, position)})`,
      )
      .go(),
  );
}

/** AP-CA-17: advance the watchdog's fence from `seq`; false for a repeated tick. */
export async function advanceTick(companyId: number, id: number, seq: number): Promise<boolean> {
  return writtenIf(() =>
    campaignEntity
      .patch({ companyId, id })
      .set({ tickSeq: seq + 1 })
      .where(({ tickSeq }, { eq }) => eq(tickSeq, seq))
      .go(),
  );
}

/**
 * AP-CA-18: take or renew a connection's campaign lease: free, expired, or already this
 * campaign's. False while another campaign sends on the connection.
 */
export async function takeConnectionLease(
  companyId: number,
  whatsappId: number,
  campaignId: number,
  nowMs: number,
  forMs: number,
): Promise<boolean> {
  return writtenIf(() =>
    campaignLeaseEntity
      .upsert({ companyId, whatsappId, campaignId, expiresAtMs: nowMs + forMs })
      .where(
        ({ campaignId: holder, expiresAtMs }, { eq, notExists, lt }) =>
          `${notExists(holder)} OR ${eq(holder, campaignId)} OR ${lt(expiresAtMs, nowMs)}`,
      )
      .go(),
  );
}

/** AP-CA-19: release a connection's lease if this campaign holds it. */
export async function releaseConnectionLease(
  companyId: number,
  whatsappId: number,
  campaignId: number,
): Promise<void> {
  try {
    await campaignLeaseEntity
      .delete({ companyId, whatsappId })
      .where(({ campaignId: holder }, { eq }) => eq(holder, campaignId))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** What the report shows of a recipient, read from its entry (AP-CA-24). */
export type RecipientEntry = Pick<
  ShippingRecord,
  | 'position'
  | 'name'
  | 'number'
  | 'confirmationRequestedAt'
  | 'deliveredAt'
  | 'confirmedAt'
  | 'recipientState'
  | 'failedAt'
  | 'failureReason'
>;

const recipientAttributes = [
  'position',
  'name',
  'number',
  'confirmationRequestedAt',
  'deliveredAt',
  'confirmedAt',
  'recipientState',
  'failedAt',
  'failureReason',
] as const;

/**
 * AP-CA-24: a campaign's recipients, of one state (gsi1) or all (gsi2), in send order, up to
 * `limit` from `cursor`. Only for campaigns whose run wrote indexed entries (recipientsIndexed).
 */
export async function listCampaignRecipients(
  companyId: number,
  campaignId: number,
  recipientState: ShippingRecord['recipientState'],
  cursor: string | null,
  limit: number,
): Promise<{ entries: RecipientEntry[]; cursor: string | null }> {
  // `limit` (DynamoDB's Limit, pages followed until reached), not `count`, which reads whole 1 MB
  // pages and cuts them: page 1 of a 10,000-recipient campaign read them all (docs/decisions.md).
  const options = { cursor, limit, attributes: [...recipientAttributes] };
  const page = recipientState
    ? await campaignShippingEntity.query
        .byRecipientState({ companyId, campaignId, recipientState })
        .go(options)
    : await campaignShippingEntity.query.byRecipientRank({ companyId, campaignId }).go(options);
  return { entries: page.data, cursor: page.cursor };
}

/**
 * AP-CA-25: every entry of a campaign through the table (`sk begins_with CAMPSHIP#<id>#`), for
 * a campaign whose entries predate the recipients indexes (read whole: a bounded set).
 */
export async function allShippingOf(companyId: number, campaignId: number): Promise<RecipientEntry[]> {
  const { data } = await campaignShippingEntity.query
    .byPosition({ companyId, campaignId })
    .go({ pages: 'all', attributes: [...recipientAttributes] });
  return data;
}

/**
 * AP-CA-26: a recipient whose send the connector refused is `failed`, with its reason: once, and
 * only an entry that was sent (delivered, asked to confirm, or confirmed), with the campaign's
 * `failures` counted in the same transaction (the report's deliveries leave them out; the run's
 * own counters, which end it, are left as they are). False when it was not such an entry (or
 * already failed).
 */
export async function markRecipientFailed(
  companyId: number,
  campaignId: number,
  position: number,
  failure: { reason: NonNullable<ShippingRecord['failureReason']>; at: string },
): Promise<boolean> {
  return conditional(
    ({ campaign, shipping }) => [
      shipping
        .patch({ companyId, campaignId, position })
        .set({
          recipientState: 'failed',
          failedAt: failure.at,
          failureReason: failure.reason,
          rank: position,
        })
        .where(
          ({ recipientState, deliveredAt, confirmationRequestedAt }, { exists, ne }) =>
            `${ne(recipientState, 'failed')} AND (${exists(deliveredAt)} OR ${exists(confirmationRequestedAt)})`,
        )
        .commit(),
      campaign
        .update({ companyId, id: campaignId })
        .add({ failures: 1 })
        .where(({ id }, { exists }) => exists(id))
        .commit(),
    ],
    2,
  );
}
