import type { Contact, ContactExtraInfo } from '@atende/shared/entities/contact';

export type { Contact, ContactExtraInfo };

/** GET /contacts: one page (20) of the company's contacts. */
export interface ContactsPage {
  contacts: Contact[];
  count?: number;
  hasMore: boolean;
}

/** POST /contacts and PUT /contacts/{id}: extraInfo replaces the whole list. */
export interface ContactPayload {
  name: string;
  number: string;
  email: string;
  extraInfo: { id?: number; name: string; value: string }[];
}
