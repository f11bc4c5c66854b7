import type { contactsImportMessages } from './contacts-import.es.ts';

/** English (en) UI text of the contacts CSV import (merged by messages.en.ts). */
export const contactsImportMessagesEn: Record<keyof typeof contactsImportMessages, string> = {
  'contacts.import': 'Import',
  'contacts.import.choose': 'Import contacts from a CSV file',
  'contacts.import.tooLarge': 'The file exceeds the {size} MB limit.',
  'contacts.import.title': 'Import result',
  'contacts.import.created': 'Contacts created',
  'contacts.import.skipped': 'Skipped (number already existed)',
  'contacts.import.invalid': 'Invalid rows',
  'contacts.import.line': 'Line',
  'contacts.import.reason': 'Reason',
  'contacts.import.more': 'and {count} more rows.',
  'contacts.import.format':
    'Format: name;number;email, with a header row, like the export (commas are accepted too).',
  'contacts.import.done': 'Import finished: {created} created, {skipped} skipped, {invalid} invalid.',
};
