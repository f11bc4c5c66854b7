import { describe, expect, it } from 'vitest';
import { lastMessageLineAfter, lastMessageLineMax } from '../src/domain/last-message-line.ts';

describe('a ticket list line after its message changes', () => {
  it('empties on a delete, once', () => {
    expect(
      lastMessageLineAfter({ body: 'secreto', isDeleted: false }, { body: 'secreto', isDeleted: true }),
    ).toBe('');
    expect(
      lastMessageLineAfter({ body: 'secreto', isDeleted: true }, { body: 'secreto', isDeleted: true }),
    ).toBeUndefined();
  });

  it('shows an edit, cut as the line is', () => {
    expect(
      lastMessageLineAfter({ body: 'hola', isEdited: false }, { body: 'hola, buen día', isEdited: true }),
    ).toBe('hola, buen día');
    const long = 'x'.repeat(400);
    expect(lastMessageLineAfter({ body: 'a', isEdited: true }, { body: long, isEdited: true })).toHaveLength(
      lastMessageLineMax,
    );
  });

  it('leaves the line alone on receipts, send results, a new message or a removal', () => {
    expect(
      lastMessageLineAfter({ body: 'hola', isEdited: true }, { body: 'hola', isEdited: true }),
    ).toBeUndefined();
    expect(lastMessageLineAfter({ body: 'hola' }, { body: 'hola', isDeleted: false })).toBeUndefined();
    expect(lastMessageLineAfter(undefined, { body: 'nuevo' })).toBeUndefined();
    expect(lastMessageLineAfter({ body: 'viejo' }, undefined)).toBeUndefined();
  });
});
