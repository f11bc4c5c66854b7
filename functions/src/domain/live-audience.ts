/**
 * Who may receive a live event. Events are only ever fanned out to connections of the event's
 * own company; these predicates narrow that further by role, user, queue and room. They are
 * pure so every rule can be tested without AWS.
 */
export interface LiveListener {
  userId: number;
  /** The login session the socket was opened with. */
  sessionId: string;
  profile: 'admin' | 'user' | 'supervisor';
  isSuper: boolean;
  queueIds: number[];
  allTicket: 'enabled' | 'desabled';
  rooms: string[];
}

export type Audience = (listener: LiveListener) => boolean;

export const everyone: Audience = () => true;

export const adminsOnly: Audience = (listener) => listener.profile === 'admin' || listener.isSuper;

export const onlyUser =
  (userId: number): Audience =>
  (listener) =>
    listener.userId === userId;

export const inRoom =
  (room: string): Audience =>
  (listener) =>
    listener.rooms.includes(room);

export const rooms = {
  chatBox: (ticketId: number) => `ticket:${ticketId}`,
  notification: 'notification',
  ticketsTab: (status: string) => `tickets:${status}`,
} as const;
