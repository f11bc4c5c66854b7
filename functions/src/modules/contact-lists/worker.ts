import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deleteItemsOfContactList, updateContactList } from '#data/contact-lists';
import { runCheckStep } from './check-step.ts';
import { runImportStep } from './import-step.ts';
import { contactListWorkSchema, sendContactListWork, type ContactListWork } from './work.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

/** The queue's maxReceiveCount (manifest.ts): the last delivery before the dead-letter queue. */
const lastReceive = 5;

/** When the runtime gives no deadline: the consumer's own timeout is at least this. */
const assumedRemainingMs = 120_000;

async function run(work: ContactListWork, remainingMs: number): Promise<void> {
  switch (work.kind) {
    case 'import':
      return runImportStep(work, remainingMs);
    case 'check':
      return runCheckStep(work, remainingMs, sendContactListWork);
    case 'purge':
      // Bounded steps: each deletes a batch and sends the next until the list has no items.
      if ((await deleteItemsOfContactList(work.companyId, work.contactListId)) > 0)
        await sendContactListWork(work);
  }
}

/**
 * Consumer of the `contact-lists` queue: imports, WhatsApp checks and deleted lists' items, each
 * as bounded steps that send the next one (docs/decisions.md, "Contact lists"). A failed step is
 * delivered again (each resumes from its checkpoint); a body that is not a step is dropped.
 */
export const handler = observed(async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    let work: ContactListWork;
    try {
      work = contactListWorkSchema.parse(JSON.parse(record.body));
    } catch (error) {
      logger.error('invalid contact-list step dropped', { sqsMessageId: record.messageId, error: String(error) });
      continue;
    }
    try {
      await run(work, context?.getRemainingTimeInMillis?.() ?? assumedRemainingMs);
    } catch (error) {
      logger.error('contact-list step failed', { sqsMessageId: record.messageId, kind: work.kind, companyId: work.companyId, error: String(error) });
      failures.push({ itemIdentifier: record.messageId });
      // An import whose step failed for the last time says so on the screen instead of running forever.
      if (work.kind === 'import' && Number(record.attributes?.ApproximateReceiveCount ?? 1) >= lastReceive) {
        await updateContactList(
          work.companyId,
          work.contactListId,
          { importStatus: 'failed' },
          work.importId,
        ).catch(() => undefined);
      }
    }
  }
  return { batchItemFailures: failures };
});
