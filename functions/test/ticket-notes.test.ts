import { describe, expect, it } from 'vitest';
import { ticketNoteCreateInputSchema } from '@atende/shared/entities/ticket-note';
import type { Principal } from '../src/auth/principal.ts';
import { assertMayDeleteNote, assertNoteContact } from '../src/domain/ticket-note-rules.ts';

const as = (profile: Principal['profile'], userId: number): Principal => ({ userId, companyId: 7, profile, isSuper: false, sessionId: 's' });

describe('ticket notes', () => {
  it('requires a note of at least 2 characters', () => {
    expect(ticketNoteCreateInputSchema.safeParse({ ticketId: 1, contactId: 2 }).error?.issues[0]).toMatchObject({ path: ['note'], message: 'Requerido' });
    expect(ticketNoteCreateInputSchema.safeParse({ note: ' a ', ticketId: 1, contactId: 2 }).error?.issues[0]?.message).toBe('muy corto');
    expect(ticketNoteCreateInputSchema.parse({ note: ' ok ', ticketId: '1', contactId: '2' })).toEqual({ note: 'ok', ticketId: 1, contactId: 2 });
  });

  it("accepts only the ticket's own contact", () => {
    expect(() => assertNoteContact(2, { contactId: 2 })).not.toThrow();
    expect(() => assertNoteContact(3, { contactId: 2 })).toThrow('ERR_VALIDATION');
  });

  it('lets the author or an admin delete a note', () => {
    expect(() => assertMayDeleteNote(as('user', 5), { userId: 5 })).not.toThrow();
    expect(() => assertMayDeleteNote(as('admin', 9), { userId: 5 })).not.toThrow();
    expect(() => assertMayDeleteNote(as('user', 6), { userId: 5 })).toThrow('ERR_NO_PERMISSION');
    expect(() => assertMayDeleteNote(as('supervisor', 6), { userId: 5 })).toThrow('ERR_NO_PERMISSION');
  });
});
