import type { lidContactsMessages } from './lid-contacts.es.ts';

/** English (en) UI text of LID contacts: a person WhatsApp shows only by its privacy id (merged by messages.en.ts). */
export const lidContactsMessagesEn: Record<keyof typeof lidContactsMessages, string> = {
  'contacts.lid': 'LID',
  'contacts.lidHint': "WhatsApp hides this contact's number (LID): it is filled in when WhatsApp reveals it.",
};
