import { AppError } from './app-error.ts';

export type TicketStatus = 'pending' | 'open' | 'closed';

export interface TicketState {
  status: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId: number;
}

export interface TicketChangeRequest {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
}

export type TicketAction = 'accept' | 'return' | 'resolve' | 'reopen' | 'transfer';

/**
 * The spec's transition table (core §4): accept (pending → open, the caller), return (open →
 * pending, no user), resolve (→ closed, queue kept), reopen (closed → open, the caller), and
 * transfer (a queue, and a user → open, or no user → pending). Anything else is refused.
 */
export function planTicketChange(
  current: TicketState,
  request: TicketChangeRequest,
  caller: { userId: number; isAdmin: boolean },
): { action: TicketAction; next: TicketState } {
  const transfer = request.queueId !== undefined && request.queueId !== (current.queueId ?? null);
  if (transfer || (request.userId !== undefined && request.userId !== null && request.userId !== caller.userId && request.status !== 'closed')) {
    if (current.status === 'closed') throw invalid('a closed ticket is reopened before it is transferred');
    const userId = request.userId ?? null;
    return {
      action: 'transfer',
      next: {
        status: userId === null ? 'pending' : 'open',
        userId,
        queueId: request.queueId !== undefined ? request.queueId : (current.queueId ?? null),
        whatsappId: request.whatsappId ?? current.whatsappId,
      },
    };
  }
  const target = request.status ?? current.status;
  if (current.status === 'pending' && target === 'open') {
    return { action: 'accept', next: { ...current, status: 'open', userId: caller.userId } };
  }
  if (current.status === 'open' && target === 'pending') {
    return { action: 'return', next: { ...current, status: 'pending', userId: null } };
  }
  if (current.status !== 'closed' && target === 'closed') {
    return { action: 'resolve', next: { ...current, status: 'closed', userId: current.userId ?? caller.userId } };
  }
  if (current.status === 'closed' && target === 'open') {
    return { action: 'reopen', next: { ...current, status: 'open', userId: caller.userId } };
  }
  throw invalid(`no transition from ${current.status} to ${target}`);
}

function invalid(reason: string): AppError {
  return new AppError('ERR_VALIDATION', { issues: [{ path: 'status', message: reason }] });
}
