import { getItems, itemRef } from './batch-get.ts';
import { ticketEntity } from './ticket-entity.ts';
import type { TicketRecord } from './tickets.ts';
import { userEntity } from './user-entity.ts';
import type { UserRecord } from './users.ts';

/**
 * AP-TK-16: a ticket and the user who asks for it (whose queues decide whether they may see it),
 * both strongly consistent like AP-TK-1 and AP-USR-1, in one BatchGetItem instead of two gets.
 */
export async function getTicketAndUser(
  companyId: number,
  ticketId: number,
  userId: number,
): Promise<{ ticket: TicketRecord | undefined; user: UserRecord | undefined }> {
  const [ticket, user] = await getItems([itemRef(ticketEntity, { companyId, id: ticketId }), itemRef(userEntity, { companyId, id: userId })] as const);
  return { ticket, user };
}
