import { isAdmin, type Principal } from '#auth/principal';
import { getTicket, getTicketByUuid, type TicketRecord } from '#data/tickets';
import { getUser } from '#data/users';
import { AppError } from '#domain/app-error';
import { canSeeTicket } from '#domain/ticket-visibility';

/** The ticket, if it is in the caller's company and the caller may see it (else 404 / 403). */
export async function visibleTicket(principal: Principal, ticketId: number) {
  return checkVisible(principal, await getTicket(principal.companyId, ticketId));
}

export async function visibleTicketByUuid(principal: Principal, uuid: string) {
  return checkVisible(principal, await getTicketByUuid(principal.companyId, uuid));
}

async function checkVisible(principal: Principal, ticket: TicketRecord | undefined) {
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  const admin = isAdmin(principal);
  const user = admin ? undefined : await getUser(principal.companyId, principal.userId);
  const viewer = { userId: principal.userId, isAdmin: admin, queueIds: user?.queueIds ?? [], allTicket: user?.allTicket ?? 'desabled' };
  if (!canSeeTicket(viewer, ticket)) throw new AppError('ERR_NO_PERMISSION');
  return ticket;
}
