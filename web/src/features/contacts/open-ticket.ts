import { ApiError } from '../../lib/api-error.ts';

/** What a contact click leads to when POST /tickets answers 409 ERR_OTHER_OPEN_TICKET. */
export type OpenTicketConflict =
  /** The caller's own open ticket: open it instead (core §4). */
  | { kind: 'mine'; ref: string }
  /** Someone else holds it: say who. */
  | { kind: 'other'; userName: string | null; queueName: string | null };

/**
 * Reads the 409 body `{ error, ticketId, uuid, userId, userName, queueName }` (the uuid is also
 * accepted as `ticketUuid`). Anything that is not that conflict gives undefined.
 */
export function openTicketConflictOf(
  error: unknown,
  meId: number | undefined,
): OpenTicketConflict | undefined {
  if (!(error instanceof ApiError) || error.code !== 'ERR_OTHER_OPEN_TICKET') return undefined;
  const body = (error.body && typeof error.body === 'object' ? error.body : {}) as Record<string, unknown>;
  const uuid =
    typeof body.uuid === 'string' ? body.uuid : typeof body.ticketUuid === 'string' ? body.ticketUuid : '';
  const id =
    typeof body.ticketId === 'number' || typeof body.ticketId === 'string' ? String(body.ticketId) : '';
  const ref = uuid || id;
  if (meId !== undefined && body.userId === meId && ref) return { kind: 'mine', ref };
  return {
    kind: 'other',
    userName: typeof body.userName === 'string' ? body.userName : null,
    queueName: typeof body.queueName === 'string' ? body.queueName : null,
  };
}
