import type { LiveListener } from '../src/domain/live-audience.ts';

/** A signed-in socket of company 7's user `userId`, in no queue and without the all-tickets permission. */
export const listener = (userId: number, profile: LiveListener['profile'] = 'user'): LiveListener => ({
  userId,
  sessionId: 's',
  profile,
  isSuper: false,
  queueIds: [],
  allTicket: 'desabled',
  rooms: [],
});
