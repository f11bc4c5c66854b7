import { parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import type {
  ContactList,
  ContactListImport,
  ContactListItem,
} from './api/types.ts';

/**
 * The item dialog's values; contactListItemFieldsSchema checks them (extended §5 List item: name
 * required 2-50; number 8 to 50; email valid, Email no valido).
 */
export interface ContactListItemFormValues {
  name: string;
  number: string;
  email: string;
}

/** `ContactList`: `{ action, record }` or `{ action: 'delete', id }`. */
export function parseContactListEvent(data: unknown): RecordLiveEvent<ContactList> | undefined {
  return parseRecordEvent<ContactList>(data, { record: ['record'], id: ['id'] });
}

/** `ContactListItem-<listId>`: like the list's, plus `{ action: 'reload' }` once an import is written. */
export function parseContactListItemEvent(
  data: unknown,
): RecordLiveEvent<ContactListItem> | { action: 'reload' } | undefined {
  if (data && typeof data === 'object' && (data as { action?: unknown }).action === 'reload')
    return { action: 'reload' };
  return parseRecordEvent<ContactListItem>(data, { record: ['record'], id: ['id'] });
}

/** How far an import has got, 0 to 100. */
export function importPercent(progress: Pick<ContactListImport, 'total' | 'done' | 'status'>): number {
  if (progress.status === 'done' || progress.total === 0) return 100;
  return Math.min(100, Math.floor((progress.done / progress.total) * 100));
}

export type WhatsappValidity = 'valid' | 'invalid' | 'unchecked';

export function whatsappValidityOf(item: Pick<ContactListItem, 'isWhatsappValid'>): WhatsappValidity {
  if (item.isWhatsappValid === true) return 'valid';
  if (item.isWhatsappValid === false) return 'invalid';
  return 'unchecked';
}
