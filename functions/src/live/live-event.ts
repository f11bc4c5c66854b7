import type { Audience } from '#domain/live-audience';

/**
 * The scope of an event that goes to every company's sockets (platform-wide announcements): its
 * audience then narrows among all open connections (docs/live-events.md, "Platform-wide events").
 */
export const allCompanies = 'all' as const;

/** One message to send over the live channel, and to whom within its company (or all companies). */
export interface LiveEvent {
  companyId: number | typeof allCompanies;
  event: string;
  data: unknown;
  audience: Audience;
}

/** A data change as the stream reports it, with ElectroDB's keys stripped. */
export interface EntityChange {
  entity: string;
  kind: 'create' | 'update' | 'delete';
  newItem: Record<string, unknown> | undefined;
  oldItem: Record<string, unknown> | undefined;
}

/** The access facts a socket's audiences are computed from; the user record's, kept current. */
export interface SocketAccess {
  profile: 'admin' | 'user' | 'supervisor';
  isSuper: boolean;
  queueIds: number[];
  allTicket: 'enabled' | 'desabled';
}

/**
 * What the broadcaster does to open sockets themselves, in order with the events around it:
 * close those of an ended session, give a user's sockets their new access, or take a chat room
 * from sockets that may no longer see its ticket.
 */
export type SocketControl = { companyId: number; audience: Audience } & (
  | { control: 'close' }
  | { control: 'setAccess'; access: SocketAccess }
  | {
      control: 'leaveRoom';
      room: string;
      /**
       * The audience judged again against the record as it is now. A stream image can be older
       * than the socket's join (which checked the then-current record): a socket that joined the
       * chat after a newer change made the ticket visible must not be sent out by an older image.
       * Asked only when some socket would leave, so the read is rare.
       */
      recheck?: () => Promise<Audience>;
    }
);

export type LiveOutput = LiveEvent | SocketControl;

export const isSocketControl = (output: LiveOutput): output is SocketControl => 'control' in output;

export type EventRule = (change: EntityChange) => LiveOutput[] | Promise<LiveOutput[]>;
