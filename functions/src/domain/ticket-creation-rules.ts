import { validationMessages } from '@atende/shared/validation-messages';
import { AppError } from './app-error.ts';
import { canSeeTicket } from './ticket-visibility.ts';

/** Who is creating a ticket: admins from the token, agents with their queues from their record. */
export interface TicketCreator {
  userId: number;
  isAdmin: boolean;
  queueIds: number[];
  allTicket: 'enabled' | 'desabled';
}

/**
 * POST /tickets: an agent names one of their own queues (core §4: the modal requires a queue for
 * them); a queue they do not belong to would put the ticket where they may not work it and hand
 * its contact to that queue's agents. Admins may name any queue, or none.
 */
export function assertMayCreateInQueue(creator: TicketCreator, queueId: number | null | undefined): void {
  if (creator.isAdmin) return;
  if (!queueId)
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'queueId', message: validationMessages.newTicketQueueRequired }] });
  if (!creator.queueIds.includes(queueId)) throw new AppError('ERR_NO_PERMISSION');
}

/**
 * The 409 of POST /tickets when the contact already has an open ticket. Its details (which
 * ticket, who holds it, its queue) go only to someone who may see that ticket: they let the
 * caller open it or say who has it. Anyone else learns no more than that one exists.
 */
export function otherOpenTicketError(
  creator: TicketCreator,
  ticket: { id: number; uuid: string; userId?: number; queueId?: number; status: string },
  names: { userName: string | null; queueName: string | null },
): AppError {
  if (!canSeeTicket(creator, ticket)) return new AppError('ERR_OTHER_OPEN_TICKET');
  return new AppError('ERR_OTHER_OPEN_TICKET', {
    ticketId: ticket.id,
    uuid: ticket.uuid,
    userId: ticket.userId ?? null,
    ...names,
  });
}
