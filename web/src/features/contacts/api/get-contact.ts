import { recordReader } from '../../../lib/record-api.ts';
import { contactsQueryKeys } from './contacts-query-keys.ts';
import type { Contact } from './types.ts';

const contactReader = recordReader<Contact>('/contacts', contactsQueryKeys.detail, { staleTime: 0 });

/** GET /contacts/{id}, read again whenever it is shown. */
export const getContact = contactReader.get;
export const contactQueryOptions = contactReader.queryOptions;
export const useContact = contactReader.useRecord;
