import type { EntityItem } from 'electrodb';
import { webhookLimits, type WebhookEvent } from '@atende/shared/entities/webhook';
import { companyItemReads, createCompanyItem, orNotFound } from './company-items.ts';
import { isConditionFailure, writtenIf } from './sessions.ts';
import { webhookDeliveryEntity } from './webhook-delivery-entity.ts';
import { webhookEntity } from './webhook-entity.ts';

export type WebhookRecord = EntityItem<typeof webhookEntity>;
export type WebhookDeliveryRecord = EntityItem<typeof webhookDeliveryEntity>;

const webhookReads = companyItemReads(webhookEntity);

/** AP-WH-1: a webhook by id. */
export const getWebhook = webhookReads.get;

/** AP-WH-2: every webhook of a company (`pk = C#<companyId>`, `sk begins_with WEBHOOK#`; at most webhookLimits.perCompany). */
export const listWebhooks = webhookReads.list;

/** AP-WH-3: create a webhook. */
export async function createWebhook(
  companyId: number,
  fields: {
    name: string;
    url: string;
    events: WebhookEvent[];
    enabled: boolean;
    secret: string;
    secretHint: string;
  },
): Promise<WebhookRecord> {
  return createCompanyItem(webhookEntity, 'webhook', companyId, fields);
}

/** The failure bookkeeping a re-enable clears (AP-WH-4). */
export const webhookFailureFields = ['failingSince', 'disabledAt', 'disabledReason'] as const;

/**
 * AP-WH-4: change a webhook that exists (404 when it is gone); the secret only through rotation.
 * `clearFailures` removes the failure bookkeeping (an admin enabled it again).
 */
export async function updateWebhook(
  companyId: number,
  id: number,
  changes: Partial<Pick<WebhookRecord, 'name' | 'url' | 'events' | 'enabled' | 'secret' | 'secretHint'>>,
  clearFailures = false,
): Promise<WebhookRecord> {
  let patch = webhookEntity.patch({ companyId, id }).set(changes);
  if (clearFailures) patch = patch.remove([...webhookFailureFields]);
  const { data } = await orNotFound(() => patch.go({ response: 'all_new' }));
  return data as WebhookRecord;
}

/** AP-WH-5: delete a webhook (404 when already gone). Its deliveries expire on their own. */
export async function deleteWebhook(companyId: number, id: number): Promise<void> {
  await orNotFound(() =>
    webhookEntity
      .delete({ companyId, id })
      .where(({ id: existing }, { exists }) => exists(existing))
      .go(),
  );
}

export function deliveryExpiry(now = Date.now()): number {
  return Math.floor(now / 1000) + webhookLimits.deliveryDays * 86_400;
}

/**
 * AP-WH-6: record a delivery to make, once: a conditional put on its id, so a stream batch that
 * is delivered again creates nothing twice. Answers whether this call created it.
 */
export async function createDelivery(
  delivery: Pick<
    WebhookDeliveryRecord,
    'companyId' | 'webhookId' | 'id' | 'event' | 'eventId' | 'payload'
  > & { replayOf?: string },
): Promise<boolean> {
  return writtenIf(() =>
    webhookDeliveryEntity
      .create({ ...delivery, status: 'pending', attempts: 0, expiresAt: deliveryExpiry() })
      .go(),
  );
}

const live = (delivery: WebhookDeliveryRecord | null | undefined) =>
  delivery && delivery.expiresAt > Math.floor(Date.now() / 1000) ? delivery : undefined;

/** AP-WH-7: one delivery of a webhook; an expired one is gone (DynamoDB Local keeps it). */
export async function getDelivery(
  companyId: number,
  webhookId: number,
  id: string,
): Promise<WebhookDeliveryRecord | undefined> {
  const { data } = await webhookDeliveryEntity.get({ companyId, webhookId, id }).go({ consistent: true });
  return live(data);
}

/**
 * AP-WH-8: a webhook's deliveries, newest first, a page at a time: `pk = C#<companyId>#WHD`,
 * `sk begins_with W#<webhookId>#D#` (below the cursor's key), expired ones filtered out.
 */
