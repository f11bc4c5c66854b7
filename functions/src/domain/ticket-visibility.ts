/**
 * Who may see a ticket (core §6): admins see every ticket of their company; an agent sees the
 * tickets assigned to them and those of their queues; with allTicket enabled also pending tickets
 * that have no queue yet. The company is already fixed by the key the ticket was read with.
 */
export function canSeeTicket(
  viewer: { userId: number; isAdmin: boolean; queueIds: number[]; allTicket: 'enabled' | 'desabled' },
  ticket: { userId?: number; queueId?: number; status: string },
): boolean {
  if (viewer.isAdmin) return true;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.queueId !== undefined && viewer.queueIds.includes(ticket.queueId)) return true;
  return ticket.queueId === undefined && ticket.status === 'pending' && viewer.allTicket === 'enabled';
}
