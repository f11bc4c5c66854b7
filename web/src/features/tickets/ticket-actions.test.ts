import { describe, expect, it } from 'vitest';
import { actionsFor, staysOnTicket, statusChangeFor, transferUpdate } from './ticket-actions.ts';

describe('actionsFor', () => {
  it('offers the actions of each status', () => {
    expect(actionsFor('pending', 'user')).toEqual(['accept']);
    expect(actionsFor('open', 'user')).toEqual(['return', 'resolve', 'transfer']);
    expect(actionsFor('closed', 'user')).toEqual(['reopen']);
  });

  it('leaves an agent no action on a colleague’s open ticket, but the reopening of a closed one', () => {
    expect(actionsFor('open', 'user', true)).toEqual([]);
    expect(actionsFor('closed', 'user', true)).toEqual(['reopen']);
    expect(actionsFor('pending', 'user', true)).toEqual(['accept']);
  });

  it('lets admins delete, whatever the case of the profile', () => {
    expect(actionsFor('open', 'admin')).toEqual(['return', 'resolve', 'transfer', 'delete']);
    expect(actionsFor('closed', 'ADMIN')).toEqual(['reopen', 'delete']);
    expect(actionsFor('pending', 'supervisor')).toEqual(['accept']);
  });
});

describe('statusChangeFor', () => {
  it('builds the PUT bodies of core §4', () => {
    expect(statusChangeFor('accept', 7)).toEqual({ status: 'open', userId: 7 });
    expect(statusChangeFor('reopen', 7)).toEqual({ status: 'open', userId: 7 });
    expect(statusChangeFor('return', 7)).toEqual({ status: 'pending', userId: null });
    expect(statusChangeFor('resolve', 7)).toEqual({ status: 'closed' });
  });

  it('stays on the ticket only after a change to open', () => {
    expect(staysOnTicket(statusChangeFor('accept', 1))).toBe(true);
    expect(staysOnTicket(statusChangeFor('resolve', 1))).toBe(false);
    expect(staysOnTicket(statusChangeFor('return', 1))).toBe(false);
    expect(staysOnTicket(transferUpdate({ queueId: 2, userId: 3 }))).toBe(false);
  });
});

describe('transferUpdate', () => {
  it('sends the queue and the user', () => {
    expect(transferUpdate({ queueId: 2, userId: 3 })).toEqual({ queueId: 2, userId: 3 });
  });

  it('makes the ticket pending when no user is chosen', () => {
    expect(transferUpdate({ queueId: 2 })).toEqual({ queueId: 2, status: 'pending', userId: null });
  });

  it('adds the connection only when chosen', () => {
    expect(transferUpdate({ userId: 3, whatsappId: 4 })).toEqual({ userId: 3, whatsappId: 4 });
  });
});
