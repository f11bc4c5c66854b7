/**
 * The campaigns of /api/campaigns (extended §2.2–2.4, §4, §7), one function per route: the edit
 * rule and the two admin transitions (cancel, restart) are enforced here; the start schedule
 * begins the run and the dispatcher (dispatcher.ts) paces and sends it.
 */
import type {
  CampaignCreateInput,
  CampaignListQuery,
  CampaignUpdateInput,
} from '@atende/shared/entities/campaign';
import { removeMediaQuietly } from '#aws/s3';
import type { Principal } from '#auth/principal';
import {
  cancelRun,
  createCampaign,
  deleteCampaign,
  deleteShippingOf,
  getCampaign,
  listCampaigns,
  releaseConnectionLease,
  updateCampaign,
  type CampaignRecord,
} from '#data/campaigns';
import { contactIdsWithTag } from '#data/campaign-recipients';
import { getContactList, listContactLists, listItemsOfContactList } from '#data/contact-lists';
import { getFileList } from '#data/file-lists';
import { getTag } from '#data/tags';
import { getWhatsapp, listWhatsapps } from '#data/whatsapps';
import { AppError, foundOr } from '#domain/app-error';
import { filledSlots } from '#domain/campaign-messages';
import {
  assertCampaignEditable,
  assertMayCancel,
  assertMayRestart,
  campaignLimitOf,
  campaignDirectStartWindowMs,
  campaignStartScheduleName,
  startProblems,
  statusAfterSave,
} from '#domain/campaign-rules';
import { assertNewTimeNotInPast } from '#domain/future-time';
import { mediaOfUpload } from '#domain/media-rules';
import { matchesSearch, pageOf } from '#domain/paging';
import { companyContext } from '#http/company-context';
import { schedulerPort } from '#homes/adapters';
import { campaignsQueue, enqueueStep } from './dispatch-messages.ts';
import { beginRun } from './dispatcher.ts';
import { publicCampaign, type CampaignRelated } from './serialize.ts';
import { attachmentUrl, replaceAttachment } from '../media/replace-attachment.ts';

const pageSize = 20;

/** Valid contacts of a list that no run has prepared yet (the report before the start). */
async function countValidItems(companyId: number, contactListId: number): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const page = await listItemsOfContactList(companyId, contactListId, cursor, { limit: 500 });
    count += page.items.filter((item) => item.isWhatsappValid === true).length;
    cursor = page.cursor;
  } while (cursor);
  return count;
}

async function relatedOf(campaign: CampaignRecord, withCount: boolean): Promise<CampaignRelated> {
  const [list, whatsapp] = await Promise.all([
    campaign.contactListId ? getContactList(campaign.companyId, campaign.contactListId) : undefined,
    campaign.whatsappId ? getWhatsapp(campaign.companyId, campaign.whatsappId) : undefined,
  ]);
  const validContacts =
    withCount && !campaign.runId && campaign.contactListId
      ? await countValidItems(campaign.companyId, campaign.contactListId)
      : withCount && !campaign.runId && campaign.tagListId
        ? (await contactIdsWithTag(campaign.companyId, campaign.tagListId)).length
        : undefined;
  return {
    ...(list ? { contactList: { id: list.id, name: list.name } } : {}),
    ...(whatsapp ? { whatsapp: { id: whatsapp.id, name: whatsapp.name } } : {}),
    ...(validContacts !== undefined ? { validContacts } : {}),
  };
}

/** A campaign as its screens show it: list and connection names, valid contacts before a run, the media's URL. */
export async function full(campaign: CampaignRecord) {
  return publicCampaign(campaign, await relatedOf(campaign, true), await attachmentUrl(campaign));
}

/** The caller's company's campaign, or ERR_NOT_FOUND. */
export async function campaignOrFail(principal: Principal, id: number): Promise<CampaignRecord> {
  return foundOr(getCampaign(principal.companyId, id));
}

type Input = Partial<CampaignCreateInput>;

