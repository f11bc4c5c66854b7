import { parseCampaignSettings, type CampaignSettings } from '@atende/shared/entities/campaign-settings';
import { familyOf } from '@atende/shared/media-type';
import type { CampaignRecord, ShippingRecord } from '#data/campaigns';
import { findOrCreateContact, type ContactRecord } from '#data/contacts';
import { getFileList } from '#data/file-lists';
import type { TicketRecord } from '#data/tickets';
import { fillVariables, filledSlots } from '#domain/campaign-messages';
import {
  derivedMessageId,
  storeOutbound,
  ticketForOutbound,
  type OutboundMessage,
} from '../messages/send-outbound.ts';
import { countMetric, metricNames } from '#observability/metrics';

/** The settings fixed when the run started (defaults when unreadable). */
export function runSettings(campaign: CampaignRecord): CampaignSettings {
  try {
    const raw = JSON.parse(campaign.settingsJson ?? '{}') as Record<string, unknown>;
    return parseCampaignSettings(
      Object.entries(raw).map(([key, value]) => ({ key, value: JSON.stringify(value) })),
    );
  } catch {
    return parseCampaignSettings([]);
  }
}

/**
 * The id of one part sent to one recipient: the same part again is stored and sent once. Not tied
 * to the run: a campaign has one set of entries, and a restart must not make a sent part new.
 */
export function campaignMessageId(campaign: CampaignRecord, position: number, part: string): string {
  return derivedMessageId(`campaign:${campaign.companyId}:${campaign.id}:${position}:${part}`);
}

/**
 * The recipient's contact (found, or created as the send would). Nothing goes out and no ticket is
 * opened, so the dispatcher may look it up before claiming the recipient.
 */
export async function recipientContact(campaign: CampaignRecord, entry: ShippingRecord) {
  const { contact } = await findOrCreateContact(campaign.companyId, {
    number: entry.number,
    name: entry.name || entry.number,
    isGroup: false,
    whatsappId: campaign.whatsappId!,
  });
  return contact;
}

/** What the dispatcher read ahead for a recipient: its contact and its current ticket on the connection. */
export interface PreparedRecipient {
  contact: ContactRecord;
  /** The contact's current ticket on the campaign's connection as read ahead (closed ones too), if any. */
  current: TicketRecord | undefined;
  /** An id reserved for its new ticket, when it had no open one (AP-SEQ-3: one counter call a window). */
  ticketId?: number;
}

/**
 * Stores what a claimed entry is owed: the confirmation request, or the message followed by the
 * file list's files and the campaign's attachment; answers the hand-over of their connector
 * commands, in that order. Every part has an id derived from the entry, so calling this again
 * after a crash or a duplicate step stores and sends nothing twice. The message goes on the
 * recipient's open or pending ticket on the campaign's connection, else on a new pending one
 * (docs/decisions.md, "Campaigns"). `prepared` (read ahead by the dispatcher) spares the lookups;
 * without it they are made here. `fileList` is the campaign's file list as read for the step.
 */
export async function storeEntry(
  campaign: CampaignRecord,
  entry: ShippingRecord,
  kind: 'delivery' | 'confirmation',
  prepared?: PreparedRecipient,
  fileList?: { list: Awaited<ReturnType<typeof getFileList>> },
  /** The dispatcher's run: nothing is stored once it is cancelled (ERR_CAMPAIGN_STATUS). */
  runId?: string,
): Promise<() => Promise<void>> {
  const companyId = campaign.companyId;
  const whatsappId = campaign.whatsappId!;
  // Recipients gone through, summed per minute on the dashboard (docs/operations.md, "Metrics").
  countMetric(metricNames.campaignRecipients);
  const settings = runSettings(campaign);
  const slots = filledSlots(campaign);
  const slot = slots.find((s) => s.slot === entry.slot) ?? slots[0];
  const recipient = { name: entry.name ?? '', number: entry.number, email: entry.email ?? '' };
  const guard = runId ? { companyId, campaignId: campaign.id, runId } : undefined;
  const contact = prepared ? prepared.contact : await recipientContact(campaign, entry);
  // The parts in their order: the confirmation request, or the message, the file list's files and
  // the campaign's attachment.
  const parts: { part: string; body: string; media?: OutboundMessage['media'] }[] = [];
  if (kind === 'confirmation') {
    parts.push({
      part: 'confirmation',
      body: fillVariables(slot?.confirmationMessage ?? '', recipient, settings.variables),
    });
  } else {
    if (slot) parts.push({ part: 'message', body: fillVariables(slot.message, recipient, settings.variables) });
    if (campaign.fileListId) {
      const list = fileList ? fileList.list : await getFileList(companyId, campaign.fileListId);
      for (const option of list?.options ?? []) {
        if (!option.mediaKey || !option.mediaMimetype) continue;
        parts.push({
          part: `file-${option.id}`,
          body: '',
          media: {
            mediaType: familyOf(option.mediaMimetype),
            key: option.mediaKey,
            mimetype: option.mediaMimetype,
            fileName: option.mediaName ?? option.name,
            sizeBytes: 0,
          },
        });
      }
    }
    if (campaign.mediaKey && campaign.mediaMimetype) {
      parts.push({
        part: 'media',
        body: '',
        media: {
          mediaType: familyOf(campaign.mediaMimetype),
          key: campaign.mediaKey,
          mimetype: campaign.mediaMimetype,
          fileName: campaign.mediaName ?? 'archivo',
          sizeBytes: campaign.mediaSize ?? 0,
        },
      });
    }
  }
  const messageOf = (part: (typeof parts)[number]) => ({
    id: campaignMessageId(campaign, entry.position, part.part),
    campaign: { id: campaign.id, position: entry.position },
    body: part.body,
    ...(part.media ? { media: part.media } : {}),
  });
  // A recipient with no ticket open gets one created already holding the first part (one write).
  const { ticket, stored } = await ticketForOutbound(companyId, contact, {
    whatsappId,
    status: 'pending',
    ...(prepared ? { known: { current: prepared.current } } : {}),
    ...(prepared?.ticketId !== undefined ? { ticketId: prepared.ticketId } : {}),
    ...(guard ? { guard } : {}),
    ...(parts[0] ? { firstMessage: messageOf(parts[0]) } : {}),
  });
  const handOvers: (() => Promise<void>)[] = [];
  for (const [index, part] of parts.entries()) {
    const done =
      index === 0 && stored
        ? stored
        : await storeOutbound({ companyId, ticket, contact, ...(guard ? { guard } : {}), ...messageOf(part) });
    if (done.handOver) handOvers.push(done.handOver);
  }
  // The parts' commands in their order (one FIFO group per connection keeps it).
  return async () => {
    for (const handOver of handOvers) await handOver();
  };
}

/** Sends what a claimed entry is owed (storeEntry, then its hand-over): a retry, or a confirmed answer. */
export async function deliverEntry(
  campaign: CampaignRecord,
  entry: ShippingRecord,
  kind: 'delivery' | 'confirmation',
): Promise<void> {
  const handOver = await storeEntry(campaign, entry, kind);
  await handOver();
}
