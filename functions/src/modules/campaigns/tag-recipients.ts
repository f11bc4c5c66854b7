import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mediaBucket, removeMediaQuietly, s3Client } from '#aws/s3';
import type { CampaignRecord } from '#data/campaigns';
import { contactIdsWithTag } from '#data/campaign-recipients';

/**
 * A tag list's recipients are fixed when the run's preparation starts: the contact ids carrying
 * the tag are written once to the media bucket (under the company's prefix, so the company purge
 * sweeps them) and every preparation step pages through that snapshot. A retried or repeated step,
 * or a restart that resumes the preparation, reads the same snapshot, so positions never shift.
 * The key carries the schedule the run started from: a campaign scheduled again gets a new one.
 */
export function tagRecipientsKey(campaign: Pick<CampaignRecord, 'companyId' | 'id' | 'scheduledAt'>): string {
  const at = campaign.scheduledAt ? Date.parse(campaign.scheduledAt) : 0;
  return `c${campaign.companyId}/campaign-recipients/${campaign.id}/${at}.json`;
}

async function loadSnapshot(key: string): Promise<number[] | undefined> {
  try {
    const answer = await s3Client.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: key }));
    return JSON.parse(await answer.Body!.transformToString()) as number[];
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** The run's tag-list recipients (contact ids in order): the snapshot, taken on first use. */
export async function tagRecipients(campaign: CampaignRecord): Promise<number[]> {
  const key = tagRecipientsKey(campaign);
  const stored = await loadSnapshot(key);
  if (stored) return stored;
  const ids = await contactIdsWithTag(campaign.companyId, campaign.tagListId!);
  await s3Client.send(
    new PutObjectCommand({
      Bucket: mediaBucket(),
      Key: key,
      Body: JSON.stringify(ids),
      ContentType: 'application/json',
    }),
  );
  return ids;
}

/** Once the preparation is recorded as done, the snapshot is no longer read. */
export async function removeTagRecipients(campaign: CampaignRecord): Promise<void> {
  await removeMediaQuietly(tagRecipientsKey(campaign), 'campaign recipients snapshot');
}
