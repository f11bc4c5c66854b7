import { describe, expect, it } from 'vitest';
import { ConnectionDayTally, messageCount } from '../src/domain/connection-day-tally.ts';

const nowMs = Date.parse('2026-12-05T12:00:00.000Z');
const inbound = { companyId: 3, whatsappId: 7, fromMe: false, createdAt: '2026-12-05T09:00:00.000Z' };
const ours = { companyId: 3, whatsappId: 7, fromMe: true, createdAt: '2026-12-04T23:59:00.000Z' };

describe('how a message change counts on its connection day', () => {
  it("counts a customer's message once, when stored, on the day it was written", () => {
    expect(messageCount('create', inbound, nowMs)).toEqual({ direction: 'in', at: inbound.createdAt });
    expect(messageCount('update', { ...inbound, ack: 3 }, nowMs)).toBeUndefined();
    expect(messageCount('delete', undefined, nowMs)).toBeUndefined();
  });

  it('counts one of ours only when stored already sent (written on the phone): the connector counts its sends', () => {
    expect(messageCount('create', { ...ours, ack: 2 }, nowMs)).toEqual({ direction: 'out', at: ours.createdAt });
    expect(messageCount('create', { ...ours, ack: 0 }, nowMs)).toBeUndefined();
    expect(messageCount('update', { ...ours, ack: 1, updatedAt: '2026-12-05T00:00:02.000Z' }, nowMs)).toBeUndefined();
    expect(messageCount('create', { ...ours, ack: 0, error: 'ERR_SENDING_WAPP_MSG' }, nowMs)).toBeUndefined();
  });

  it('ignores what belongs to no connection, and dates a message without a valid time now', () => {
    expect(messageCount('create', { ...inbound, whatsappId: undefined }, nowMs)).toBeUndefined();
    expect(messageCount('create', { ...inbound, createdAt: 'ayer' }, nowMs)).toEqual({
      direction: 'in',
      at: new Date(nowMs).toISOString(),
    });
  });
});

describe("a batch's tally", () => {
  it('gathers one count per connection-day, with the newest inbound time, and empties when taken', () => {
    const tally = new ConnectionDayTally();
    tally.add(3, 7, { direction: 'in', at: '2026-12-05T09:00:00.000Z' });
    tally.add(3, 7, { direction: 'in', at: '2026-12-05T09:05:00.000Z' });
    tally.add(3, 7, { direction: 'in', at: '2026-12-05T09:01:00.000Z' });
    tally.add(3, 7, { direction: 'out', at: '2026-12-05T09:02:00.000Z' });
    tally.add(3, 7, { direction: 'in', at: '2026-12-04T23:59:00.000Z' });
    tally.add(3, 8, { direction: 'out', at: '2026-12-05T09:02:00.000Z' });
    tally.add(4, 7, { direction: 'in', at: '2026-12-05T10:00:00.000Z' });
    expect(tally.take()).toEqual([
      { companyId: 3, whatsappId: 7, day: '2026-12-05', in: 3, out: 1, lastInAt: '2026-12-05T09:05:00.000Z' },
      { companyId: 3, whatsappId: 7, day: '2026-12-04', in: 1, out: 0, lastInAt: '2026-12-04T23:59:00.000Z' },
      { companyId: 3, whatsappId: 8, day: '2026-12-05', in: 0, out: 1, lastInAt: undefined },
      { companyId: 4, whatsappId: 7, day: '2026-12-05', in: 1, out: 0, lastInAt: '2026-12-05T10:00:00.000Z' },
    ]);
    expect(tally.take()).toEqual([]);
  });
});
