import { parseCampaignSettings, type CampaignSettings } from '@atende/shared/entities/campaign-settings';
import { familyOf } from '@atende/shared/media-type';
import type { CampaignRecord, ShippingRecord } from '#data/campaigns';
import { findOrCreateContact } from '#data/contacts';
import { getFileList } from '#data/file-lists';
import { fillVariables, filledSlots } from '#domain/campaign-messages';
import { derivedMessageId, sendOutbound, ticketForOutbound } from '../messages/send-outbound.ts';

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
 * Sends what a claimed entry is owed: the confirmation request, or the message followed by the
 * file list's files and the campaign's attachment. Every part has an id derived from the entry,
 * so calling this again after a crash or a duplicate step sends nothing twice. The message goes
 * on the recipient's open or pending ticket on the campaign's connection, else on a new pending
 * one (docs/decisions.md, "Campaigns").
 */
/**
 * The recipient's contact (found, or created as the send would). Nothing goes out and no ticket is
 * opened, so the dispatcher may look it up for the next recipient before claiming it.
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

export async function deliverEntry(
  campaign: CampaignRecord,
  entry: ShippingRecord,
  kind: 'delivery' | 'confirmation',
  knownContact?: Awaited<ReturnType<typeof recipientContact>>,
): Promise<number> {
  const companyId = campaign.companyId;
  const whatsappId = campaign.whatsappId!;
  const settings = runSettings(campaign);
  const slots = filledSlots(campaign);
  const slot = slots.find((s) => s.slot === entry.slot) ?? slots[0];
  const recipient = { name: entry.name ?? '', number: entry.number, email: entry.email ?? '' };
  const contact = knownContact ?? (await recipientContact(campaign, entry));
  const { ticket } = await ticketForOutbound(companyId, contact, { whatsappId, status: 'pending' });
  const send = (part: string, body: string, media?: Parameters<typeof sendOutbound>[0]['media']) =>
    sendOutbound({
      companyId,
      ticket,
      contact,
      id: campaignMessageId(campaign, entry.position, part),
      body,
      ...(media ? { media } : {}),
    });

  if (kind === 'confirmation') {
    await send('confirmation', fillVariables(slot?.confirmationMessage ?? '', recipient, settings.variables));
    return ticket.id;
  }
  if (slot) await send('message', fillVariables(slot.message, recipient, settings.variables));
  if (campaign.fileListId) {
    const fileList = await getFileList(companyId, campaign.fileListId);
    for (const option of fileList?.options ?? []) {
      if (!option.mediaKey || !option.mediaMimetype) continue;
      await send(`file-${option.id}`, '', {
        mediaType: familyOf(option.mediaMimetype),
        key: option.mediaKey,
        mimetype: option.mediaMimetype,
        fileName: option.mediaName ?? option.name,
        sizeBytes: 0,
      });
    }
  }
  if (campaign.mediaKey && campaign.mediaMimetype) {
    await send('media', '', {
      mediaType: familyOf(campaign.mediaMimetype),
      key: campaign.mediaKey,
      mimetype: campaign.mediaMimetype,
      fileName: campaign.mediaName ?? 'archivo',
      sizeBytes: campaign.mediaSize ?? 0,
    });
  }
  return ticket.id;
}
