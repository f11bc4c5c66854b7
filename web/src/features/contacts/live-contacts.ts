import { applyRecordEvent, parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import type { Contact } from './api/types.ts';

/** The live `contact` event: `{ action: 'create' | 'update', contact }` or `{ action: 'delete', contactId }`. */
export type ContactLiveEvent = RecordLiveEvent<Contact>;

export function parseContactEvent(data: unknown): ContactLiveEvent | undefined {
  return parseRecordEvent<Contact>(data, { record: ['contact'], id: ['contactId', 'id'] });
}

export { applyRecordEvent };
