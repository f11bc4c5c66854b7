/**
 * The contact lists routes' work (extended §2.6, §7 Contact lists: campaign recipients), one
 * function per route: the handler parses and answers, these read, write and queue the lists'
 * background work (imports, WhatsApp checks, a deleted list's items).
 */
import { randomUUID } from 'node:crypto';
import type {
  ContactListItemCreateInput,
  ContactListItemQuery,
  ContactListItemUpdateInput,
  ContactListsQuery,
} from '@atende/shared/entities/contact-list';
import { foldForSearch } from '@atende/shared/search-text';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import {
  createContactListItem,
  deleteContactList,
  deleteContactListItem,
  getContactList,
  getContactListItem,
  listContactLists,
  listItemsByName,
  updateContactList,
  updateContactListItem,
  type ContactListRecord,
} from '#data/contact-lists';
import { AppError, foundOr } from '#domain/app-error';
import { importRowsOf, normaliseNumber, readSheetRows } from '#domain/contact-list-import';
import { matchesSearch, pageOf } from '#domain/paging';
import { logger } from '#observability/logger';
import { maxCheckWaits } from './check-step.ts';
import { importRowsKey, storeImportRows } from './import-rows-store.ts';
import { publicContactList, publicContactListItem } from './serialize.ts';
import { sendContactListWork } from './work.ts';

/** Rows per page of both lists (the product we replace pages by 20). */
const pageSize = 20;

/** The number as stored (digits only), still 8 or more digits once the spaces and signs are gone. */
function storedNumber(number: string): string {
  const digits = normaliseNumber(number);
  if (digits.length < 8)
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'number', message: msg.tooShort }] });
  return digits;
}

export async function listOrFail(companyId: number, id: number): Promise<ContactListRecord> {
  return foundOr(getContactList(companyId, id));
}

export async function itemOrFail(companyId: number, id: number) {
  return foundOr(getContactListItem(companyId, id));
}

const byName = (a: { name: string }, b: { name: string }) =>
  foldForSearch(a.name).localeCompare(foldForSearch(b.name));

/** Starts (or restarts) the list's WhatsApp check; a failure to queue leaves items unchecked, never a failed write. */
async function checkSoon(companyId: number, contactListId: number): Promise<void> {
  try {
    // Only an import's check waits for a connection to come: one per item written would pile up.
    await sendContactListWork({
      kind: 'check',
      companyId,
      contactListId,
      cursor: null,
      waits: maxCheckWaits,
    });
  } catch (error) {
    logger.warn('contact-list check not queued', { companyId, contactListId, error: String(error) });
  }
}

/** GET /contact-lists: a page of 20 by name, filtered by name. */
export async function contactListsPage(companyId: number, query: ContactListsQuery) {
  const lists = (await listContactLists(companyId))
    .filter((list) => matchesSearch(query.searchParam, list.name))
    .sort(byName);
  const page = pageOf(lists, query.pageNumber, pageSize);
  return { records: page.items.map(publicContactList), count: page.count, hasMore: page.hasMore };
}

/** GET /contact-lists/list: every list by name (the campaign form's choice). */
export async function allContactLists(companyId: number) {
  return (await listContactLists(companyId)).sort(byName).map(publicContactList);
}

/** PUT /contact-lists/{id}: its new name. */
export async function renameContactList(companyId: number, id: number, name: string) {
  await listOrFail(companyId, id);
  return publicContactList(await updateContactList(companyId, id, { name }));
}

/** DELETE /contact-lists/{id}: the list at once; its items go in queued steps (thousands are more than one request should delete). */
export async function removeContactList(companyId: number, id: number): Promise<void> {
  await deleteContactList(companyId, id);
  await sendContactListWork({ kind: 'purge', companyId, contactListId: id });
}

/**
 * POST /contact-lists/{id}/upload: the sheet's rows read and checked now (what is refused or
 * merged is answered at once), then written in queued slices; the list shows the import's
 * progress. A newer import takes over the progress fields, so an older one still running stops.
 */
export async function importIntoContactList(companyId: number, id: number, file: Buffer) {
  await listOrFail(companyId, id);
  const parsed = importRowsOf(await readSheetRows(file));
  const importId = randomUUID();
  const rows = parsed.rows.map(({ name, number, email }) => ({ name, number, email }));
  const nothingToWrite = rows.length === 0;
  const key = importRowsKey(companyId, id, importId);
  if (!nothingToWrite) await storeImportRows(key, rows);
  const list = await updateContactList(companyId, id, {
    importId,
    importStatus: nothingToWrite ? 'done' : 'running',
    importTotal: rows.length,
    importDone: 0,
    importCreated: 0,
    importMerged: 0,
    importRefused: parsed.refused.length,
  });
  if (!nothingToWrite)
    await sendContactListWork({ kind: 'import', companyId, contactListId: id, importId, key, offset: 0 });
  return {
    importId,
    contactList: publicContactList(list),
    total: parsed.total,
    accepted: rows.length,
    refused: parsed.refused,
    merged: parsed.merged,
  };
}

/** GET /contact-list-items: a list's items, a page of 20 by name, filtered by `searchParam`. */
export async function contactListItemsPage(companyId: number, query: ContactListItemQuery) {
  await listOrFail(companyId, query.contactListId);
  const wanted = query.pageNumber * pageSize;
  // One more than the page, to tell whether another page follows.
  const items = await listItemsByName(companyId, query.contactListId, {
    limit: wanted + 1,
    search: query.searchParam,
  });
  const page = items.slice(wanted - pageSize, wanted);
  return { contacts: page.map(publicContactListItem), count: page.length, hasMore: items.length > wanted };
}

/** POST /contact-list-items: an item of an existing list; its WhatsApp check is queued. */
export async function addContactListItem(companyId: number, input: ContactListItemCreateInput) {
  await listOrFail(companyId, input.contactListId);
  const created = await createContactListItem(companyId, input.contactListId, {
    name: input.name,
    number: storedNumber(input.number),
    email: input.email,
  });
  await checkSoon(companyId, input.contactListId);
  return publicContactListItem(created);
}

/** PUT /contact-list-items/{id}: the fields given; a new number is checked on WhatsApp again. */
export async function changeContactListItem(
  companyId: number,
  id: number,
  input: ContactListItemUpdateInput,
) {
  const current = await itemOrFail(companyId, id);
  const updated = await updateContactListItem(current, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.number !== undefined ? { number: storedNumber(input.number) } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
  });
  if (updated.isWhatsappValid === undefined) await checkSoon(companyId, updated.contactListId);
  return publicContactListItem(updated);
}

/** DELETE /contact-list-items/{id}. */
export async function removeContactListItem(companyId: number, id: number): Promise<void> {
  await deleteContactListItem(await itemOrFail(companyId, id));
}
