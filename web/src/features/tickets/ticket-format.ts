import { formatLocaleDate, formatLocaleTime } from '../../i18n/format.ts';
import { whatsappPlainText } from '../../lib/whatsapp-format.ts';
import { t } from '../../i18n/index.ts';
import { locationOf, vcardContacts } from './media-rules.ts';

/** core §2 / §9: the list's time, HH:mm when it is today, DD/MM/YYYY otherwise (in the UI's language). */
export function formatListTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const today =
    date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return today ? formatLocaleTime(date) : formatLocaleDate(date);
}

/** HH:mm of a message (in the UI's language). */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  return formatLocaleTime(value);
}

/** The day a message belongs to, as the separator shows it: DD/MM/YYYY (in the UI's language). */
export function formatDay(value: string): string {
  return formatLocaleDate(value);
}

/** Up to two initials for an avatar without a picture. */
export { initialsOf } from '../../lib/initials.ts';

/** core §2: contact names are cut to 10 characters under 600 px width. */
export function shortName(name: string, narrow: boolean, max = 10): string {
  return narrow && name.length > max ? `${name.slice(0, max)}…` : name;
}

/**
 * The list's preview of the last message, without WhatsApp's *bold* and _italic_ markers. A
 * contact card or a location reads as what it is ("Contacto: Pedro"), not as its raw vCard or
 * JSON body.
 */
export function plainPreview(text: string | null | undefined): string {
  const body = text ?? '';
  if (/^\s*BEGIN:VCARD/i.test(body)) {
    const names = vcardContacts(body).map((contact) => contact.name || contact.number || '');
    return t('tickets.media.contactPreview', { names: names.filter(Boolean).join(', ') }).trim();
  }
  if (/^\s*\{/.test(body) && /"latitude"/.test(body)) {
    const place = locationOf(body);
    return t('tickets.media.locationPreview', { place: place.name ?? place.address ?? '' }).trim();
  }
  return whatsappPlainText(body).replace(/\s*\n\s*/g, ' ');
}

/**
 * A missed call's preview line, which the server writes as "📞 Llamada de voz": its words without
 * the emoji (many systems have no glyph for it, and draw a box), for the list to put a phone icon
 * before; undefined for any other text.
 */
export function missedCallPreview(text: string | null | undefined): string | undefined {
  const match = /^\s*\u{1F4DE}\uFE0F?\s*/u.exec(text ?? '');
  return match ? (text ?? '').slice(match[0].length) : undefined;
}
