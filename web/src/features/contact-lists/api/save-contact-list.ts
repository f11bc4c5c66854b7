import { contactListsQueryKeys } from './contact-lists-query-keys.ts';
import type { ContactList, ContactListPayload } from './types.ts';
import { recordSaver } from '../../../lib/record-api.ts';

const contactListSaver = recordSaver<ContactListPayload, ContactList>('/contact-lists', contactListsQueryKeys.all);

export const createContactList = contactListSaver.create;
export const updateContactList = contactListSaver.update;
/** POST /contact-lists or PUT /contact-lists/{id}; the lists reload. */
export const useSaveContactList = contactListSaver.useSave;
