import * as z from 'zod';
import { queuePort } from '#homes/adapters';

/** The `contact-lists` work queue: bounded, resumable steps that each send the next one themselves. */
export const contactListWorkQueue = 'contact-lists';

/** How many times this step has failed before (a failed step is sent again soon: domain/step-retry.ts). */
const attempt = z.number().int().nonnegative().optional();

export const contactListWorkSchema = z.discriminatedUnion('kind', [
  /** Write an import's rows from `offset` on (the rows wait in the media bucket under `key`). */
  z.object({
    kind: z.literal('import'),
    companyId: z.number().int().positive(),
    contactListId: z.number().int().positive(),
    importId: z.string().min(1),
    key: z.string().min(1),
    offset: z.number().int().nonnegative(),
    attempt,
  }),
  /** Check the list's unchecked numbers on WhatsApp, a few a second per connection. */
  z.object({
    kind: z.literal('check'),
    companyId: z.number().int().positive(),
    contactListId: z.number().int().positive(),
    cursor: z.string().nullable(),
    /** How many times this check has waited for a connected connection. */
    waits: z.number().int().nonnegative().default(0),
    attempt,
  }),
  /** Delete the items of a deleted list. */
  z.object({
    kind: z.literal('purge'),
    companyId: z.number().int().positive(),
    contactListId: z.number().int().positive(),
    attempt,
  }),
]);
export type ContactListWork = z.infer<typeof contactListWorkSchema>;
export type ContactListWorkInput = z.input<typeof contactListWorkSchema>;

export async function sendContactListWork(work: ContactListWorkInput, delaySeconds = 0): Promise<void> {
  const queue = await queuePort();
  await queue.send(contactListWorkQueue, {
    body: JSON.stringify(work),
    ...(delaySeconds ? { delaySeconds } : {}),
  });
}
