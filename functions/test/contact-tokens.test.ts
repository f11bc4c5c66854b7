import { describe, expect, it } from 'vitest';
import { contactMatches, contactTokens, searchQueryTokens } from '../src/domain/contact-tokens.ts';
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
