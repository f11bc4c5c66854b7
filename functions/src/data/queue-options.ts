import type { EntityItem } from 'electrodb';
import { AppError } from '#domain/app-error';
import { compareOptions } from '#domain/queue-rules';
import { nextId } from './ids.ts';
import { queueEntity } from './queue-entity.ts';
import { queueOptionEntity } from './queue-option-entity.ts';
import { isConditionFailure } from './sessions.ts';
import { writeAll } from './transaction.ts';
import { getCompanyItem } from './company-items.ts';

export type QueueOptionRecord = EntityItem<typeof queueOptionEntity>;

/**
 * AP-QO-1: the options of one level of a queue's menu (`parentId` null: the roots), in option
 * number order: gsi1 `C#<companyId>#QOPTS#<queueId>`, `begins_with P#<parentId|0>#`.
 */
export async function listQueueOptions(companyId: number, queueId: number, parentId: number | null): Promise<QueueOptionRecord[]> {
  const { data } = await queueOptionEntity.query.byQueue({ companyId, queueId, parentKey: parentId ?? 0 }).go({ pages: 'all' });
  return data.sort(compareOptions);
}

/** AP-QO-2: every option of a queue (the whole tree, one query on gsi1; options of a queue are few). */
export async function listAllQueueOptions(companyId: number, queueId: number): Promise<QueueOptionRecord[]> {
  const { data } = await queueOptionEntity.query.byQueue({ companyId, queueId }).go({ pages: 'all' });
  return data.sort(compareOptions);
}

/** AP-QO-3: one option by id. */
export async function getQueueOption(companyId: number, id: number): Promise<QueueOptionRecord | undefined> {
  return getCompanyItem(queueOptionEntity, companyId, id);
}

/**
 * AP-QO-4: create an option, on the condition (same transaction) that its queue and its parent
 * still exist, so no option is left under a queue or an option being deleted.
 */
export async function createQueueOption(
  companyId: number,
  fields: { queueId: number; parentId: number | null; title: string; message: string; option: string },
): Promise<QueueOptionRecord> {
  const id = await nextId({ companyId }, 'queueOption');
  const { parentId, ...rest } = fields;
  await writeAll(
    { option: queueOptionEntity, queue: queueEntity },
    ({ option, queue }) => [
      option.create({ companyId, id, ...rest, parentKey: parentId ?? 0, ...(parentId ? { parentId } : {}) }).commit(),
      queue
        .check({ companyId, id: fields.queueId })
        .where(({ id: queueId }, { exists }) => exists(queueId))
        .commit(),
      ...(parentId
        ? [
            option
              .check({ companyId, id: parentId })
              .where(({ queueId }, { eq }) => eq(queueId, fields.queueId))
              .commit(),
          ]
        : []),
    ],
    ['ERR_INTERNAL', 'ERR_NOT_FOUND', 'ERR_VALIDATION'],
  );
  const created = await getQueueOption(companyId, id);
  if (!created) throw new Error(`queue option ${companyId}/${id} vanished after creation`);
  return created;
}

/** AP-QO-5: change an option's title, message or number (404 when it is gone). */
export async function updateQueueOption(
  companyId: number,
  id: number,
  changes: { title?: string; message?: string; option?: string },
): Promise<QueueOptionRecord> {
  try {
    const { data } = await queueOptionEntity.patch({ companyId, id }).set(changes).go({ response: 'all_new' });
    return data as QueueOptionRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_NOT_FOUND');
    throw error;
  }
}

/** AP-QO-6: delete options by id (an option and its subtree), 25 per batch, unprocessed retried. */
export async function deleteQueueOptions(companyId: number, ids: number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 25) {
    let pending = ids.slice(start, start + 25).map((id) => ({ companyId, id }));
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      const { unprocessed } = await queueOptionEntity.delete(pending).go();
      pending = unprocessed.map((key) => ({ companyId, id: Number(key.id) }));
      if (pending.length > 0) {
        if (attempt >= 5) throw new Error(`queue options ${pending.map((key) => key.id).join(',')} stayed undeleted`);
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
      }
    }
  }
}

/** AP-QO-7: delete every option of a queue (the queue was deleted). */
export async function deleteAllQueueOptions(companyId: number, queueId: number): Promise<void> {
  const options = await listAllQueueOptions(companyId, queueId);
  await deleteQueueOptions(companyId, options.map((option) => option.id));
}
