import type { ContactListItemRecord, ContactListRecord } from '#data/contact-lists';
import { adminsOnly } from '#domain/live-audience';
import type { EventRule, LiveEvent } from '../../live/live-event.ts';
import { publicContactList, publicContactListItem } from './serialize.ts';

/** The per-list channel of a list's items (extended §4: ContactListItem "also per list"). */
export const contactListItemEventOf = (contactListId: number) => `ContactListItem-${contactListId}`;

/**
 * `ContactList` events to the company's admins (who alone reach the screens): `{ action, record }`
 * or `{ action: "delete", id }`. An import's progress travels in the list's record; when an import
 * finishes, the list's own item channel gets `{ action: "reload" }` (its rows made no item events).
 */
export const contactListEventRule: EventRule = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') {
    return [
      { companyId, event: 'ContactList', data: { action: 'delete', id: item.id }, audience: adminsOnly },
    ];
  }
  const events: LiveEvent[] = [
    {
      companyId,
      event: 'ContactList',
      data: { action: change.kind, record: publicContactList(change.newItem as ContactListRecord) },
      audience: adminsOnly,
    },
  ];
  const finished =
    change.newItem?.importStatus === 'done' &&
    (change.oldItem?.importStatus !== 'done' || change.oldItem?.importId !== change.newItem?.importId);
  if (finished) {
    events.push({
      companyId,
      event: contactListItemEventOf(Number(item.id)),
      data: { action: 'reload' },
      audience: adminsOnly,
    });
  }
  return events;
};

/** Lists found gone lately (`<companyId>:<listId>` → until when), so a purge's thousands of deletes read once. */
const goneLists = new Map<string, number>();
const goneForMs = 60_000;

/** Whether the item's list is gone: then its items leave in a purge, and nobody watches them. */
async function listIsGone(companyId: number, contactListId: number): Promise<boolean> {
  const key = `${companyId}:${contactListId}`;
  if ((goneLists.get(key) ?? 0) > Date.now()) return true;
  // Loaded on first use: the rules' unit tests run without a table.
  const { getContactList } = await import('#data/contact-lists');
  if (await getContactList(companyId, contactListId)) return false;
  if (goneLists.size > 1000) goneLists.clear();
  goneLists.set(key, Date.now() + goneForMs);
  return true;
}

/**
 * `ContactListItem` events, on the company channel and the list's own one: `{ action, record }` or
 * `{ action: "delete", id, contactListId }`. Writes of an import (the item's `importId` changes)
 * make none: ten thousand rows would be twenty thousand events; the list's progress and its
 * final reload stand for them. Nor do the deletes of a deleted list's items (the list's own
 * `delete` told the screens).
 */
export const contactListItemEventRule: EventRule = async (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  if (
    change.kind !== 'delete' &&
    change.newItem?.importId !== undefined &&
    change.newItem.importId !== change.oldItem?.importId
  )
    return [];
  const companyId = Number(item.companyId);
  const contactListId = Number(item.contactListId);
  if (change.kind === 'delete' && (await listIsGone(companyId, contactListId))) return [];
  const data =
    change.kind === 'delete'
      ? { action: 'delete', id: item.id, contactListId }
      : { action: change.kind, record: publicContactListItem(change.newItem as ContactListItemRecord) };
  return [
    { companyId, event: 'ContactListItem', data, audience: adminsOnly },
    { companyId, event: contactListItemEventOf(contactListId), data, audience: adminsOnly },
  ];
};
