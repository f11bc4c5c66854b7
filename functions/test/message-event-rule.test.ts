import { describe, expect, it } from 'vitest';
import { eventRules } from '../src/live/event-rules.ts';

const stored = {
  companyId: 3,
  ticketId: 15,
  id: 'm1',
  body: 'hola',
  fromMe: true,
  ack: 0,
  read: true,
  mediaType: 'chat',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
};

describe('appMessage events from message changes', () => {
  it("says nothing when only the connector's send claim changed", async () => {
    const claimed = { ...stored, sendClaimUntil: Date.parse('2026-11-28T10:00:45.000Z') };
    expect(
      await eventRules.message!({ entity: 'message', kind: 'update', oldItem: stored, newItem: claimed }),
    ).toEqual([]);
  });

  it('tells the ticket watchers when the send is recorded (the ack moved)', async () => {
    const claimed = { ...stored, sendClaimUntil: Date.parse('2026-11-28T10:00:45.000Z') };
    const sent = { ...stored, ack: 1, updatedAt: '2026-11-28T10:00:01.000Z' };
    const events = await eventRules.message!({
      entity: 'message',
      kind: 'update',
      oldItem: claimed,
      newItem: sent,
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'appMessage',
      data: { action: 'update', ticketId: 15, message: { id: 'm1', ack: 1 } },
    });
  });
});
