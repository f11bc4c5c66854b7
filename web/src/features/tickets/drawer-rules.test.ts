import { describe, expect, it } from 'vitest';
import { checkNoteForm, sortNotes } from './note-form.ts';
import { availableTags, sameTagIds } from './ticket-tags.ts';

describe('ticket notes (core §5)', () => {
  it('requires at least 2 characters', () => {
    expect(checkNoteForm('', 1, 2)).toEqual({ ok: false, errors: { note: 'Requerido' } });
    expect(checkNoteForm(' a ', 1, 2)).toEqual({ ok: false, errors: { note: 'muy corto' } });
    expect(checkNoteForm(' ok ', 1, 2)).toEqual({
      ok: true,
      data: { note: 'ok', ticketId: 1, contactId: 2 },
    });
  });

  it('lists the newest first', () => {
    const notes = [
      { id: 1, createdAt: '2025-01-01T10:00:00.000Z' },
      { id: 3, createdAt: '2025-01-02T10:00:00.000Z' },
      { id: 2, createdAt: '2025-01-01T10:00:00.000Z' },
    ];
    expect(sortNotes(notes).map((note) => note.id)).toEqual([3, 2, 1]);
  });
});

describe('ticket tag editor', () => {
  const all = [
    { id: 1, name: 'Urgente', color: '#f00' },
    { id: 2, name: 'Cliente VIP', color: '#0f0' },
    { id: 3, name: 'Atención', color: '#00f' },
  ];

  it('offers the tags not on the ticket, matching the search without accents', () => {
    expect(availableTags(all, [{ id: 1 }], '').map((tag) => tag.id)).toEqual([3, 2]);
    expect(availableTags(all, [], 'atenc').map((tag) => tag.id)).toEqual([3]);
    expect(availableTags(all, [{ id: 3 }], 'ATEN')).toEqual([]);
  });

  it('compares tag sets by id', () => {
    expect(sameTagIds([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 1 }])).toBe(true);
    expect(sameTagIds([{ id: 1 }], [{ id: 2 }])).toBe(false);
    expect(sameTagIds([], [{ id: 2 }])).toBe(false);
  });
});
