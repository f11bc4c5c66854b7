import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { foldForSearch } from '@atende/shared/search-text';
import { documentClient, tableName } from '#aws/dynamo';
import { AppError } from '#domain/app-error';
import { contactListEntity } from './contact-list-entity.ts';
import { contactListItemEntity, contactListNumberEntity } from './contact-list-item-entity.ts';
import { nextId, reserveIds } from './ids.ts';
import { isConditionFailure, writtenIf } from './sessions.ts';
import { writeAll } from './transaction.ts';
import { companyItemReads, createCompanyItem, getCompanyItem, orNotFound } from './company-items.ts';

/**
 * Contact lists and their items (AP-CL-*, docs/data-model.md). `contactsCount` changes only in
 * the transaction that creates or deletes an item, so it is always the number of items.
 */

export type ContactListRecord = EntityItem<typeof contactListEntity>;
export type ContactListItemRecord = EntityItem<typeof contactListItemEntity>;

const listEntities = { list: contactListEntity, item: contactListItemEntity, guard: contactListNumberEntity };

const contactListReads = companyItemReads(contactListEntity);

/** AP-CL-1: a contact list by id. */
export const getContactList = contactListReads.get;

/** AP-CL-2: every contact list of a company (`sk begins_with CLIST#`): a small set, paged in memory. */
export const listContactLists = contactListReads.list;

/** AP-CL-3: create a contact list. */
export async function createContactList(companyId: number, name: string): Promise<ContactListRecord> {
  return createCompanyItem(contactListEntity, 'contactList', companyId, { name, contactsCount: 0 });
}

type ListChanges = Partial<
  Pick<
    ContactListRecord,
    | 'name'
    | 'importId'
    | 'importStatus'
    | 'importTotal'
    | 'importDone'
    | 'importCreated'
    | 'importMerged'
    | 'importRefused'
  >
>;

/**
 * AP-CL-4: change a contact list that exists (404 when gone). With `whenImport`, only while that
 * import is still the list's latest (a newer upload takes over the progress fields).
 */
export async function updateContactList(
  companyId: number,
  id: number,
  changes: ListChanges,
  whenImport?: string,
): Promise<ContactListRecord> {
  try {
    let patch = contactListEntity.patch({ companyId, id }).set(changes);
    if (whenImport) patch = patch.where(({ importId }, { eq }) => eq(importId, whenImport));
    const { data } = await patch.go({ response: 'all_new' });
    return data as ContactListRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_NOT_FOUND');
    throw error;
  }
}

/** AP-CL-5: delete a contact list (404 when gone). Its items go afterwards (deleteItemsOfContactList). */
export async function deleteContactList(companyId: number, id: number): Promise<void> {
  await orNotFound(() =>
    contactListEntity
      .delete({ companyId, id })
      .where(({ id: existing }, { exists }) => exists(existing))
      .go(),
  );
}

/** AP-CLI-1: a list item by id. */
export async function getContactListItem(
  companyId: number,
  id: number,
): Promise<ContactListItemRecord | undefined> {
  return getCompanyItem(contactListItemEntity, companyId, id);
}

/**
 * AP-CLI-2: a list's items in name order (gsi1). Without a search only the first `limit` are
 * read; a search reads the list's items and keeps those whose name, number or e-mail contain it.
 */
export async function listItemsByName(
  companyId: number,
  contactListId: number,
  options: { limit: number; search?: string },
): Promise<ContactListItemRecord[]> {
  const query = contactListItemEntity.query.byListName({ companyId, contactListId });
  const needle = foldForSearch(options.search ?? '');
  if (!needle) {
    const { data } = await query.go({ count: options.limit });
    return data;
  }
  const digits = needle.replace(/\D/g, '');
  const { data } = await query
    .where(({ nameKey, number, email }, { contains }) =>
      [
        contains(nameKey, needle),
        contains(email, needle),
        ...(digits ? [contains(number, digits)] : []),
      ].join(' OR '),
    )
    .go({ pages: 'all' });
  return data.slice(0, options.limit);
}

/**
 * AP-CLI-3: one page of a list's items in id order (gsi2), for the campaign dispatcher and the
 * WhatsApp check: pass the answer's `cursor` back for the next page; null when there is no more.
 * `onlyUnchecked` keeps the items whose number has not been checked yet.
 */
export async function listItemsOfContactList(
  companyId: number,
  contactListId: number,
  cursor: string | null,
  options: { limit?: number; onlyUnchecked?: boolean } = {},
): Promise<{ items: ContactListItemRecord[]; cursor: string | null }> {
  let query = contactListItemEntity.query.byListOrder({ companyId, contactListId });
  if (options.onlyUnchecked)
    query = query.where(({ isWhatsappValid }, { notExists }) => notExists(isWhatsappValid)) as typeof query;
  const { data, cursor: next } = await query.go({ cursor, count: options.limit ?? 100 });
  return { items: data, cursor: next ?? null };
}

