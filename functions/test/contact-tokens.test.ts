import { describe, expect, it } from 'vitest';
import {
  contactMatches,
  contactTokens,
  namePhraseMarker,
  namePhraseTokens,
  searchQueryPhrase,
  searchQueryTokens,
  ticketContactTokens,
} from '../src/domain/contact-tokens.ts';
import { contactCsvLines } from '../src/modules/contacts/serialize.ts';

describe('contact search tokens', () => {
  it('folds name words and keeps every 4+ digit tail of the number', () => {
    expect(contactTokens({ name: 'José Núñez', number: '5511999' })).toEqual(['jose', 'nunez', '5511999', '511999', '11999', '1999']);
  });

  it('turns a search into words, longest first, digits without punctuation', () => {
    expect(searchQueryTokens('  María  da Silva ')).toEqual(['maria', 'silva', 'da']);
    expect(searchQueryTokens('(11) 9999')).toEqual(['9999', '11']);
    expect(searchQueryTokens('   ')).toEqual([]);
  });

  it('gives a ticket its contact name as phrases, from each word on, apart from any word', () => {
    const tokens = ticketContactTokens({ name: 'María da Silva', number: '5511999' });
    expect(tokens.filter((token) => token.startsWith(namePhraseMarker))).toEqual(['\u0001maria da silva', '\u0001da silva']);
    expect(tokens).toEqual(expect.arrayContaining(contactTokens({ name: 'María da Silva', number: '5511999' })));
    // A one-word name has no phrase; a long one stops at six.
    expect(namePhraseTokens('Ana')).toEqual([]);
    expect(namePhraseTokens('Grupo de ventas de la zona norte del país')).toHaveLength(6);
    // A typed run of the name's words, the last cut short, begins one of its phrases.
    const phrase = searchQueryPhrase('  DA  Silv')!;
    expect(phrase).toBe('\u0001da silv');
    expect(tokens.some((token) => token.startsWith(phrase))).toBe(true);
    expect(tokens.some((token) => token.startsWith(searchQueryPhrase('maria silva')!))).toBe(false);
    // One word is no phrase, and no word's range reaches a phrase.
    expect(searchQueryPhrase('silva')).toBeUndefined();
    expect(searchQueryTokens('maria da').some((word) => tokens.some((token) => token.startsWith(namePhraseMarker) && token.startsWith(word)))).toBe(false);
  });

  it('matches when every word starts some token', () => {
    const contact = { name: 'María Silva', number: '5511999990002' };
    expect(contactMatches(contact, ['mar', 'sil'])).toBe(true);
    expect(contactMatches(contact, ['90002'])).toBe(true);
    expect(contactMatches(contact, ['mar', 'gomez'])).toBe(false);
  });
});

describe('the contacts CSV', () => {
  it('separates with ; and quotes fields that need it', () => {
    const contact = (name: string, email = '') => ({ name, number: '55', email }) as Parameters<typeof contactCsvLines>[0][number];
    expect(contactCsvLines([contact('Ana'), contact('Silva; Ana', 'a@x.com'), contact('Dice "hola"')])).toEqual([
      'Ana;55;',
      '"Silva; Ana";55;a@x.com',
      '"Dice ""hola""";55;',
    ]);
  });
});
