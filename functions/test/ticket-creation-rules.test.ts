import { describe, expect, it } from 'vitest';
import { AppError } from '../src/domain/app-error.ts';
import {
  assertMayCreateInQueue,
  otherOpenTicketError,
  type TicketCreator,
} from '../src/domain/ticket-creation-rules.ts';

const agent = (queueIds: number[], allTicket: TicketCreator['allTicket'] = 'desabled'): TicketCreator => ({
  userId: 5,
  isAdmin: false,
  queueIds,
  allTicket,
});
const admin: TicketCreator = { userId: 1, isAdmin: true, queueIds: [], allTicket: 'enabled' };

function codeOf(run: () => void): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
}

describe('creating a ticket in a queue', () => {
  it('lets an agent name only one of their own queues', () => {
    expect(codeOf(() => assertMayCreateInQueue(agent([3, 4]), 4))).toBeUndefined();
    expect(codeOf(() => assertMayCreateInQueue(agent([3, 4]), 9))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => assertMayCreateInQueue(agent([]), 9))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => assertMayCreateInQueue(agent([3]), undefined))).toBe('ERR_VALIDATION');
  });

  it('lets an admin name any queue, or none', () => {
    expect(codeOf(() => assertMayCreateInQueue(admin, 9))).toBeUndefined();
    expect(codeOf(() => assertMayCreateInQueue(admin, null))).toBeUndefined();
  });
});

describe('the other open ticket of a contact', () => {
  const ticket = {
    id: 70,
    uuid: '7b0b7f5e-4a57-4d4c-9f7e-2b0c1d2e3f40',
    userId: 8,
    queueId: 3,
    status: 'open',
  };
  const names = { userName: 'Bruno', queueName: 'Ventas' };

  it('tells someone who may see it which ticket and who holds it', () => {
    for (const creator of [admin, agent([3])])
      expect(otherOpenTicketError(creator, ticket, names).details).toEqual({
        ticketId: 70,
        uuid: ticket.uuid,
        userId: 8,
        ...names,
      });
  });

  it('tells anyone else no more than that one exists', () => {
    const error = otherOpenTicketError(agent([4], 'enabled'), ticket, names);
    expect(error.code).toBe('ERR_OTHER_OPEN_TICKET');
    expect(error.status).toBe(409);
    expect(error.details).toBeUndefined();
  });
});
