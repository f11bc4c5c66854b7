import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as DataContacts from '#data/contacts';
import type * as DataMessages from '#data/messages';
import type * as DataTicketContact from '#data/ticket-contact';
import type * as DataTickets from '#data/tickets';
import type * as SendOutbound from '../../src/modules/messages/send-outbound.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';

/**
 * Issue #26, sends on the business's initiative: a schedule or a campaign sending to a contact
 * with no ticket open creates the ticket already holding the message, in one transaction
 * (createTicketHoldingMessage), where creating the ticket and then storing the message made two
 * writes and two ticket changes. A repeat of the same message id never writes it twice nor opens
 * a second ticket.
 */

let env: TestRuntime;
// Imported after the runtime started: the data layer names its table when first imported.
let contacts: typeof DataContacts;
let messages: typeof DataMessages;
let tickets: typeof DataTickets;
let ticketContact: typeof DataTicketContact;
let outbound: typeof SendOutbound;
type Counter = {
  collectTableCalls: (waitMs?: number) => Promise<{ counts: Record<string, number>; recent: string[] }>;
  resetTableCalls: (waitMs?: number) => Promise<void>;
};
let counter: Counter;
beforeAll(async () => {
  // Counts this process's table calls (where the test calls the data layer), with their keys.
  const counterUrl = new URL('../../../infra/local/test-support/table-call-counter.mjs', import.meta.url).href;
  counter = (await import(counterUrl)) as Counter;
  env = await startTestRuntime();
  contacts = await import('#data/contacts');
  messages = await import('#data/messages');
  tickets = await import('#data/tickets');
  ticketContact = await import('#data/ticket-contact');
  outbound = await import('../../src/modules/messages/send-outbound.ts');
});
afterAll(async () => env?.stop());

const whatsappId = 1;

describe('a new ticket holding its first outbound message', () => {
  it('is one write; a repeat while it is open or after it closed stores nothing twice and opens no second ticket', async () => {
    const { companyId } = await signUpCompany(env.client(), 'Ticket con mensaje');
    const { contact } = await contacts.findOrCreateContact(companyId, {
      number: '5511955550101',
      name: 'Cliente Programado',
      isGroup: false,
      whatsappId,
    });
    const fields = {
      companyId,
      whatsappId,
      contact,
      isGroup: false,
      status: 'pending' as const,
      contactSnapshot: ticketContact.contactSnapshotOf(contact),
    };
    const sentAt = new Date().toISOString();
    const firstMessage = {
      message: {
        companyId,
        id: '3EB0HOLDING0000000001',
        contactId: contact.id,
        whatsappId,
        body: 'Recordatorio de su cita mañana',
        fromMe: true,
        ack: 0,
        read: true,
        scheduleId: 7,
        createdAt: sentAt,
      },
      ticketUpdate: { lastMessage: 'Recordatorio de su cita mañana', lastMessageAt: sentAt, countUnread: false },
    };

    const created = await tickets.createTicketHoldingMessage(fields, undefined, undefined, { firstMessage });
    if (created.outcome !== 'created') throw new Error(`expected created, got ${created.outcome}`);
    expect(created.message).toMatchObject({ id: firstMessage.message.id, ticketId: created.ticket.id, fromMe: true, ack: 0 });
    // The ticket as written already shows the message: no second change follows.
    const stored = await tickets.getTicket(companyId, created.ticket.id);
    expect(stored).toMatchObject({
      status: 'pending',
      lastMessage: 'Recordatorio de su cita mañana',
      lastMessageAt: sentAt,
      activityAt: sentAt,
      unreadMessages: 0,
    });
    expect(created.ticket).toMatchObject({ lastMessage: stored!.lastMessage, updatedAt: stored!.updatedAt });
    expect(await messages.getMessage(companyId, firstMessage.message.id)).toMatchObject({
      ticketId: created.ticket.id,
      scheduleId: 7,
    });
    expect((await tickets.currentTicketOf(companyId, whatsappId, contact.id))?.id).toBe(created.ticket.id);

    // The same send again while the ticket is open: the place is taken, nothing is written.
    const again = await tickets.createTicketHoldingMessage(fields, undefined, undefined, { firstMessage });
    expect(again).toMatchObject({ outcome: 'taken', ticket: { id: created.ticket.id } });

    // Closed since: a repeat finds its message stored and opens no new ticket.
    const closing = await tickets.changeTicketState(
      stored!,
      { status: 'closed', userId: null, queueId: null, whatsappId },
      'resolve',
      0,
    );
    expect(closing).toBeTruthy();
    const closed = await tickets.getTicket(companyId, created.ticket.id);
    expect(closed?.status).toBe('closed');
    const afterClose = await tickets.createTicketHoldingMessage(fields, undefined, { current: closed }, { firstMessage });
    expect(afterClose).toEqual({ outcome: 'message-stored' });
    const current = await tickets.currentTicketOf(companyId, whatsappId, contact.id);
    expect(current).toMatchObject({ id: created.ticket.id, status: 'closed' });

    // A new message to the same contact now opens its next ticket, holding that message.
    const next = await tickets.createTicketHoldingMessage(fields, undefined, { current: closed }, {
      firstMessage: { ...firstMessage, message: { ...firstMessage.message, id: '3EB0HOLDING0000000002' } },
    });
    if (next.outcome !== 'created') throw new Error(`expected created, got ${next.outcome}`);
    expect(next.ticket.id).not.toBe(created.ticket.id);
    expect(next.message.ticketId).toBe(next.ticket.id);
    expect((await tickets.currentTicketOf(companyId, whatsappId, contact.id))?.id).toBe(next.ticket.id);
  });

  it('reads the contact ticket claim once when a send opens its ticket (no second read before the write)', async () => {
    const { companyId } = await signUpCompany(env.client(), 'Ticket con mensaje lecturas');
    const { contact } = await contacts.findOrCreateContact(companyId, {
      number: '5511955550202',
      name: 'Cliente Lecturas',
      isGroup: false,
      whatsappId,
    });
    await counter.resetTableCalls();
    // The connection as a caller that has read it passes it (the company here has no records of its own).
    const sent = await outbound.ticketForOutbound(companyId, contact, {
      whatsappId,
      connectionChecked: true,
      firstMessage: { id: '3EB0HOLDING0000000003', body: 'Su pedido está listo', scheduleId: 9 },
    });
    const { recent } = await counter.collectTableCalls();
    expect(sent.change).toBe('created');
    expect(sent.stored?.result).toMatchObject({ outcome: 'stored', message: { ticketId: sent.ticket.id } });
    const claimKey = `CONTACTTICKET#${whatsappId}#${contact.id}"`;
    const claimCalls = recent.filter((call) => call.includes(claimKey)).map((call) => call.split(' ')[1]);
    // One consistent batch read of the claims, then the transaction that creates the claim.
    expect(claimCalls).toEqual(['BatchGetItem', 'TransactWriteItems']);
  });
});
