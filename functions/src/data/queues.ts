import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { documentClient, tableName } from '#aws/dynamo';
import { AppError } from '#domain/app-error';
import { compareQueues, queueColourKey, queueNameKey } from '#domain/queue-rules';
import { ticketPartitions } from '#domain/ticket-keys';
import { companyEntity } from './company-entity.ts';
import { nextId } from './ids.ts';
import { queueClaimEntity, queueEntity } from './queue-entity.ts';
import { deleteAllQueueOptions } from './queue-options.ts';
import { isConditionFailure } from './sessions.ts';
import { ticketEntity } from './ticket-entity.ts';
import type { TicketRecord } from './tickets.ts';
import { writeAll } from './transaction.ts';
import { userEntity } from './user-entity.ts';
import { whatsappEntity } from './whatsapp-entity.ts';
import { moveDirectoryVersion } from './directory-version.ts';
import { getCompanyItem } from './company-items.ts';
import { queryPages } from './paged-query.ts';

export type QueueRecord = EntityItem<typeof queueEntity>;

/** A queue as tickets, users and connections carry it. */
export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export const queueRef = (queue: Pick<QueueRecord, 'id' | 'name' | 'color'>): QueueRef => ({
  id: queue.id,
  name: queue.name,
  color: queue.color,
});

/**
 * AP-Q-1: every queue of a company in menu order (`orderQueue`, none last, then id):
 * `pk = C#<companyId>`, `sk begins_with QUEUE#`. Plan-bounded.
 */
export async function listQueues(companyId: number): Promise<QueueRecord[]> {
  const { data } = await queueEntity.query.byId({ companyId }).go({ pages: 'all' });
  return data.sort(compareQueues);
}

/** AP-Q-2: one queue. */
export async function getQueue(companyId: number, id: number): Promise<QueueRecord | undefined> {
  return getCompanyItem(queueEntity, companyId, id);
}

/**
 * AP-Q-3: several queues by id (a page of tickets, a user's or a connection's queues), one
 * BatchGet (retried for unprocessed keys), in the order of `ids`; missing ones are skipped.
 */
