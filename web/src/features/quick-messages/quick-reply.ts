import { quickReplyLabelMaxChars, quickReplyTriggerMinChars } from '@atende/shared/constants';
import type { QuickMessage } from './api/types.ts';

/** What the chat input offers for one quick message. */
export interface QuickReplyOption {
  id: number;
  shortcode: string;
  /** What choosing it puts in the input. */
  message: string;
  /** `/shortcode - message`, the message cut at 35 characters. */
  label: string;
  mediaPath?: string | null;
  /** The attached file's name (sent with the message when the quick reply has one). */
  mediaName?: string | null;
}

/** core §2: the labels cut the message at 35 characters (then an ellipsis, without a dangling space). */
export function cutLabelText(text: string, max: number = quickReplyLabelMaxChars): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : flat;
}

export function quickReplyLabel(record: Pick<QuickMessage, 'shortcode' | 'message'>): string {
  const message = cutLabelText(record.message ?? '');
  return message ? `/${record.shortcode} - ${message}` : `/${record.shortcode}`;
}

/**
 * core §2: typing "/" followed by more than one character offers quick replies. The input must
 * still be that one word (the shortcode being typed); returns what follows the "/", or undefined
 * when no suggestions should show.
 */
export function quickReplyQuery(input: string): string | undefined {
  const match = /^\/(\S+)$/.exec(input);
  const query = match?.[1];
  return query && [...query].length >= quickReplyTriggerMinChars ? query : undefined;
}

/** Case- and accent-insensitive form for matching. */
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The active quick messages whose shortcode holds the query, those starting with it first, then by
 * shortcode. An input that does not trigger suggestions gets none.
 */
export function matchQuickReplies(input: string, records: readonly QuickMessage[]): QuickReplyOption[] {
  const query = quickReplyQuery(input);
  if (query === undefined) return [];
  const wanted = fold(query);
  return records
    .filter((record) => record.status !== false && fold(record.shortcode ?? '').includes(wanted))
    .map((record) => ({ record, starts: fold(record.shortcode).startsWith(wanted) }))
    .sort(
      (a, b) => Number(b.starts) - Number(a.starts) || a.record.shortcode.localeCompare(b.record.shortcode),
    )
    .map(({ record }) => ({
      id: record.id,
      shortcode: record.shortcode,
      message: record.message ?? '',
      label: quickReplyLabel(record),
      mediaPath: record.mediaPath ?? null,
      mediaName: record.mediaName ?? null,
    }));
}
