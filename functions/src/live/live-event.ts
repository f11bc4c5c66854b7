import type { Audience } from '#domain/live-audience';

/** One message to send over the live channel, and to whom within its company. */
export interface LiveEvent {
  companyId: number;
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
  | { control: 'leaveRoom'; room: string }
);

export type LiveOutput = LiveEvent | SocketControl;

export const isSocketControl = (output: LiveOutput): output is SocketControl => 'control' in output;

export type EventRule = (change: EntityChange) => LiveOutput[] | Promise<LiveOutput[]>;