export async function listDeliveries(
  companyId: number,
  webhookId: number,
  cursor: string | undefined,
): Promise<{ deliveries: WebhookDeliveryRecord[]; hasMore: boolean }> {
  const now = Math.floor(Date.now() / 1000);
  const base = webhookDeliveryEntity.query.byWebhook({ companyId, webhookId });
  const query = cursor ? base.lt({ id: cursor }) : base;
  const { data } = await query
    .where(({ expiresAt }, { gt }) => gt(expiresAt, now))
    .go({ order: 'desc', limit: webhookLimits.deliveriesPageSize + 1 });
  return {
    deliveries: data.slice(0, webhookLimits.deliveriesPageSize),
    hasMore: data.length > webhookLimits.deliveriesPageSize,
  };
}

/**
 * AP-WH-9: claim attempt `attempt` of a delivery: `attempts` moves from attempt-1 to attempt only
 * once, so a queue message delivered twice makes one HTTP call. Undefined when another took it.
 */
export async function claimAttempt(
  companyId: number,
  webhookId: number,
  id: string,
  attempt: number,
): Promise<WebhookDeliveryRecord | undefined> {
  try {
    const { data } = await webhookDeliveryEntity
      .patch({ companyId, webhookId, id })
      .set({ attempts: attempt })
      .where(({ attempts }, { eq }) => eq(attempts, attempt - 1))
      .go({ response: 'all_new' });
    return data as WebhookDeliveryRecord;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * AP-WH-10: the outcome of attempt `attempt` (status, answer, latency, why it failed, next
 * attempt), written only while that attempt is still the delivery's latest: a slow attempt whose
 * retry already ran must not put its "retrying" over the retry's own outcome. False when a newer
 * attempt has claimed the delivery (nothing written).
 */
export async function recordAttempt(
  companyId: number,
  webhookId: number,
  id: string,
  attempt: number,
  outcome: Pick<WebhookDeliveryRecord, 'status'> & {
    responseStatus?: number;
    latencyMs?: number;
    error?: string;
    nextAttemptAt?: string;
  },
): Promise<boolean> {
  const cleared = (['responseStatus', 'latencyMs', 'error', 'nextAttemptAt'] as const).filter(
    (field) => outcome[field] === undefined,
  );
  let patch = webhookDeliveryEntity
    .patch({ companyId, webhookId, id })
    .set(
      Object.fromEntries(
        Object.entries(outcome).filter(([, value]) => value !== undefined),
      ) as typeof outcome,
    );
  if (cleared.length > 0) patch = patch.remove(cleared);
  const current = patch.where(({ attempts }, { eq }) => eq(attempts, attempt));
  return writtenIf(() => current.go());
}

/**
 * AP-WH-11: a failed attempt starts its webhook's streak of failures: `failingSince` is set only
 * when absent (a concurrent failure that set it first wins; this one changes nothing).
 */
export async function startFailingStreak(companyId: number, id: number, at: string): Promise<void> {
  await writtenIf(() =>
    webhookEntity
      .patch({ companyId, id })
      .set({ failingSince: at })
      .where(({ failingSince }, { notExists }) => notExists(failingSince))
      .go(),
  );
}

/** AP-WH-12: a delivered attempt ends the streak (only when one is recorded: no write otherwise). */
export async function endFailingStreak(companyId: number, id: number): Promise<void> {
  await writtenIf(() =>
    webhookEntity
      .patch({ companyId, id })
      .remove(['failingSince'])
      .where(({ failingSince }, { exists }) => exists(failingSince))
      .go(),
  );
}

/**
 * AP-WH-13: disable a webhook whose streak began at `failingSince`: only while it is enabled and
 * still on that streak, so of concurrent failing attempts exactly one wins. Answers whether this
 * call disabled it (the winner tells the admins).
 */
export async function disableFailingWebhook(
  companyId: number,
  id: number,
  failingSince: string,
  at: string,
): Promise<WebhookRecord | undefined> {
  try {
    const { data } = await webhookEntity
      .patch({ companyId, id })
      .set({ enabled: false, disabledAt: at, disabledReason: 'failing' })
      .where(
        ({ enabled, failingSince: since }, { eq }) => `${eq(enabled, true)} AND ${eq(since, failingSince)}`,
      )
      .go({ response: 'all_new' });
    return data as WebhookRecord;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
