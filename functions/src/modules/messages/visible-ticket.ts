import { isAdmin, type Principal } from '#auth/principal';
import { getTicket, getTicketByUuid, type TicketRecord } from '#data/tickets';
import { getTicketAndUser } from '#data/ticket-viewer';
import { getUser, type UserRecord } from '#data/users';
import { AppError } from '#domain/app-error';
import { canSeeTicket } from '#domain/ticket-visibility';

/**
 * The ticket, if it is in the caller's company and the caller may see it (else 404 / 403). An
 * agent's own record (its queues) is read in the same call as the ticket.
 */
export async function visibleTicket(principal: Principal, ticketId: number) {
  if (isAdmin(principal)) return checkVisible(principal, await getTicket(principal.companyId, ticketId));
  const { ticket, user } = await getTicketAndUser(principal.companyId, ticketId, principal.userId);
  return checkVisible(principal, ticket, { user });
}

export async function visibleTicketByUuid(principal: Principal, uuid: string) {
  return checkVisible(principal, await getTicketByUuid(principal.companyId, uuid));
}

async function checkVisible(principal: Principal, ticket: TicketRecord | undefined, known?: { user: UserRecord | undefined }) {
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  const admin = isAdmin(principal);
  const user = admin ? undefined : known ? known.user : await getUser(principal.companyId, principal.userId);
  const viewer = { userId: principal.userId, isAdmin: admin, queueIds: user?.queueIds ?? [], allTicket: user?.allTicket ?? 'desabled' };
  if (!canSeeTicket(viewer, ticket)) throw new AppError('ERR_NO_PERMISSION');
  return ticket;
}
