import { applyRecordEvent, parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import type { QuickMessage } from './api/types.ts';

/** The dialog's values; quickMessageCreateInputSchema (the route's body schema) checks them. */
export interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}

export function emptyQuickMessageForm(): QuickMessageFormValues {
  return { shortcode: '', message: '', geral: false, status: true };
}

export function quickMessageFormOf(record: Partial<QuickMessage>): QuickMessageFormValues {
  return {
    shortcode: record.shortcode ?? '',
    message: record.message ?? '',
    geral: record.geral ?? false,
    status: record.status ?? true,
  };
}

/** The live `quickmessage` event: `{ action, record }` (or `quickMessage`), delete with an id. */
export type QuickMessageLiveEvent = RecordLiveEvent<QuickMessage>;

export function parseQuickMessageEvent(data: unknown): QuickMessageLiveEvent | undefined {
  return parseRecordEvent<QuickMessage>(data, {
    record: ['record', 'quickMessage', 'quickmessage'],
    id: ['id', 'quickMessageId', 'quickmessageId'],
  });
}

export { applyRecordEvent };