export async function getQueuesByIds(companyId: number, ids: number[]): Promise<QueueRecord[]> {
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
  if (unique.length === 0) return [];
  const found = new Map<number, QueueRecord>();
  let pending = unique.map((id) => ({ companyId, id }));
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    const { data, unprocessed } = await queueEntity.get(pending).go({ consistent: true });
    for (const queue of data) found.set(queue.id, queue);
    pending = unprocessed.map((key) => ({ companyId, id: Number(key.id) }));
    if (pending.length > 0) {
      if (attempt >= 5) throw new Error(`queues ${pending.map((key) => key.id).join(',')} stayed unprocessed`);
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
  return unique.map((id) => found.get(id)).filter((queue): queue is QueueRecord => queue !== undefined);
}

/** AP-Q-3b: the same as a map from id to `{ id, name, color }` (serializers). */
export async function queueRefsByIds(companyId: number, ids: number[]): Promise<Map<number, QueueRef>> {
  return new Map((await getQueuesByIds(companyId, ids)).map((queue) => [queue.id, queueRef(queue)]));
}

export type QueueFields = Pick<QueueRecord, 'name' | 'color' | 'schedules'> &
  Partial<Pick<QueueRecord, 'greetingMessage' | 'outOfHoursMessage' | 'orderQueue' | 'integrationId' | 'promptId'>>;

/**
 * AP-Q-4: create a queue in one transaction: the queue, the claims on its name and colour
 * (`attribute_not_exists`) and the company's `queueCount + 1` if `< plan.queues`.
 */
export async function createQueue(companyId: number, fields: QueueFields, queueLimit: number): Promise<QueueRecord> {
  const id = await nextId({ companyId }, 'queue');
  await writeAll(
    { queue: queueEntity, claim: queueClaimEntity, company: companyEntity },
    ({ queue, claim, company }) => [
      queue.create({ companyId, id, ...fields }).commit(),
      claim.create({ companyId, kind: 'name', value: queueNameKey(fields.name), queueId: id }).commit(),
      claim.create({ companyId, kind: 'color', value: queueColourKey(fields.color), queueId: id }).commit(),
      company
        .update({ id: companyId })
        .add({ queueCount: 1 })
        .where(({ queueCount }, { lt }) => lt(queueCount, queueLimit))
        .commit(),
    ],
    ['ERR_INTERNAL', 'ERR_DUPLICATED_NAME', 'ERR_QUEUE_COLOR_ALREADY_EXISTS', 'ERR_PLAN_LIMIT_REACHED'],
  );
  await moveDirectoryVersion(companyId);
  const created = await getQueue(companyId, id);
  if (!created) throw new Error(`queue ${companyId}/${id} vanished after creation`);
  return created;
}

export type QueueChanges = Partial<QueueFields>;
export type ClearableQueueField = 'greetingMessage' | 'outOfHoursMessage' | 'orderQueue' | 'integrationId' | 'promptId';

/**
 * AP-Q-5: change a queue. A new name or colour claims its value and releases the old one in the
 * same transaction; the queue is patched only if its name and colour are still those read, so
 * two concurrent renames cannot leave a claim behind (the loser reads again and retries).
 */
export async function updateQueue(
  companyId: number,
  id: number,
  changes: QueueChanges,
  clear: ClearableQueueField[] = [],
): Promise<QueueRecord> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await getQueue(companyId, id);
    if (!current) throw new AppError('ERR_NOT_FOUND');
    const oldName = queueNameKey(current.name);
    const oldColour = queueColourKey(current.color);
    const newName = changes.name !== undefined ? queueNameKey(changes.name) : oldName;
    const newColour = changes.color !== undefined ? queueColourKey(changes.color) : oldColour;
    type Step = 'queue' | 'claimName' | 'releaseName' | 'claimColour' | 'releaseColour';
    const steps: Step[] = [
      'queue',
      ...(newName !== oldName ? (['claimName', 'releaseName'] as const) : []),
      ...(newColour !== oldColour ? (['claimColour', 'releaseColour'] as const) : []),
    ];
    const errors = steps.map((step) =>
      step === 'claimName' ? 'ERR_DUPLICATED_NAME' : step === 'claimColour' ? 'ERR_QUEUE_COLOR_ALREADY_EXISTS' : ('ERR_TICKET_CONFLICT' as const),
    );
    try {
      await writeAll(
        { queue: queueEntity, claim: queueClaimEntity },
        ({ queue, claim }) =>
          steps.map((step) => {
            switch (step) {
              case 'queue': {
                const patch = queue.patch({ companyId, id }).set(changes);
                const cleared = clear.length > 0 ? patch.remove(clear) : patch;
                return cleared
                  .where(({ name, color }, { eq }) => `${eq(name, current.name)} AND ${eq(color, current.color)}`)
                  .commit();
              }
              case 'claimName':
                return claim.create({ companyId, kind: 'name', value: newName, queueId: id }).commit();
              case 'releaseName':
                return claim.delete({ companyId, kind: 'name', value: oldName }).commit();
              case 'claimColour':
                return claim.create({ companyId, kind: 'color', value: newColour, queueId: id }).commit();
              case 'releaseColour':
                return claim.delete({ companyId, kind: 'color', value: oldColour }).commit();
            }
          }),
        errors,
      );
      if (steps.length > 1) await moveDirectoryVersion(companyId);
      const changed = await getQueue(companyId, id);
      if (!changed) throw new AppError('ERR_NOT_FOUND');
      return changed;
    } catch (error) {
      // The queue changed (or went) between the read and the write: read again.
      if (!(error instanceof AppError) || error.code !== 'ERR_TICKET_CONFLICT' || attempt >= 3) throw error;
    }
  }
}

/**
 * AP-Q-6: delete a queue with its name and colour claims and uncount it, in one transaction;
 * then detach it from everything that names it (AP-Q-7).
 */
