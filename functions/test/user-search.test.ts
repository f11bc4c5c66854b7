import { describe, expect, it } from 'vitest';
import { nameMatchesTyped, searchUsersByName } from '#domain/user-search';

describe('nameMatchesTyped', () => {
  it('matches the start of any word, folding case and accents', () => {
    expect(nameMatchesTyped('ana', 'Ana Bértoli')).toBe(true);
    expect(nameMatchesTyped('BERT', 'Ana Bértoli')).toBe(true);
    expect(nameMatchesTyped('ana ber', 'Ana Bértoli')).toBe(true);
    expect(nameMatchesTyped('álv', 'Jose Alvarez')).toBe(true);
  });

  it('does not match inside a word, and needs every typed word', () => {
    expect(nameMatchesTyped('ana', 'Mariana Souza')).toBe(false);
    expect(nameMatchesTyped('ana sou', 'Ana Bértoli')).toBe(false);
  });

  it('matches everyone when nothing was typed', () => {
    expect(nameMatchesTyped('  ', 'Ana')).toBe(true);
  });
});

describe('searchUsersByName', () => {
  const users = ['Beto Anaya', 'Mariana Souza', 'Ana Bértoli', 'Anabel Ruiz'].map((name, id) => ({
    id,
    name,
  }));

  it('puts names that start with the typed text first, then by name, and cuts the page', () => {
    expect(searchUsersByName(users, 'ana', 10).users.map((user) => user.name)).toEqual([
      'Ana Bértoli',
      'Anabel Ruiz',
      'Beto Anaya',
    ]);
    expect(searchUsersByName(users, 'ana', 2)).toEqual({ users: [users[2], users[3]], hasMore: true });
  });
});
