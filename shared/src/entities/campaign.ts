/** Campaign (extended §3, §4, §5) and the /campaigns routes. */
import * as z from 'zod';
import { campaignDefaultStatus, campaignEditWindowMs, campaignStatuses } from '../constants.ts';
import {
  booleanParamSchema,
  idSchema,
  isoDateTimeSchema,
  nameField,
  nullableIdSchema,
  nullableTextSchema,
} from '../fields.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';

export const campaignStatusSchema = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

export const campaignShippingSchema = z.object({
  id: idSchema.optional(),
  number: z.string().optional(),
  deliveredAt: z.string().nullable().optional(),
  confirmationRequestedAt: z.string().nullable().optional(),
});
export type CampaignShipping = z.infer<typeof campaignShippingSchema>;

/** The message slots, message1..message5 and confirmationMessage1..confirmationMessage5. */
const messageSlots = {
  message1: z.string().nullable().optional(),
  message2: z.string().nullable().optional(),
  message3: z.string().nullable().optional(),
  message4: z.string().nullable().optional(),
  message5: z.string().nullable().optional(),
  confirmationMessage1: z.string().nullable().optional(),
  confirmationMessage2: z.string().nullable().optional(),
  confirmationMessage3: z.string().nullable().optional(),
  confirmationMessage4: z.string().nullable().optional(),
  confirmationMessage5: z.string().nullable().optional(),
};

export const campaignSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: campaignStatusSchema,
  confirmation: z.boolean(),
  contactListId: idSchema.nullable().optional(),
  contactList: z
    .object({
      id: idSchema.optional(),
      name: z.string(),
      contacts: z.array(z.object({ isWhatsappValid: z.boolean() }).loose()).optional(),
    })
    .nullable()
    .optional(),
  tagListId: idSchema.nullable().optional(),
  whatsappId: idSchema.nullable().optional(),
  whatsapp: z.object({ id: idSchema.optional(), name: z.string() }).nullable().optional(),
  scheduledAt: z.string().nullable().optional(),
  completedAt: z.string().nullable().optional(),
  fileListId: idSchema.nullable().optional(),
  ...messageSlots,
  mediaPath: z.string().nullable().optional(),
  mediaName: z.string().nullable().optional(),
  shipping: z.array(campaignShippingSchema).optional(),
  companyId: idSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** Empty form values are sent as null. */
const slotInput = nullableTextSchema.optional();
const scheduledAtInput = z.preprocess((value) => (value === '' ? null : value), isoDateTimeSchema.nullable());

/** POST /campaigns. Name 2..50; the form starts INATIVA. */
export const campaignCreateInputSchema = z.object({
  name: nameField(),
  status: campaignStatusSchema.default(campaignDefaultStatus),
  confirmation: booleanParamSchema.default(false),
  contactListId: nullableIdSchema.optional(),
  tagListId: nullableIdSchema.optional(),
  whatsappId: nullableIdSchema.optional(),
  fileListId: nullableIdSchema.optional(),
  scheduledAt: scheduledAtInput.optional(),
  message1: slotInput,
  message2: slotInput,
  message3: slotInput,
  message4: slotInput,
  message5: slotInput,
  confirmationMessage1: slotInput,
  confirmationMessage2: slotInput,
  confirmationMessage3: slotInput,
  confirmationMessage4: slotInput,
  confirmationMessage5: slotInput,
});
export type CampaignCreateInput = z.infer<typeof campaignCreateInputSchema>;

/** PUT /campaigns/{id}. */
export const campaignUpdateInputSchema = campaignCreateInputSchema.partial().extend({
  name: nameField().optional(),
  status: campaignStatusSchema.optional(),
  confirmation: booleanParamSchema.optional(),
});
export type CampaignUpdateInput = z.infer<typeof campaignUpdateInputSchema>;

export const campaignListQuerySchema = pagedSearchQuerySchema;
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

/**
 * Editable when INATIVA, or PROGRAMADA with the schedule more than 1 hour ahead. A
 * CANCELADA campaign also stays editable (extended §4). Running and finished ones are not.
 */
export function isCampaignEditable(campaign: Pick<Campaign, 'status' | 'scheduledAt'>, now: Date): boolean {
  switch (campaign.status) {
    case 'INATIVA':
    case 'CANCELADA':
      return true;
    case 'PROGRAMADA': {
      if (!campaign.scheduledAt) return false;
      const scheduledAt = new Date(campaign.scheduledAt).getTime();
      return scheduledAt - now.getTime() > campaignEditWindowMs;
    }
    case 'EM_ANDAMENTO':
    case 'FINALIZADA':
      return false;
  }
}

export interface CampaignReport {
  validContacts: number;
  deliveries: number;
  confirmationRequests: number;
  confirmations: number;
  /** deliveries / valid contacts × 100; 0 with no valid contacts. */
  progressPercent: number;
}

/** The report numbers (extended §4). */
export function campaignReport(campaign: Pick<Campaign, 'contactList' | 'shipping'>): CampaignReport {
  const validContacts = (campaign.contactList?.contacts ?? []).filter(
    (contact) => contact.isWhatsappValid,
  ).length;
  const shipping = campaign.shipping ?? [];
  const deliveries = shipping.filter((entry) => Boolean(entry.deliveredAt)).length;
  const confirmationRequests = shipping.filter((entry) => Boolean(entry.confirmationRequestedAt)).length;
  // "Confirmations = entries with both": with confirmation on, delivery happens only after
  // the contact confirms, so an entry both requested and delivered is a confirmation.
  const confirmations = shipping.filter(
    (entry) => Boolean(entry.confirmationRequestedAt) && Boolean(entry.deliveredAt),
  ).length;
  const progressPercent = validContacts === 0 ? 0 : (deliveries / validContacts) * 100;
  return { validContacts, deliveries, confirmationRequests, confirmations, progressPercent };
}
