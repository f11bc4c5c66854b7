import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes } from '@atende/shared/errors';
import { validationMessages } from '@atende/shared/validation-messages';
import { extraErrorTexts, messagesEs, type MessageKey } from './messages.es.ts';
import { messagesEn } from './messages.en.ts';
import { errorTextsEn, extraErrorTextsEn } from './errors.en.ts';
import { validationMessagesEn } from './validation.en.ts';

/** The `{name}` placeholders of a text, sorted (a placeholder used twice counts twice). */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

/** Pairs every Spanish text with its English one, by key. */
function pairs(es: Readonly<Record<string, string>>, en: Readonly<Record<string, string>>) {
  return Object.keys(es).map((key) => ({ key, es: es[key] ?? '', en: en[key] }));
}

const catalogues = {
  messages: pairs(messagesEs, messagesEn),
  errors: pairs(Object.fromEntries(errorCodes.map((code) => [code, errorCatalogue[code].es])), errorTextsEn),
  extraErrors: pairs(extraErrorTexts, extraErrorTextsEn),
  validation: pairs(validationMessages, validationMessagesEn),
};

describe('English (en) catalogue', () => {
  for (const [name, entries] of Object.entries(catalogues)) {
    it(`${name}: every key has a non-empty English text with the Spanish placeholders`, () => {
      expect(entries.length).toBeGreaterThan(0);
      for (const { key, es, en } of entries) {
        expect(typeof en, key).toBe('string');
        expect((en ?? '').trim(), key).not.toBe('');
        expect(placeholders(en ?? ''), key).toEqual(placeholders(es));
      }
    });
  }

  it('holds no Spanish or Portuguese-only punctuation or letters', () => {
    const texts = Object.values(catalogues).flatMap((entries) => entries.map(({ key, en }) => ({ key, en })));
    // A language's own name is written in that language, whatever the UI's ("Español", "Português").
    const ownNames = new Set(['language.es', 'language.pt-BR']);
    for (const { key, en } of texts) if (!ownNames.has(key)) expect(en ?? '', key).not.toMatch(/[¿¡ñãõç«»]/i);
  });

  it('keeps the singular `<key>One` texts singular', () => {
    const singularKeys = (Object.keys(messagesEs) as MessageKey[]).filter((key) => key.endsWith('One'));
    expect(singularKeys.length).toBeGreaterThan(0);
    for (const key of singularKeys) {
      const text = messagesEn[key];
      expect(text, key).toMatch(/\b1\b/);
      expect(text, key).not.toMatch(/\{count\}|\{n\}|\{days\}/);
    }
  });

  it('fills placeholders from the Spanish keys (spot checks)', () => {
    expect(messagesEn['tickets.unread']).toBe('{count} unread messages');
    expect(messagesEn['tickets.unreadOne']).toBe('1 unread message');
    expect(messagesEn['errors.ERR_NO_PERMISSION']).toBe(errorTextsEn.ERR_NO_PERMISSION);
    expect(messagesEn['kanban.tagAdded']).toBe('Ticket tag added!');
  });
});
