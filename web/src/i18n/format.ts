/**
 * Dates, times, numbers and money in the current language (docs/i18n.md). Spanish keeps the
 * product's formats (core §9: DD/MM/YYYY, HH:mm, "12.345"); Portuguese reads the same; English
 * is the US's (MM/DD/YYYY, 09:04 AM, "12,345").
 */
import { currentLocale, intlTagOf, type Locale } from './locale.ts';

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateFormat(locale: Locale, timeZone?: string): Intl.DateTimeFormat {
  return cached(
    `d|${locale}|${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(intlTagOf(locale), {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        ...(timeZone ? { timeZone } : {}),
      }),
  );
}

function timeFormat(locale: Locale, timeZone?: string): Intl.DateTimeFormat {
  return cached(
    `t|${locale}|${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(intlTagOf(locale), {
        hour: '2-digit',
        minute: '2-digit',
        ...(locale === 'en' ? {} : { hourCycle: 'h23' as const }),
        ...(timeZone ? { timeZone } : {}),
      }),
  );
}

function toDate(value: Date | string | number): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A day (DD/MM/YYYY in es and pt-BR, MM/DD/YYYY in en); '' for an invalid date. In `timeZone` when given, else the browser's. */
export function formatLocaleDate(
  value: Date | string | number,
  timeZone?: string,
  locale: Locale = currentLocale(),
): string {
  const date = toDate(value);
  return date ? dateFormat(locale, timeZone).format(date) : '';
}

/** A time of day (HH:mm; en: hh:mm AM/PM); '' for an invalid date. */
export function formatLocaleTime(
  value: Date | string | number,
  timeZone?: string,
  locale: Locale = currentLocale(),
): string {
  const date = toDate(value);
  return date ? timeFormat(locale, timeZone).format(date) : '';
}

/** A day and its time ("05/01/2026 09:04"); '' for an invalid date. */
export function formatLocaleDateTime(
  value: Date | string | number,
  timeZone?: string,
  locale: Locale = currentLocale(),
): string {
  const date = toDate(value);
  return date
    ? `${dateFormat(locale, timeZone).format(date)} ${timeFormat(locale, timeZone).format(date)}`
    : '';
}

/** A calendar day `yyyy-MM-dd` (no time zone moves it), in the language's order; other text as it is. */
export function formatCalendarDay(value: string, locale: Locale = currentLocale()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return dateFormat(locale, 'UTC').format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))),
  );
}

/** A number with the language's separators ("12.345,5" / "12,345.5"). */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  locale: Locale = currentLocale(),
): string {
  return cached(
    `n|${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(intlTagOf(locale), options),
  ).format(value);
}

/**
 * Money in its currency. Spanish keeps the formats the spec gives (extended §9: reais as pt-BR
 * writes them, "R$ 1.234,50"; euros as es-ES, "1234,50 €"); the other languages write any
 * currency their own way.
 */
export function formatMoney(
  value: number,
  currency: 'BRL' | 'EUR' | (string & {}),
  locale: Locale = currentLocale(),
): string {
  const tag = locale === 'es' ? (currency === 'BRL' ? 'pt-BR' : 'es-ES') : intlTagOf(locale);
  return cached(
    `m|${tag}|${currency}`,
    () => new Intl.NumberFormat(tag, { style: 'currency', currency }),
  ).format(value);
}