/** The references must be the caller's company's own records. */
async function assertOwnReferences(companyId: number, input: Input): Promise<void> {
  const missing = await Promise.all([
    input.contactListId ? getContactList(companyId, input.contactListId).then((r) => !r) : false,
    input.whatsappId ? getWhatsapp(companyId, input.whatsappId).then((r) => !r) : false,
    input.fileListId ? getFileList(companyId, input.fileListId).then((r) => !r) : false,
    input.tagListId ? getTag(companyId, input.tagListId).then((r) => !r) : false,
  ]);
  if (missing.some(Boolean)) throw new AppError('ERR_NOT_FOUND');
}

/** The stored changes of an input: normalised schedule, blanks as removals. */
function changesOf(input: Input) {
  const { status: _ignored, scheduledAt, ...rest } = input;
  return {
    ...rest,
    ...(scheduledAt !== undefined
      ? { scheduledAt: scheduledAt === null ? null : new Date(scheduledAt).toISOString() }
      : {}),
  };
}

/** A campaign about to be scheduled must be able to run. */
function assertStartable(campaign: Partial<CampaignRecord>): void {
  const problems = startProblems({ ...campaign, hasMessage: filledSlots(campaign).length > 0 });
  if (problems.length > 0) throw new AppError('ERR_VALIDATION', { issues: problems });
}

/**
 * The start of a PROGRAMADA campaign: a one-time schedule at scheduledAt (moved by scheduling the
 * same name again), or the queue's delay when it is due within a minute; removed otherwise. The
 * start step carries the schedule it was armed for, so an old one that still fires does nothing.
 */
async function armStart(campaign: CampaignRecord): Promise<void> {
  const scheduler = await schedulerPort();
  const name = campaignStartScheduleName(campaign.companyId, campaign.id);
  if (campaign.status !== 'PROGRAMADA' || !campaign.scheduledAt) {
    await scheduler.cancel(name);
    return;
  }
  const at = new Date(campaign.scheduledAt);
  const step = {
    kind: 'start' as const,
    companyId: campaign.companyId,
    campaignId: campaign.id,
    scheduledAt: campaign.scheduledAt,
  };
  const dueInMs = at.getTime() - Date.now();
  if (dueInMs <= campaignDirectStartWindowMs) {
    await scheduler.cancel(name);
    await enqueueStep(step, dueInMs);
    return;
  }
  await scheduler.schedule({ name, at, queueName: campaignsQueue, body: JSON.stringify(step) });
}

/** GET /campaigns: a page of the company's campaigns, newest first, with list and connection names. */
export async function campaignsPage(companyId: number, query: CampaignListQuery) {
  const [campaigns, lists, whatsapps] = await Promise.all([
    listCampaigns(companyId),
    listContactLists(companyId),
    listWhatsapps(companyId),
  ]);
  const found = campaigns
    .filter((c) => matchesSearch(query.searchParam ?? '', c.name))
    .sort((a, b) => b.id - a.id);
  const page = pageOf(found, query.pageNumber, pageSize);
  const listName = new Map(lists.map((l) => [l.id, l.name]));
  const whatsappName = new Map(whatsapps.map((w) => [w.id, w.name]));
  const records = page.items.map((c) =>
    publicCampaign(c, {
      ...(c.contactListId && listName.has(c.contactListId)
        ? { contactList: { id: c.contactListId, name: listName.get(c.contactListId)! } }
        : {}),
      ...(c.whatsappId && whatsappName.has(c.whatsappId)
        ? { whatsapp: { id: c.whatsappId, name: whatsappName.get(c.whatsappId)! } }
        : {}),
    }),
  );
  return { records, count: page.count, hasMore: page.hasMore };
}

/** POST /campaigns: PROGRAMADA when it has a time (and must then be able to run), within the plan's count. */
export async function createCampaignOf(
  principal: Principal,
  body: CampaignCreateInput,
): Promise<CampaignRecord> {
  const changes = changesOf(body);
  assertNewTimeNotInPast(changes.scheduledAt, undefined, new Date());
  await assertOwnReferences(principal.companyId, body);
  const status = statusAfterSave(undefined, changes.scheduledAt);
  const fields = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null && v !== undefined));
  if (status === 'PROGRAMADA') assertStartable(fields);
  const { plan } = await companyContext(principal.companyId);
  const created = await createCampaign(
    principal.companyId,
    { ...fields, name: body.name, status },
    campaignLimitOf(plan),
  );
  await armStart(created);
  return created;
}

