import * as z from 'zod';
import {
  campaignCreateInputSchema,
  campaignListQuerySchema,
  campaignUpdateInputSchema,
  type CampaignCreateInput,
} from '@atende/shared/entities/campaign';
import {
  campaignRecipientsExportQuerySchema,
  campaignRecipientsQuerySchema,
  campaignRecipientsCsvExport,
} from '@atende/shared/entities/campaign-recipient';
import { idPathSchema } from '@atende/shared/fields';
import { limits } from '@atende/shared/constants';
import { validationMessages as msg } from '@atende/shared/validation-messages';
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
import { restModule } from '#http/rest-module';
import { oneFile, uploadedFileSchema } from '#http/uploaded-file';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { recipientCsvLines, recipientsPage } from './recipients.ts';
import { schedulerPort } from '#homes/adapters';
import { campaignsQueue, enqueueStep } from './dispatch-messages.ts';
import { beginRun } from './dispatcher.ts';
import { publicCampaign, type CampaignRelated } from './serialize.ts';
import { attachmentUrl, replaceAttachment } from '../media/replace-attachment.ts';

const pageSize = 20;

const mediaUploadSchema = z.object({
  file: oneFile(uploadedFileSchema),
  typeArch: z.string().max(limits.shortTextMax, msg.tooLong).optional(),
});

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

async function full(campaign: CampaignRecord) {
  return publicCampaign(campaign, await relatedOf(campaign, true), await attachmentUrl(campaign));
}

async function campaignOrFail(principal: Principal, id: number): Promise<CampaignRecord> {
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

const admin = { access: 'admin', feature: 'useCampaigns' } as const;

/**
 * /api/campaigns (extended §2.2–2.4, §4, §7): campaigns of the caller's company, for admins of a
 * plan with campaigns. The server enforces the edit rule and the two admin transitions (cancel,
 * restart); the schedule starts the run and the dispatcher (dispatcher.ts) paces and sends it.
 */
/** Five messages and five confirmations of up to 10,000 characters each: more than the default cap. */
const campaignBodyMaxBytes = 512 * 1024;

export const handler = restModule([
  route({
    method: 'GET',
    path: '/campaigns',
    ...admin,
    query: campaignListQuerySchema,
    handler: async ({ principal, query }) => {
      const [campaigns, lists, whatsapps] = await Promise.all([
        listCampaigns(principal.companyId),
        listContactLists(principal.companyId),
        listWhatsapps(principal.companyId),
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
    },
  }),
  route({
    method: 'GET',
    path: '/campaigns/{id}',
    ...admin,
    params: idPathSchema,
    handler: async ({ principal, params }) => full(await campaignOrFail(principal, params.id)),
  }),
  route({
    method: 'GET',
    path: '/campaigns/{id}/recipients',
    ...admin,
    params: idPathSchema,
    query: campaignRecipientsQuerySchema,
    handler: async ({ principal, params, query }) => {
      return recipientsPage(await campaignOrFail(principal, params.id), query.state, query.pageNumber);
    },
  }),
  route({
    method: 'GET',
    path: '/campaigns/{id}/recipients/export',
    ...admin,
    params: idPathSchema,
    query: campaignRecipientsExportQuerySchema,
    handler: async ({ principal, params, query }) => {
      const lines = await recipientCsvLines(await campaignOrFail(principal, params.id), query.state);
      return new HttpAnswer(200, undefined, {
        headers: {
          'content-disposition': `attachment; filename="${campaignRecipientsCsvExport.filename}"`,
        },
        raw: { content: `${lines.join('\n')}\n`, contentType: 'text/csv; charset=utf-8' },
      });
    },
  }),
  route({
    method: 'POST',
    path: '/campaigns',
    ...admin,
    maxBodyBytes: campaignBodyMaxBytes,
    body: campaignCreateInputSchema,
    handler: async ({ principal, body }) => {
      const changes = changesOf(body);
      assertNewTimeNotInPast(changes.scheduledAt, undefined, new Date());
      await assertOwnReferences(principal.companyId, body);
      const status = statusAfterSave(undefined, changes.scheduledAt);
      const fields = Object.fromEntries(
        Object.entries(changes).filter(([, v]) => v !== null && v !== undefined),
      );
      if (status === 'PROGRAMADA') assertStartable(fields);
      const { plan } = await companyContext(principal.companyId);
      const created = await createCampaign(
        principal.companyId,
        { ...fields, name: body.name, status },
        campaignLimitOf(plan),
      );
      await armStart(created);
      return new HttpAnswer(201, await full(created));
    },
  }),
  route({
    method: 'PUT',
    path: '/campaigns/{id}',
    ...admin,
    params: idPathSchema,
    maxBodyBytes: campaignBodyMaxBytes,
    body: campaignUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const current = await campaignOrFail(principal, params.id);
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
      return full(updated);
    },
  }),
  route({
    method: 'DELETE',
    path: '/campaigns/{id}',
    ...admin,
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      const current = await campaignOrFail(principal, params.id);
      await deleteCampaign(principal.companyId, current.id);
      // Its steps find no campaign and stop; the connection is free for the next one at once.
      await (await schedulerPort()).cancel(campaignStartScheduleName(principal.companyId, current.id));
      if (current.whatsappId)
        await releaseConnectionLease(principal.companyId, current.whatsappId, current.id);
      await deleteShippingOf(principal.companyId, current.id);
      await removeMediaQuietly(current.mediaKey, 'campaign media');
      return new HttpAnswer(204);
    },
  }),
  route({
    method: 'POST',
    path: '/campaigns/{id}/cancel',
    ...admin,
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      const current = await campaignOrFail(principal, params.id);
      assertMayCancel(current);
      if (!(await cancelRun(principal.companyId, current.id))) throw new AppError('ERR_CAMPAIGN_STATUS');
      if (current.whatsappId)
        await releaseConnectionLease(principal.companyId, current.whatsappId, current.id);
      return full(await campaignOrFail(principal, current.id));
    },
  }),
  route({
    method: 'POST',
    path: '/campaigns/{id}/restart',
    ...admin,
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      const current = await campaignOrFail(principal, params.id);
      assertMayRestart(current);
      assertStartable(current);
      // A campaign cancelled before its run wrote any recipient starts afresh; otherwise the unsent go.
      if (!(await beginRun(principal.companyId, current.id, { status: 'CANCELADA' })))
        throw new AppError('ERR_CAMPAIGN_STATUS');
      return full(await campaignOrFail(principal, current.id));
    },
  }),
  route({
    method: 'POST',
    path: '/campaigns/{id}/media-upload',
    multipart: true,
    ...admin,
    params: idPathSchema,
    body: mediaUploadSchema,
    handler: async ({ principal, params, body }) => {
      const current = await campaignOrFail(principal, params.id);
      assertCampaignEditable(current, new Date());
      const file = body.file;
      // The type comes from the bytes (docs/security.md, "Media"), not the browser's claim.
      const { mimetype } = await mediaOfUpload(file.content, file.mimetype);
      const updated = await replaceAttachment(
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
      return full(updated);
    },
  }),
  route({
    method: 'DELETE',
    path: '/campaigns/{id}/media-upload',
    ...admin,
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      const current = await campaignOrFail(principal, params.id);
      assertCampaignEditable(current, new Date());
      if (!current.mediaKey) return full(current);
      const updated = await updateCampaign(principal.companyId, current.id, current.status, {
        mediaKey: null,
        mediaName: null,
        mediaMimetype: null,
        mediaSize: null,
      });
      await removeMediaQuietly(current.mediaKey, 'campaign media');
      return full(updated);
    },
  }),
]);
