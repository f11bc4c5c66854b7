import type { lidContactsMessages } from './lid-contacts.es.ts';

/** Brazilian Portuguese text of LID contacts: a person WhatsApp shows only by its privacy id. */
export const lidContactsMessagesPtBr: Record<keyof typeof lidContactsMessages, string> = {
  'contacts.lid': 'LID',
  'contacts.lidHint': 'O WhatsApp oculta o número deste contato (LID): ele é preenchido quando o WhatsApp o revelar.',
};