export interface ItemFields {
  name: string;
  /** Digits only. */
  number: string;
  email: string;
}

/**
 * AP-CLI-4: add an item: the item, its number's claim and the list's count in one transaction.
 * ERR_DUPLICATED_CONTACT when the list has the number already, ERR_NOT_FOUND when the list is gone.
 */
export async function createContactListItem(
  companyId: number,
  contactListId: number,
  fields: ItemFields,
  importId?: string,
): Promise<ContactListItemRecord> {
  const id = await nextId({ companyId }, 'contactListItem');
  const record = {
    companyId,
    contactListId,
    id,
    ...fields,
    nameKey: foldForSearch(fields.name),
    ...(importId ? { importId } : {}),
  };
  await writeAll(
    listEntities,
    ({ list, item, guard }) => [
      item.create(record).commit(),
      guard.create({ companyId, contactListId, number: fields.number, itemId: id }).commit(),
      list.patch({ companyId, id: contactListId }).add({ contactsCount: 1 }).commit(),
    ],
    [undefined, 'ERR_DUPLICATED_CONTACT', 'ERR_NOT_FOUND'],
  );
  const created = await getContactListItem(companyId, id);
  if (!created) throw new AppError('ERR_NOT_FOUND');
  return created;
}

/**
 * AP-CLI-5: change an item. A new number moves its claim (ERR_DUPLICATED_CONTACT when another
 * item holds it) and forgets the old number's WhatsApp check.
 */
export async function updateContactListItem(
  current: ContactListItemRecord,
  changes: Partial<ItemFields>,
): Promise<ContactListItemRecord> {
  const { companyId, contactListId, id } = current;
  const set = { ...changes, ...(changes.name !== undefined ? { nameKey: foldForSearch(changes.name) } : {}) };
  const numberChanges = changes.number !== undefined && changes.number !== current.number;
  await writeAll(
    listEntities,
    ({ item, guard }) => {
      let patch = item.patch({ companyId, id }).set(set);
      if (numberChanges) patch = patch.remove(['isWhatsappValid', 'checkedAt']);
      const writes = [patch.where(({ number }, { eq }) => eq(number, current.number)).commit()];
      if (numberChanges) {
        writes.push(
          guard.delete({ companyId, contactListId, number: current.number }).commit(),
          guard.create({ companyId, contactListId, number: changes.number!, itemId: id }).commit(),
        );
      }
      return writes;
    },
    ['ERR_NOT_FOUND', undefined, 'ERR_DUPLICATED_CONTACT'],
  );
  const updated = await getContactListItem(companyId, id);
  if (!updated) throw new AppError('ERR_NOT_FOUND');
  return updated;
}

/** AP-CLI-6: delete an item, its number's claim and one from the list's count, together. */
export async function deleteContactListItem(current: ContactListItemRecord): Promise<void> {
  const { companyId, contactListId, id, number } = current;
  await writeAll(
    listEntities,
    ({ list, item, guard }) => [
      item
        .delete({ companyId, id })
        .where(({ id: existing }, { exists }) => exists(existing))
        .commit(),
      guard.delete({ companyId, contactListId, number }).commit(),
      list.patch({ companyId, id: contactListId }).add({ contactsCount: -1 }).commit(),
    ],
    ['ERR_NOT_FOUND', undefined, 'ERR_NOT_FOUND'],
  );
}

/** AP-CLI-7: record a number's WhatsApp check on its item (nothing when the item is gone or its number changed). */
export async function setItemWhatsappValidity(item: ContactListItemRecord, valid: boolean): Promise<void> {
  await writtenIf(() =>
    contactListItemEntity
      .patch({ companyId: item.companyId, id: item.id })
      .set({ isWhatsappValid: valid, checkedAt: new Date().toISOString() })
      .where(({ number }, { eq }) => eq(number, item.number))
      .go(),
  );
}

/** How many import rows go in one transaction: two writes each (item, claim) plus the list's count. */
const importRowsPerTransaction = 49;

/**
 * AP-CLI-8: write import rows (numbers already unique among them): a number the list has merges
 * into its item (name and e-mail when given), the others are created in transactions that also
 * add to the list's count. A row whose number another writer claimed meanwhile merges on retry.
 */