export async function deleteQueue(companyId: number, id: number): Promise<void> {
  const current = await getQueue(companyId, id);
  if (!current) throw new AppError('ERR_NOT_FOUND');
  await writeAll(
    { queue: queueEntity, claim: queueClaimEntity, company: companyEntity },
    ({ queue, claim, company }) => [
      queue.delete({ companyId, id }).where(({ id: queueId }, { exists }) => exists(queueId)).commit(),
      claim.delete({ companyId, kind: 'name', value: queueNameKey(current.name) }).commit(),
      claim.delete({ companyId, kind: 'color', value: queueColourKey(current.color) }).commit(),
      company.update({ id: companyId }).subtract({ queueCount: 1 }).commit(),
    ],
    ['ERR_NOT_FOUND'],
  );
  await moveDirectoryVersion(companyId);
  await detachQueue(companyId, id);
}

/**
 * AP-Q-7: after a queue is deleted, remove every reference to it; each step is idempotent, so a
 * failed run can simply be repeated: its option tree goes; its id leaves the users' and the
 * connections' `queueIds` (and a connection's `transferQueueId`); open and pending tickets in it
 * move to "no queue" (their list keys too, activity order kept). Closed tickets keep the id as
 * history and show no queue. Lists join queues that exist, so a reference not yet removed is
 * never shown.
 */
export async function detachQueue(companyId: number, queueId: number): Promise<void> {
  await deleteAllQueueOptions(companyId, queueId);
  const [users, connections] = await Promise.all([
    userEntity.query.byId({ companyId }).go({ pages: 'all' }),
    whatsappEntity.query.byId({ companyId }).go({ pages: 'all' }),
  ]);
  for (const user of users.data) {
    if (user.queueIds?.includes(queueId)) await removeFromList(userEntity.get({ companyId, id: user.id }).params().Key, queueId);
  }
  for (const connection of connections.data) {
    const key = whatsappEntity.get({ companyId, id: connection.id }).params().Key;
    if (connection.queueIds?.includes(queueId)) await removeFromList(key, queueId);
    if (connection.transferQueueId === queueId) {
      await whatsappEntity
        .patch({ companyId, id: connection.id })
        .remove(['transferQueueId'])
        .where(({ transferQueueId }, { eq }) => eq(transferQueueId, queueId))
        .go()
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    }
  }
  for (const status of ['pending', 'open'] as const) await unqueueTickets(companyId, queueId, status);
}

/**
 * Remove a number from an item's `queueIds` list by position, on the condition that the position
 * still holds it (read again and retry otherwise), so a concurrent edit of the list is kept.
 */
async function removeFromList(key: Record<string, unknown>, queueId: number): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const { Item } = await documentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const list = (Item?.queueIds as number[] | undefined) ?? [];
    const index = list.indexOf(queueId);
    if (index < 0) return;
    try {
      await documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: `REMOVE #list[${index}] SET #updatedAt = :now`,
          ConditionExpression: `#list[${index}] = :queueId`,
          ExpressionAttributeNames: { '#list': 'queueIds', '#updatedAt': 'updatedAt' },
          ExpressionAttributeValues: { ':queueId': queueId, ':now': new Date().toISOString() },
        }),
      );
      return;
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  throw new Error(`queue ${queueId} could not be removed from ${String(key.pk)}/${String(key.sk)}`);
}

/** Move the tickets of one status out of a deleted queue (gsi2 partition of that queue). */
async function unqueueTickets(companyId: number, queueId: number, status: TicketRecord['status']): Promise<void> {
  const pages = queryPages({
    IndexName: 'gsi2',
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': 'gsi2pk' },
    ExpressionAttributeValues: { ':pk': ticketPartitions.byStatusQueue(companyId, status, queueId) },
  });
  for await (const items of pages) {
    for (const item of items) {
      await ticketEntity
        .patch({ companyId, id: Number(item.id) })
        .set({ gsi2pk: ticketPartitions.byStatusQueue(companyId, status, null) })
        .remove(['queueId'])
        .where((attributes, { eq }) => `${eq(attributes.queueId, queueId)} AND ${eq(attributes.status, status)}`)
        .go()
        .catch((error: unknown) => {
          // Moved or closed meanwhile: its own write set its keys.
          if (!isConditionFailure(error)) throw error;
        });
    }
  }
}
