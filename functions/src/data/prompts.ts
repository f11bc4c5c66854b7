import type { EntityItem } from 'electrodb';
import { isConditionFailure, writtenIf } from './sessions.ts';
import { nextId } from './ids.ts';
import { AppError } from '#domain/app-error';
import { aiUsageEntity, promptEntity } from './prompt-entity.ts';
import { queueEntity } from './queue-entity.ts';
import { writeAll } from './transaction.ts';
import { getCompanyItem } from './company-items.ts';

export type PromptRecord = EntityItem<typeof promptEntity>;
export type PromptFields = Omit<PromptRecord, 'companyId' | 'id' | 'createdAt' | 'updatedAt'>;
export type ClearablePromptField = 'voiceRegion' | 'voiceKeySealed' | 'voiceKeyMask' | 'queueId';

/** AP-PR-1: every prompt of a company (`pk = C#<companyId>`, `sk begins_with PROMPT#`), by id. */
export async function listPrompts(companyId: number): Promise<PromptRecord[]> {
  const { data } = await promptEntity.query.byId({ companyId }).go({ pages: 'all' });
  return data.sort((a, b) => a.id - b.id);
}

/** AP-PR-2: one prompt (also the bot turn's read of the ticket's prompt). */
export async function getPrompt(companyId: number, id: number): Promise<PromptRecord | undefined> {
  return getCompanyItem(promptEntity, companyId, id);
}

/**
 * AP-PR-3: create a prompt and make it its queue's prompt, in one transaction: the prompt (put if
 * new) and the queue's `promptId` (patched only while the queue exists). A queue that is not the
 * company's, or went meanwhile, is ERR_NOT_FOUND and nothing is written.
 */
export async function createPrompt(companyId: number, fields: PromptFields): Promise<PromptRecord> {
  const id = await nextId({ companyId }, 'prompt');
  const { queueId } = fields;
  await writeAll(
    { prompt: promptEntity, queue: queueEntity },
    ({ prompt, queue }) => [
      prompt.create({ companyId, id, ...fields }).commit(),
      ...(queueId !== undefined ? [queue.patch({ companyId, id: queueId }).set({ promptId: id }).commit()] : []),
    ],
    ['ERR_INTERNAL', 'ERR_NOT_FOUND'],
  );
  return readBack(companyId, id);
}

/**
 * AP-PR-4: change a prompt that exists and, when it names a queue whose `promptId` is another
 * (`attachTo`), make it that queue's prompt in the same transaction. A prompt or queue that is not
 * there is ERR_NOT_FOUND and nothing is written.
 */
export async function updatePrompt(
  companyId: number,
  id: number,
  changes: Partial<PromptFields>,
  clear: ClearablePromptField[] = [],
  attachTo?: number,
): Promise<PromptRecord> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  await writeAll(
      { prompt: promptEntity, queue: queueEntity },
      ({ prompt, queue }) => {
        const patch = prompt.patch({ companyId, id }).set(set);
        return [
          (clear.length > 0 ? patch.remove(clear) : patch).commit(),
          ...(attachTo !== undefined ? [queue.patch({ companyId, id: attachTo }).set({ promptId: id }).commit()] : []),
        ];
      },
    ['ERR_NOT_FOUND', 'ERR_NOT_FOUND'],
  );
  return readBack(companyId, id);
}

/** The most queues one delete detaches in its transaction (DynamoDB takes 100 items). */
const detachedInTransaction = 99;

/**
 * AP-PR-5: delete a prompt and clear it from the queues that name it (`queueIds`, read by the
 * caller from AP-Q-1), in one transaction; a queue patched only while it still names the prompt.
 * False when the prompt was not there. A queue that changed its prompt meanwhile cancels the
 * transaction: the queues are read again (`reread`) and it is tried again.
 */
export async function deletePrompt(
  companyId: number,
  id: number,
  queueIds: number[],
  reread: () => Promise<number[]> = async () => queueIds,
): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const detached = queueIds.slice(0, detachedInTransaction);
    try {
      await writeAll(
        { prompt: promptEntity, queue: queueEntity },
        ({ prompt, queue }) => [
          prompt.delete({ companyId, id }).where(({ id: present }, { exists }) => exists(present)).commit(),
          ...detached.map((queueId) =>
            queue
              .patch({ companyId, id: queueId })
              .remove(['promptId'])
              .where(({ promptId }, { eq }) => eq(promptId, id))
              .commit(),
          ),
        ],
        ['ERR_NOT_FOUND', ...detached.map(() => 'ERR_TICKET_CONFLICT' as const)],
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'ERR_NOT_FOUND') return false;
      if (error instanceof AppError && error.code === 'ERR_TICKET_CONFLICT' && attempt < 3) {
        queueIds = await reread();
        continue;
      }
      throw error;
    }
    // More queues than a transaction holds (beyond any plan's): the rest after, each idempotent.
    for (const queueId of queueIds.slice(detachedInTransaction)) {
      await queueEntity
        .patch({ companyId, id: queueId })
        .remove(['promptId'])
        .where(({ promptId }, { eq }) => eq(promptId, id))
        .go()
        .catch((failure: unknown) => {
          if (!isConditionFailure(failure)) throw failure;
        });
    }
    return true;
  }
}

async function readBack(companyId: number, id: number): Promise<PromptRecord> {
  const prompt = await getPrompt(companyId, id);
  if (!prompt) throw new Error(`prompt ${companyId}/${id} vanished after its write`);
  return prompt;
}

export interface AiUsage {
  day: string;
  calls: number;
  tokens: number;
}

/** AP-PR-6: the company's AI use on a UTC day (zero when none). */
export async function getAiUsage(companyId: number, day: string): Promise<AiUsage> {
  const { data } = await aiUsageEntity.get({ companyId, day }).go({ consistent: true });
  return { day, calls: data?.calls ?? 0, tokens: data?.tokens ?? 0 };
}

/**
 * AP-PR-7: count one AI call on a day, only while the day's calls are under `cap` (one
 * conditional update): false when the cap is reached, so concurrent turns never pass it.
 */
export async function takeAiCall(companyId: number, day: string, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  return writtenIf(() =>
    aiUsageEntity
      .update({ companyId, day })
      .add({ calls: 1 })
      .where(({ calls }, { lt, notExists }) => `${notExists(calls)} OR ${lt(calls, cap)}`)
      .go(),
  );
}

/** AP-PR-8: add the tokens an AI call spent to the day's use. */
export async function addAiTokens(companyId: number, day: string, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  await aiUsageEntity.update({ companyId, day }).add({ tokens }).go();
}
