import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { nextId } from './ids.ts';
import { isConditionFailure } from './sessions.ts';
import { contactTicketEntity, ticketEntity } from './ticket-entity.ts';
import { writeAll } from './transaction.ts';

export type TicketRecord = EntityItem<typeof ticketEntity>;

/** AP-TK-1: a ticket by id. */
export async function getTicket(companyId: number, id: number): Promise<TicketRecord | undefined> {
  const { data } = await ticketEntity.get({ companyId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** AP-TK-2: the current ticket of a contact on a connection, if any. */
export async function currentTicketOf(companyId: number, whatsappId: number, contactId: number): Promise<TicketRecord | undefined> {
  const { data: claim } = await contactTicketEntity.get({ companyId, whatsappId, contactId }).go({ consistent: true });
  return claim ? getTicket(companyId, claim.ticketId) : undefined;
}

/**
 * AP-TK-3: the ticket an inbound message belongs to: the contact's current ticket on the
 * connection, reopened as pending if it was closed, or a new pending ticket created with its
 * claim in one conditional transaction (so there is never a second non-closed ticket).
 */
export async function ticketForInbound(
  companyId: number,
  whatsappId: number,
  contactId: number,
  isGroup: boolean,
): Promise<{ ticket: TicketRecord; change: 'existing' | 'reopened' | 'created' }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = await currentTicketOf(companyId, whatsappId, contactId);
    if (current && current.status !== 'closed') return { ticket: current, change: 'existing' };
    if (current) {
      try {
        await ticketEntity
          .patch({ companyId, id: current.id })
          .set({ status: 'pending' })
          .remove(['userId'])
          .where(({ status }, { eq }) => eq(status, 'closed'))
          .go();
        return { ticket: { ...current, status: 'pending', userId: undefined }, change: 'reopened' };
      } catch (error) {
        if (isConditionFailure(error)) continue; // someone reopened it first: read again
        throw error;
      }
    }
    const id = await nextId({ companyId }, 'ticket');
    const ticket = { companyId, id, uuid: randomUUID(), status: 'pending' as const, contactId, whatsappId, isGroup, unreadMessages: 0 };
    try {
      await writeAll(
        { ticket: ticketEntity, contactTicket: contactTicketEntity },
        ({ ticket: tickets, contactTicket }) => [
          contactTicket.create({ companyId, whatsappId, contactId, ticketId: id }).commit(),
          tickets.create(ticket).commit(),
        ],
        ['ERR_OTHER_OPEN_TICKET', 'ERR_CREATING_TICKET'],
      );
      const created = await getTicket(companyId, id);
      if (created) return { ticket: created, change: 'created' };
    } catch (error) {
      if (!(error instanceof Error) || error.message !== 'ERR_OTHER_OPEN_TICKET') throw error;
      // Another message created the ticket first: loop and use it.
    }
  }
  throw new Error(`no ticket for contact ${contactId} on connection ${whatsappId} after retries`);
}
