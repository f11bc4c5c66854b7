import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { openTicketConflictOf } from './open-ticket.ts';

const conflict = (body: Record<string, unknown>) =>
  new ApiError(409, 'ERR_OTHER_OPEN_TICKET', { error: 'ERR_OTHER_OPEN_TICKET', ...body });

describe('a contact click meeting an open ticket (core §4)', () => {
  it('opens the caller’s own ticket by its uuid, or its id', () => {
    expect(
      openTicketConflictOf(conflict({ ticketId: 7, uuid: 'u-7', userId: 3, userName: 'Ana' }), 3),
    ).toEqual({
      kind: 'mine',
      ref: 'u-7',
    });
    expect(openTicketConflictOf(conflict({ ticketId: 7, ticketUuid: 'u-8', userId: 3 }), 3)).toEqual({
      kind: 'mine',
      ref: 'u-8',
    });
    expect(openTicketConflictOf(conflict({ ticketId: 7, userId: 3 }), 3)).toEqual({ kind: 'mine', ref: '7' });
  });

  it('names who holds someone else’s ticket', () => {
    expect(
      openTicketConflictOf(
        conflict({ ticketId: 7, uuid: 'u', userId: 9, userName: 'Beto', queueName: null }),
        3,
      ),
    ).toEqual({
      kind: 'other',
      userName: 'Beto',
      queueName: null,
    });
  });

  it('ignores any other failure', () => {
    expect(openTicketConflictOf(new ApiError(404, 'ERR_NO_DEF_WAPP_FOUND', {}), 3)).toBeUndefined();
    expect(openTicketConflictOf(new Error('boom'), 3)).toBeUndefined();
  });
});
