import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatIsoDay, formatRating } from '../features/dashboard/dashboard-format.ts';
import { formatReal } from '../features/invoices/invoice-format.ts';
import { formatListTime } from '../features/tickets/ticket-format.ts';
import { validationMessages } from '@atende/shared/validation-messages';
import {
  formatCalendarDay,
  formatLocaleDate,
  formatLocaleDateTime,
  formatLocaleTime,
  formatMoney,
  formatNumber,
} from './format.ts';
import {
  activeCatalogue,
  browserLocale,
  currentLocale,
  localeOfUser,
  localizeValidationMessage,
  setLocale,
} from './locale.ts';
import { tCount } from './t.ts';

afterEach(() => setLocale('es'));

/** The catalogue text of a key with its `{count}` filled, as tCount must give it. */
const counted = (key: 'tickets.unread' | 'tickets.unreadOne', count: number) =>
  activeCatalogue().messages[key].replace('{count}', String(count));

describe('plurals per language', () => {
  it('Spanish: one is singular, zero and many plural', () => {
    expect(tCount('tickets.unread', 1)).toBe('1 mensaje sin leer');
    expect(tCount('tickets.unread', 0)).toBe('0 mensajes sin leer');
    expect(tCount('tickets.unread', 2)).toBe('2 mensajes sin leer');
  });

  it('Brazilian Portuguese: one is singular; zero is plural as Brazil writes it ("0 mensagens"), though Intl says "one"', async () => {
    await setLocale('pt-BR');
    expect(currentLocale()).toBe('pt-BR');
    expect(new Intl.PluralRules('pt-BR').select(0)).toBe('one');
    expect(tCount('tickets.unread', 0)).toBe(counted('tickets.unread', 0));
    expect(tCount('tickets.unread', 0)).toBe('0 mensagens não lidas');
    expect(tCount('tickets.unread', 1)).toBe(counted('tickets.unreadOne', 1));
    expect(tCount('tickets.unread', 2)).toBe(counted('tickets.unread', 2));
  });

  it('English: one is singular, zero plural', async () => {
    await setLocale('en');
    expect(tCount('tickets.unread', 1)).toBe(counted('tickets.unreadOne', 1));
    expect(tCount('tickets.unread', 0)).toBe(counted('tickets.unread', 0));
  });
});

describe('dates, times, numbers and money per language', () => {
  const instant = '2026-01-05T09:04:00Z';

  it('Spanish keeps the product formats (core §9)', () => {
    expect(formatLocaleDate(instant, 'UTC')).toBe('05/01/2026');
    expect(formatLocaleTime(instant, 'UTC')).toBe('09:04');
    expect(formatLocaleDateTime(instant, 'America/Sao_Paulo')).toBe('05/01/2026 06:04');
    expect(formatCalendarDay('2026-01-05')).toBe('05/01/2026');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    expect(formatMoney(1234.5, 'BRL')).toMatch(/^R\$\s1\.234,50$/);
    expect(formatMoney(1234.5, 'EUR')).toMatch(/^1234,50\s€$/);
    expect(formatCount(12345)).toBe('12.345');
    expect(formatRating(2.5)).toBe('2,5');
  });

  it('Brazilian Portuguese: day first, comma decimals', async () => {
    await setLocale('pt-BR');
    expect(formatLocaleDate(instant, 'UTC')).toBe('05/01/2026');
    expect(formatLocaleTime(instant, 'UTC')).toBe('09:04');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    expect(formatMoney(1234.5, 'EUR')).toMatch(/^€\s1\.234,50$/);
    expect(formatReal(1234.5)).toMatch(/^R\$\s1\.234,50$/);
  });

  it('English: month first, 12-hour clock, point decimals', async () => {
    await setLocale('en');
    expect(formatLocaleDate(instant, 'UTC')).toBe('01/05/2026');
    expect(formatLocaleTime(instant, 'UTC')).toBe('09:04 AM');
    expect(formatLocaleDateTime('2026-01-05T15:30:00Z', 'UTC')).toBe('01/05/2026 03:30 PM');
    expect(formatIsoDay('2026-12-31')).toBe('12/31/2026');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatRating(2.5)).toBe('2.5');
    expect(formatReal(1234.5)).toBe('R$1,234.50');
    expect(formatListTime('2025-03-04T10:00:00', new Date('2026-01-01T00:00:00'))).toBe('03/04/2025');
  });
});

describe('choosing the language', () => {
  it("maps the browser's languages to one of the three, else Spanish", () => {
    expect(browserLocale({ languages: ['pt-PT', 'en'], language: 'pt-PT' })).toBe('pt-BR');
    expect(browserLocale({ languages: ['fr-FR', 'en-GB'], language: 'fr-FR' })).toBe('en');
    expect(browserLocale({ languages: ['de-DE'], language: 'de-DE' })).toBe('es');
    expect(browserLocale({ languages: [], language: 'es-AR' })).toBe('es');
  });

  it("uses the user's own choice first", () => {
    expect(localeOfUser({ language: 'en' })).toBe('en');
    expect(localeOfUser({ language: 'pt-BR' })).toBe('pt-BR');
  });

  it("shows the shared schemas' messages in the UI's language; other texts as they are", async () => {
    expect(localizeValidationMessage(validationMessages.required)).toBe('Requerido');
    await setLocale('en');
    const english = activeCatalogue().validation?.required ?? validationMessages.required;
    expect(localizeValidationMessage(validationMessages.required)).toBe(english);
    expect(localizeValidationMessage('Not from the catalogue')).toBe('Not from the catalogue');
  });
});
