import type { CampaignRecord } from '#data/campaigns';

/** Related names a list or a campaign shows (extended §2.2): the contact list's and the connection's. */
export interface CampaignRelated {
  contactList?: { id: number; name: string } | undefined;
  whatsapp?: { id: number; name: string } | undefined;
  /** Valid contacts before the run wrote its recipients (counted from the list). */
  validContacts?: number;
}

/**
 * A campaign as the API and the live channel show it: the spec's fields, the related names, and
 * the report's numbers (extended §4) kept as counters instead of the contact and shipping lists,
 * which a 10,000-recipient campaign could not carry. The dispatch state stays inside.
 */
export function publicCampaign(
  campaign: CampaignRecord,
  related: CampaignRelated = {},
  mediaUrl: string | null = null,
) {
  const started = campaign.runId !== undefined;
  const validContacts = started
    ? (campaign.validContacts ?? 0)
    : (related.validContacts ?? campaign.validContacts ?? 0);
  // A send the connector refused was counted when it was claimed: the report leaves it out.
  const failures = campaign.failures ?? 0;
  const sent = campaign.deliveries ?? 0;
  const deliveries = Math.max(0, sent - failures);
  const orNull = (value: string | undefined) => value ?? null;
  return {
    id: campaign.id,
    companyId: campaign.companyId,
    name: campaign.name,
    status: campaign.status,
    confirmation: campaign.confirmation ?? false,
    contactListId: campaign.contactListId ?? null,
    contactList: related.contactList ?? null,
    tagListId: campaign.tagListId ?? null,
    whatsappId: campaign.whatsappId ?? null,
    whatsapp: related.whatsapp ?? null,
    fileListId: campaign.fileListId ?? null,
    scheduledAt: orNull(campaign.scheduledAt),
    completedAt: orNull(campaign.completedAt),
    message1: orNull(campaign.message1),
    message2: orNull(campaign.message2),
    message3: orNull(campaign.message3),
    message4: orNull(campaign.message4),
    message5: orNull(campaign.message5),
    confirmationMessage1: orNull(campaign.confirmationMessage1),
    confirmationMessage2: orNull(campaign.confirmationMessage2),
    confirmationMessage3: orNull(campaign.confirmationMessage3),
    confirmationMessage4: orNull(campaign.confirmationMessage4),
    confirmationMessage5: orNull(campaign.confirmationMessage5),
    mediaPath: campaign.mediaKey ? mediaUrl : null,
    mediaName: orNull(campaign.mediaName),
    report: {
      validContacts,
      deliveries,
      failures,
      confirmationRequests: campaign.confirmationRequests ?? 0,
      confirmations: campaign.confirmations ?? 0,
      // Progress counts every recipient the run went through, refused ones too.
      progressPercent: validContacts === 0 ? 0 : Math.min(100, (sent / validContacts) * 100),
    },
    createdAt: campaign.createdAt,
    updatedAt: campaign.updatedAt,
  };
}