/** PUT /campaigns/{id}: only while editable; its start is armed again for the saved time. */
export async function updateCampaignOf(
  principal: Principal,
  id: number,
  body: CampaignUpdateInput,
): Promise<CampaignRecord> {
  const current = await campaignOrFail(principal, id);
  assertCampaignEditable(current, new Date());
  const changes = changesOf(body);
  assertNewTimeNotInPast(changes.scheduledAt, current.scheduledAt, new Date());
  await assertOwnReferences(principal.companyId, body);
  const scheduledAt = changes.scheduledAt === undefined ? current.scheduledAt : changes.scheduledAt;
  const status = statusAfterSave(current.status, scheduledAt);
  if (status === 'PROGRAMADA') {
    const merged = {
      ...current,
      ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v ?? undefined])),
    };
    assertStartable(merged);
  }
  const updated = await updateCampaign(principal.companyId, current.id, current.status, {
    ...changes,
    status,
  });
  await armStart(updated);
  return updated;
}

/** DELETE /campaigns/{id}: the record, its start, its hold on the connection, its shipping and media. */
export async function deleteCampaignOf(principal: Principal, id: number): Promise<void> {
  const current = await campaignOrFail(principal, id);
  await deleteCampaign(principal.companyId, current.id);
  // Its steps find no campaign and stop; the connection is free for the next one at once.
  await (await schedulerPort()).cancel(campaignStartScheduleName(principal.companyId, current.id));
  if (current.whatsappId) await releaseConnectionLease(principal.companyId, current.whatsappId, current.id);
  await deleteShippingOf(principal.companyId, current.id);
  await removeMediaQuietly(current.mediaKey, 'campaign media');
}

/** POST /campaigns/{id}/cancel: the run stops; the connection is free for the next campaign. */
export async function cancelCampaignOf(principal: Principal, id: number): Promise<CampaignRecord> {
  const current = await campaignOrFail(principal, id);
  assertMayCancel(current);
  if (!(await cancelRun(principal.companyId, current.id))) throw new AppError('ERR_CAMPAIGN_STATUS');
  if (current.whatsappId) await releaseConnectionLease(principal.companyId, current.whatsappId, current.id);
  return campaignOrFail(principal, current.id);
}

/** POST /campaigns/{id}/restart: a cancelled campaign runs again. */
export async function restartCampaignOf(principal: Principal, id: number): Promise<CampaignRecord> {
  const current = await campaignOrFail(principal, id);
  assertMayRestart(current);
  assertStartable(current);
  // A campaign cancelled before its run wrote any recipient starts afresh; otherwise the unsent go.
  if (!(await beginRun(principal.companyId, current.id, { status: 'CANCELADA' })))
    throw new AppError('ERR_CAMPAIGN_STATUS');
  return campaignOrFail(principal, current.id);
}

/** POST /campaigns/{id}/media-upload: the attachment replaced, its type from its bytes. */
export async function attachCampaignMedia(
  principal: Principal,
  id: number,
  file: { filename: string; content: Buffer; mimetype: string },
): Promise<CampaignRecord> {
  const current = await campaignOrFail(principal, id);
  assertCampaignEditable(current, new Date());
  // The type comes from the bytes (docs/security.md, "Media"), not the browser's claim.
  const { mimetype } = await mediaOfUpload(file.content, file.mimetype);
  return replaceAttachment(
    {
      key: `c${principal.companyId}/campaigns/${current.id}/${Date.now()}`,
      file,
      mimetype,
      defaultName: 'archivo',
      previousKey: current.mediaKey,
      what: 'campaign media',
    },
    (media) => updateCampaign(principal.companyId, current.id, current.status, media),
  );
}

/** DELETE /campaigns/{id}/media-upload: the attachment removed (nothing to do without one). */
export async function removeCampaignMedia(principal: Principal, id: number): Promise<CampaignRecord> {
  const current = await campaignOrFail(principal, id);
  assertCampaignEditable(current, new Date());
  if (!current.mediaKey) return current;
  const updated = await updateCampaign(principal.companyId, current.id, current.status, {
    mediaKey: null,
    mediaName: null,
    mediaMimetype: null,
    mediaSize: null,
  });
  await removeMediaQuietly(current.mediaKey, 'campaign media');
  return updated;
}
