import { describe, expect, it } from 'vitest';
import { chatOf } from '../src/domain/contact-chat.ts';
import { foldedTicketSummary, jidDigits, planLidPair, planTicketMoves, type MergeTicketView } from '../src/domain/lid-merge.ts';

const lid = '123456789012345';
const pn = '5511999990001';

describe('planLidPair: what a learned LID↔number pair asks for', () => {
  it('neither contact known: nothing yet (the message makes the contact)', () => {
    expect(planLidPair({ lid, pn })).toEqual({ kind: 'unknown' });
  });

  it('only the number: it takes the LID; already holding it (and its claim): done, so a second delivery does nothing', () => {
    expect(planLidPair({ lid, pn, numberContact: { id: 1, number: pn } })).toEqual({ kind: 'attach', contactId: 1 });
    expect(planLidPair({ lid, pn, numberContact: { id: 1, number: pn, lid } })).toEqual({ kind: 'attach', contactId: 1 });
    expect(planLidPair({ lid, pn, numberContact: { id: 1, number: pn, lid }, lidClaimOwner: 1 })).toEqual({ kind: 'done' });
  });

  it('only the LID-only contact: it takes the number', () => {
    expect(planLidPair({ lid, pn, lidContact: { id: 7, number: lid, lid, lidOnly: true } })).toEqual({ kind: 'number', contactId: 7 });
  });

  it('both: the LID contact merges into the number contact', () => {
    expect(
      planLidPair({ lid, pn, numberContact: { id: 1, number: pn }, lidContact: { id: 7, number: lid, lid, lidOnly: true } }),
    ).toEqual({ kind: 'merge', intoId: 1, fromId: 7, resume: false });
  });

  it('a merge begun before (the marker on the number contact) is resumed, whatever the claims say now', () => {
    expect(planLidPair({ lid, pn, numberContact: { id: 1, number: pn, lid, mergingFrom: 7 }, lidClaimOwner: 1 })).toEqual({
      kind: 'merge',
      intoId: 1,
      fromId: 7,
      resume: true,
    });
  });

  it('a number that is itself LID digits is not merged with itself', () => {
    const same = { id: 3, number: lid, lid, lidOnly: true };
    expect(planLidPair({ lid, pn: lid, numberContact: same, lidContact: same })).toEqual({ kind: 'attach', contactId: 3 });
  });
});

describe('planTicketMoves: how the LID contact\'s tickets join the number contact\'s', () => {
  const t = (id: number, whatsappId: number, status: MergeTicketView['status']): MergeTicketView => ({ id, whatsappId, status });

  it('two conversations going on one connection are folded into the number contact\'s ticket', () => {
    expect(
      planTicketMoves({ fromTickets: [t(20, 1, 'pending')], fromCurrent: new Map([[1, 20]]), intoCurrent: new Map([[1, t(10, 1, 'pending')]]) }),
    ).toEqual([{ kind: 'fold', whatsappId: 1, fromTicketId: 20, intoTicketId: 10 }]);
  });

  it('the ticket an agent has open survives the fold when the other is only pending', () => {
    expect(
      planTicketMoves({ fromTickets: [t(20, 1, 'open')], fromCurrent: new Map([[1, 20]]), intoCurrent: new Map([[1, t(10, 1, 'pending')]]) }),
    ).toEqual([{ kind: 'fold', whatsappId: 1, fromTicketId: 10, intoTicketId: 20 }]);
  });

  it('the LID contact\'s current ticket becomes the number contact\'s where it has none going; older tickets only change contact', () => {
    expect(
      planTicketMoves({
        fromTickets: [t(20, 1, 'pending'), t(21, 2, 'open'), t(5, 1, 'closed'), t(22, 3, 'closed')],
        fromCurrent: new Map([
          [1, 20],
          [2, 21],
          [3, 22],
        ]),
        intoCurrent: new Map([
          [2, t(11, 2, 'closed')],
          [3, t(12, 3, 'open')],
        ]),
      }),
    ).toEqual([
      { kind: 'adopt', whatsappId: 1, ticketId: 20 },
      { kind: 'adopt', whatsappId: 2, ticketId: 21 },
      { kind: 'rehome', ticketId: 22 },
      { kind: 'rehome', ticketId: 5 },
    ]);
  });

  it('nothing to move when the LID contact has no tickets', () => {
    expect(planTicketMoves({ fromTickets: [], fromCurrent: new Map(), intoCurrent: new Map([[1, t(10, 1, 'open')]]) })).toEqual([]);
  });
});

describe('the folded ticket and the chat ids', () => {
  it('keeps the later last message and adds the unread counts', () => {
    expect(
      foldedTicketSummary(
        { lastMessage: 'a', lastMessageAt: '2026-01-01T10:00:00.000Z', unreadMessages: 2 },
        { lastMessage: 'b', lastMessageAt: '2026-01-01T11:00:00.000Z', unreadMessages: 3 },
      ),
    ).toEqual({ lastMessage: 'b', lastMessageAt: '2026-01-01T11:00:00.000Z', unreadMessages: 5 });
    expect(foldedTicketSummary({ lastMessage: 'a', lastMessageAt: '2026-01-02T00:00:00.000Z' }, {})).toEqual({
      lastMessage: 'a',
      lastMessageAt: '2026-01-02T00:00:00.000Z',
      unreadMessages: 0,
    });
  });

  it('jid digits drop server and device; a LID-only contact is reached at its @lid chat', () => {
    expect(jidDigits('123456789012345:4@lid')).toBe('123456789012345');
    expect(jidDigits('5511999990001@s.whatsapp.net')).toBe('5511999990001');
    expect(chatOf({ number: lid, lidOnly: true })).toBe(`${lid}@lid`);
    expect(chatOf({ number: pn })).toBe(`${pn}@s.whatsapp.net`);
    expect(chatOf({ number: '120363000000000001', isGroup: true })).toBe('120363000000000001@g.us');
  });
});
