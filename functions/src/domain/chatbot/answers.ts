import { ratingValues } from '@atende/shared/constants';

/** What a customer's reply means to a menu or to the rating question. */
export type MenuAnswer = { kind: 'home' } | { kind: 'back' } | { kind: 'choice'; value: string } | { kind: 'other' };

export type Rating = (typeof ratingValues)[number];

/**
 * The reply as the customer probably meant it: trimmed, without WhatsApp bold/brackets around
 * it ("*2*", "[ 2 ]", "2."), keycap emoji as digits ("2️⃣"), leading zeros dropped ("02").
 */
export function normaliseAnswer(text: string): string {
  let value = text
    .normalize('NFKC')
    .replace(/([0-9#])\uFE0F?\u20E3/gu, '$1')
    .trim();
  value = value.replace(/^[*_~[(\s]+/u, '').replace(/[*_~\])\s.!]+$/u, '');
  if (/^\d+$/.test(value)) value = String(Number(value));
  return value;
}

export function parseMenuAnswer(text: string): MenuAnswer {
  const value = normaliseAnswer(text);
  if (value === '#') return { kind: 'home' };
  if (value === '0') return { kind: 'back' };
  if (/^\d{1,4}$/.test(value)) return { kind: 'choice', value };
  // Option numbers are free text in the product ("1", "2"… usually): a short token may match one.
  if (value.length > 0 && value.length <= 4 && !/\s/.test(value)) return { kind: 'choice', value };
  return { kind: 'other' };
}

/** Whether an answer picks an option whose number is `option` (compared like the answer). */
export function answersOption(value: string, option: string): boolean {
  return normaliseAnswer(option).toLowerCase() === value.toLowerCase();
}

/**
 * A rating is exactly one of 1, 2 or 3 (core §9): "2", " 2 ", "*2*", "2️⃣". Anything else ("5",
 * "2.5", "dos", "2 gracias") is no rating and is never stored.
 */
export function parseRating(text: string): Rating | undefined {
  const value = normaliseAnswer(text);
  return ratingValues.find((rating) => String(rating) === value);
}
