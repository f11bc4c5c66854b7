import { describe, expect, it } from 'vitest';
import {
  closesConversation,
  needsHistory,
  startsConversation,
  takesTicket,
  timelineIncrement,
  type TimelineEvent,
} from '../src/domain/dashboard/metrics.ts';

/**
 * A bot's hand-off is on the ticket's timeline (with its note, modules/bot-turn) but is no move:
 * the dashboard counts no conversation, no take and no close from it.
 */
describe('the bot-handoff timeline entry', () => {
  const handOff: TimelineEvent = { companyId: 1, ticketId: 7, at: '2026-12-04T12:00:00.000Z', seq: 'a1', action: 'bot-handoff', toStatus: 'pending' };

  it('starts, takes and closes nothing', () => {
    expect(startsConversation(handOff)).toBe(false);
    expect(takesTicket(handOff)).toBe(false);
    expect(closesConversation(handOff)).toBe(false);
    expect(needsHistory(handOff)).toBe(false);
    expect(timelineIncrement(handOff, 'America/Sao_Paulo')).toBeUndefined();
  });

  it('a creation with the same fields does start one (the rule is the action, not the fields)', () => {
    expect(startsConversation({ ...handOff, action: 'create' })).toBe(true);
  });
});
