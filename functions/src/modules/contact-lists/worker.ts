import type { SQSRecord } from 'aws-lambda';
import { deleteItemsOfContactList, updateContactList } from '#data/contact-lists';
import { stepQueueHandler } from '#observability/step-queue-entry';
import { runCheckStep } from './check-step.ts';
import { runImportStep } from './import-step.ts';
import { contactListWorkSchema, sendContactListWork, type ContactListWork } from './work.ts';

/** The queue's maxReceiveCount (manifest.ts): the last delivery before the dead-letter queue. */
const lastReceive = 5;

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

/** An import whose step failed for the last time says so on the screen instead of running forever. */
async function afterQueueFailure(work: ContactListWork, record: SQSRecord): Promise<void> {
  if (work.kind === 'import' && Number(record.attributes?.ApproximateReceiveCount ?? 1) >= lastReceive) {
    await updateContactList(work.companyId, work.contactListId, { importStatus: 'failed' }, work.importId).catch(
      () => undefined,
    );
  }
}

/**
 * Consumer of the `contact-lists` queue: imports, WhatsApp checks and deleted lists' items, each
 * as bounded steps that send the next one (docs/decisions.md, "Contact lists"). A failed step is
 * sent again after a short pause (each resumes from its checkpoint; retryOfFailedStep), not left
 * to the queue's 900 s visibility timeout; after a few attempts the queue delivers it again. A
 * body that is not a step is dropped (observability/step-queue-entry.ts).
 */
export const handler = stepQueueHandler({
  what: 'contact-list step',
  parse: (body) => contactListWorkSchema.parse(body),
  run,
  send: sendContactListWork,
  logKeys: (work) => ({ kind: work.kind, companyId: work.companyId }),
  afterQueueFailure,
});
