import { quickMessageCreateInputSchema } from '@atende/shared/entities/quick-message';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import { applyRecordEvent, parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import type { QuickMessage, QuickMessagePayload } from './api/types.ts';

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

/**
 * extended §5 Quick message: the shortcode is required (Requerido). A leading "/" is dropped, since
 * the chat adds it when offering the reply.
 */
export function checkQuickMessageForm(values: QuickMessageFormValues): FormCheck<QuickMessagePayload> {
  const checked = validateForm(quickMessageCreateInputSchema, {
    ...values,
    shortcode: values.shortcode.trim().replace(/^\/+/, ''),
  });
  if (!checked.ok) return checked;
  const { shortcode, message, geral, status } = checked.data;
  return { ok: true, data: { shortcode, message, geral, status } };
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
