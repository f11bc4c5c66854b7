import * as z from 'zod';
import {
  campaignCreateInputSchema,
  campaignListQuerySchema,
  campaignUpdateInputSchema,
} from '@atende/shared/entities/campaign';
import {
  campaignRecipientsExportQuerySchema,
  campaignRecipientsQuerySchema,
  campaignRecipientsCsvExport,
} from '@atende/shared/entities/campaign-recipient';
import { idPathSchema } from '@atende/shared/fields';
import { limits } from '@atende/shared/constants';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { restModule } from '#http/rest-module';
import { oneFile, uploadedFileSchema } from '#http/uploaded-file';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import {
  attachCampaignMedia,
  campaignOrFail,
  campaignsPage,
  cancelCampaignOf,
  createCampaignOf,
  deleteCampaignOf,
  full,
  removeCampaignMedia,
  restartCampaignOf,
  updateCampaignOf,
} from './campaign-service.ts';
import { recipientCsvLines, recipientsPage } from './recipients.ts';

const mediaUploadSchema = z.object({
  file: oneFile(uploadedFileSchema),
  typeArch: z.string().max(limits.shortTextMax, msg.tooLong).optional(),
});

const admin = { access: 'admin', feature: 'useCampaigns' } as const;

/** Five messages and five confirmations of up to 10,000 characters each: more than the default cap. */
const campaignBodyMaxBytes = 512 * 1024;

/**
 * /api/campaigns (extended §2.2–2.4, §4, §7): campaigns of the caller's company, for admins of a
 * plan with campaigns (campaign-service.ts does the work).
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/campaigns',
    ...admin,
    query: campaignListQuerySchema,
    handler: ({ principal, query }) => campaignsPage(principal.companyId, query),
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
    handler: async ({ principal, params, query }) =>
      recipientsPage(await campaignOrFail(principal, params.id), query.state, query.pageNumber),
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
    handler: async ({ principal, body }) =>
      new HttpAnswer(201, await full(await createCampaignOf(principal, body))),
  }),
  route({
    method: 'PUT',
    path: '/campaigns/{id}',
    ...admin,
    params: idPathSchema,
    maxBodyBytes: campaignBodyMaxBytes,
    body: campaignUpdateInputSchema,
    handler: async ({ principal, params, body }) => full(await updateCampaignOf(principal, params.id, body)),
  }),
  route({
    method: 'DELETE',
    path: '/campaigns/{id}',
    ...admin,
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      await deleteCampaignOf(principal, params.id);
      return new HttpAnswer(204);
    },
  }),
  route({
    method: 'POST',
    path: '/campaigns/{id}/cancel',
    ...admin,
    params: idPathSchema,
    handler: async ({ principal, params }) => full(await cancelCampaignOf(principal, params.id)),
  }),
  route({
    method: 'POST',
    path: '/campaigns/{id}/restart',
    ...admin,
    params: idPathSchema,
    handler: async ({ principal, params }) => full(await restartCampaignOf(principal, params.id)),
  }),
  route({
    method: 'POST',
    path: '/campaigns/{id}/media-upload',
    multipart: true,
    ...admin,
    params: idPathSchema,
    body: mediaUploadSchema,
    handler: async ({ principal, params, body }) =>
      full(await attachCampaignMedia(principal, params.id, body.file)),
  }),
  route({
    method: 'DELETE',
    path: '/campaigns/{id}/media-upload',
    ...admin,
    params: idPathSchema,
    handler: async ({ principal, params }) => full(await removeCampaignMedia(principal, params.id)),
  }),
]);
