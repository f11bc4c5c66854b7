/**
 * A campaign's recipients for its report (extended §3/§4 shipping): a page of one state or all,
 * and the CSV export, read through the recipients indexes (AP-CA-24) or, for a campaign whose
 * entries predate them, read whole and filtered (AP-CA-25).
 */
import {
  campaignRecipientsPageSize,
  type CampaignRecipientState,
} from '@atende/shared/entities/campaign-recipient';
import { allShippingOf, listCampaignRecipients, type CampaignRecord } from '#data/campaigns';
import {
  publicRecipient,
  recipientCsvLine,
  recipientsCsvHeader,
  recipientsInOrder,
} from '#domain/campaign-recipients';

/** Entries read a query while exporting. */
const exportPageSize = 500;

/** The first `count` recipients (of one state, or all) in send order, and whether more follow. */
async function firstRecipients(campaign: CampaignRecord, state: CampaignRecipientState | undefined, count: number) {
  if (!campaign.recipientsIndexed) {
    const all = recipientsInOrder(await allShippingOf(campaign.companyId, campaign.id), state);
    return { entries: all.slice(0, count), hasMore: all.length > count };
  }
  const page = await listCampaignRecipients(campaign.companyId, campaign.id, state, null, count + 1);
  return { entries: page.entries.slice(0, count), hasMore: page.entries.length > count };
}

/** Page `pageNumber` of the report's recipients list. */
export async function recipientsPage(
  campaign: CampaignRecord,
  state: CampaignRecipientState | undefined,
  pageNumber: number,
) {
  const wanted = pageNumber * campaignRecipientsPageSize;
  const { entries, hasMore } = await firstRecipients(campaign, state, wanted);
  return { records: entries.slice(wanted - campaignRecipientsPageSize).map(publicRecipient), hasMore };
}

/** Every recipient (of one state, or all) as CSV lines, a page of the index at a time. */
export async function recipientCsvLines(campaign: CampaignRecord, state: CampaignRecipientState | undefined) {
  const lines = [recipientsCsvHeader];
  if (!campaign.recipientsIndexed) {
    const all = recipientsInOrder(await allShippingOf(campaign.companyId, campaign.id), state);
    for (const entry of all) lines.push(recipientCsvLine(publicRecipient(entry)));
    return lines;
  }
  let cursor: string | null = null;
  do {
    const page = await listCampaignRecipients(campaign.companyId, campaign.id, state, cursor, exportPageSize);
    for (const entry of page.entries) lines.push(recipientCsvLine(publicRecipient(entry)));
    cursor = page.cursor;
  } while (cursor);
  return lines;
}
