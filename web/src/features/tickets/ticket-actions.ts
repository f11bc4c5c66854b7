import { can } from '../../lib/permissions.ts';
import type { TicketStatus, TicketUpdate } from './api/types.ts';

export type TicketAction = 'accept' | 'return' | 'resolve' | 'transfer' | 'reopen' | 'delete';

/**
 * The chat header's buttons for a ticket's status (core §4 Ticket status): pending tickets are
 * accepted; open ones are returned, resolved or transferred; closed ones reopened. Admins can
 * also delete (ticket-options:deleteTicket, core §6). An open ticket is worked only by its agent
 * or an admin (PUT /tickets/{id} refuses anyone else): `othersOpenTicket` leaves those out, for
 * an agent who reached a colleague's ticket (through their queue, or the search tab).
 */
export function actionsFor(
  status: TicketStatus,
  profile: string | null | undefined,
  othersOpenTicket = false,
): TicketAction[] {
  const byStatus: Record<TicketStatus, TicketAction[]> = {
    pending: ['accept'],
    open: ['return', 'resolve', 'transfer'],
    closed: ['reopen'],
  };
  const actions = status === 'open' && othersOpenTicket ? [] : [...byStatus[status]];
  if (can(profile, 'ticket-options:deleteTicket')) actions.push('delete');
  return actions;
}

/** The PUT /tickets/{id} body of a status change by the user `me`. */
export function statusChangeFor(action: 'accept' | 'return' | 'resolve' | 'reopen', me: number): TicketUpdate {
  switch (action) {
    case 'accept':
    case 'reopen':
      return { status: 'open', userId: me };
    case 'return':
      return { status: 'pending', userId: null };
    case 'resolve':
      return { status: 'closed' };
  }
}

/** core §4: after a change to open the view stays on the ticket; otherwise it goes to /tickets. */
export function staysOnTicket(update: TicketUpdate): boolean {
  return update.status === 'open' && update.queueId === undefined;
}

/** What a transfer sends (core §4): the queue, and the user if one is chosen; no user → pending. */
export function transferUpdate(choice: { userId?: number; queueId?: number; whatsappId?: number }): TicketUpdate {
  const update: TicketUpdate = {};
  if (choice.queueId !== undefined) update.queueId = choice.queueId;
  if (choice.userId !== undefined) update.userId = choice.userId;
  else {
    update.status = 'pending';
    update.userId = null;
  }
  if (choice.whatsappId !== undefined) update.whatsappId = choice.whatsappId;
  return update;
}
