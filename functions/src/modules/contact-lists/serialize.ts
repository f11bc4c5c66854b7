import type { ContactListItemRecord, ContactListRecord } from '#data/contact-lists';

/** A contact list as the REST answers and live events show it, with its latest import's progress. */
export function publicContactList(list: ContactListRecord) {
  return {
    id: list.id,
    name: list.name,
    contactsCount: list.contactsCount ?? 0,
    companyId: list.companyId,
    import: list.importId
      ? {
          id: list.importId,
          status: list.importStatus ?? 'running',
          total: list.importTotal ?? 0,
          done: list.importDone ?? 0,
          created: list.importCreated ?? 0,
          merged: list.importMerged ?? 0,
          refused: list.importRefused ?? 0,
        }
      : null,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
  };
}

/** A list item; `isWhatsappValid` is null until a connection has checked the number. */
export function publicContactListItem(item: ContactListItemRecord) {
  return {
    id: item.id,
    name: item.name,
    number: item.number,
    email: item.email ?? '',
    isWhatsappValid: item.isWhatsappValid ?? null,
    companyId: item.companyId,
    contactListId: item.contactListId,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}
