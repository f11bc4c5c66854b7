import * as z from 'zod';
import { queueDelayFor } from '#domain/campaign-pacing';
import { queuePort } from '#homes/adapters';

/** The standard queue the campaign steps travel on (manifest `campaigns`). */
export const campaignsQueue = 'campaigns';

const ids = { companyId: z.number().int().positive(), campaignId: z.number().int().positive() };

/**
 * The steps of a campaign run (docs/decisions.md, "Campaigns"). Every step is fenced on the
 * campaign record, so a redelivered or repeated step does nothing twice:
 * - start: the schedule fired (only for the scheduledAt it carries);
 * - prepare: write one page of the contact list as shipping entries (fenced on the count so far);
 * - send: claim and send the recipient at `position` (fenced on the cursor);
 * - tick: the watchdog, every minute while running (fenced on tickSeq), resumes a stalled run.
 */
export const campaignStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('start'), ...ids, scheduledAt: z.string() }),
  z.object({
    kind: z.literal('prepare'),
    ...ids,
    runId: z.string(),
    from: z.number().int().nonnegative(),
    cursor: z.string().nullable(),
  }),
  z.object({ kind: z.literal('send'), ...ids, runId: z.string(), position: z.number().int().nonnegative() }),
  z.object({
    kind: z.literal('tick'),
    ...ids,
    runId: z.string(),
    seq: z.number().int().nonnegative(),
    cursor: z.number(),
    preparedCount: z.number(),
  }),
]);
export type CampaignStep = z.infer<typeof campaignStepSchema>;

/** Sends a step, visible after `delayMs` (at most SQS's 15 minutes). */
export async function enqueueStep(step: CampaignStep, delayMs = 0): Promise<void> {
  const queue = await queuePort();
  await queue.send(campaignsQueue, { body: JSON.stringify(step), delaySeconds: queueDelayFor(delayMs) });
}