export async function importContactListRows(
  companyId: number,
  contactListId: number,
  rows: ItemFields[],
  importId: string,
  options: { skipClaimRead?: boolean } = {},
): Promise<{ created: number; merged: number }> {
  let created = 0;
  let merged = 0;
  for (let start = 0; start < rows.length; start += importRowsPerTransaction) {
    const chunk = rows.slice(start, start + importRowsPerTransaction);
    // Into a list that holds only this import's items no row can be claimed yet (the file's numbers
    // are unique): the claims' read is skipped, and a claim found anyway fails the transaction into
    // the row-by-row path below.
    const { data: claims } = options.skipClaimRead
      ? { data: [] as { number: string; itemId: number }[] }
      : await contactListNumberEntity
          .get(chunk.map((row) => ({ companyId, contactListId, number: row.number })))
          .go({ consistent: true });
    const claimed = new Map(claims.map((claim) => [claim.number, claim.itemId]));
    const fresh = chunk.filter((row) => !claimed.has(row.number));
    for (const row of chunk) {
      const itemId = claimed.get(row.number);
      if (itemId === undefined) continue;
      await mergeIntoItem(companyId, itemId, row, importId);
      merged += 1;
    }
    if (fresh.length === 0) continue;
    const ids = await reserveIds({ companyId }, 'contactListItem', fresh.length);
    try {
      await writeAll(
        listEntities,
        ({ list, item, guard }) => [
          ...fresh.flatMap((row, index) => [
            item
              .create({
                companyId,
                contactListId,
                id: ids[index]!,
                ...row,
                nameKey: foldForSearch(row.name),
                importId,
              })
              .commit(),
            guard.create({ companyId, contactListId, number: row.number, itemId: ids[index]! }).commit(),
          ]),
          list.patch({ companyId, id: contactListId }).add({ contactsCount: fresh.length }).commit(),
        ],
        [],
        'ERR_DUPLICATED_CONTACT',
      );
      created += fresh.length;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A claim appeared meanwhile (or the list went): one row at a time, merging where claimed.
      for (const row of fresh) {
        const outcome = await importOneRow(companyId, contactListId, row, importId);
        if (outcome === 'created') created += 1;
        else merged += 1;
      }
    }
  }
  return { created, merged };
}

async function importOneRow(
  companyId: number,
  contactListId: number,
  row: ItemFields,
  importId: string,
): Promise<'created' | 'merged'> {
  try {
    await createContactListItem(companyId, contactListId, row, importId);
    return 'created';
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'ERR_DUPLICATED_CONTACT') throw error;
    const { data: claim } = await contactListNumberEntity
      .get({ companyId, contactListId, number: row.number })
      .go({ consistent: true });
    if (claim) await mergeIntoItem(companyId, claim.itemId, row, importId);
    return 'merged';
  }
}

/** A duplicate's name and e-mail (when it has one) replace the item's. */
async function mergeIntoItem(
  companyId: number,
  itemId: number,
  row: ItemFields,
  importId: string,
): Promise<void> {
  try {
    await contactListItemEntity
      .patch({ companyId, id: itemId })
      .set({
        name: row.name,
        nameKey: foldForSearch(row.name),
        importId,
        ...(row.email ? { email: row.email } : {}),
      })
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * AP-CLI-9: delete up to `limit` items of a deleted list with their claims (no count to keep:
 * the list is gone). Answers how many it deleted; 0 means the list is empty.
 */
export async function deleteItemsOfContactList(
  companyId: number,
  contactListId: number,
  limit = 500,
): Promise<number> {
  const { data } = await contactListItemEntity.query
    .byListOrder({ companyId, contactListId })
    .go({ count: limit });
  if (data.length === 0) return 0;
  await contactListItemEntity.delete(data.map(({ id }) => ({ companyId, id }))).go();
  await contactListNumberEntity.delete(data.map(({ number }) => ({ companyId, contactListId, number }))).go();
  return data.length;
}

/**
 * AP-CLI-10: claim the next WhatsApp-check slot of a connection (`C#<companyId>` /
 * `CLCHECK#<whatsappId>`, holding the earliest time of the next check). Answers 0 when the slot
 * is ours (the next one is then `spacingMs` later), else how long to wait. Every checker of the
 * connection shares the one slot, so the connection's checks never exceed the pace together.
 */
export async function claimWhatsappCheckSlot(
  companyId: number,
  whatsappId: number,
  spacingMs: number,
): Promise<number> {
  const now = Date.now();
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `C#${companyId}`, sk: `CLCHECK#${whatsappId}` },
        UpdateExpression: 'SET nextAt = :next',
        ConditionExpression: 'attribute_not_exists(nextAt) OR nextAt <= :now',
        ExpressionAttributeValues: { ':next': now + spacingMs, ':now': now },
      }),
    );
    return 0;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    const answer = await documentClient.send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: `C#${companyId}`, sk: `CLCHECK#${whatsappId}` },
        ConsistentRead: true,
      }),
    );
    return Math.max(1, Number(answer.Item?.nextAt ?? now) - now);
  }
}
