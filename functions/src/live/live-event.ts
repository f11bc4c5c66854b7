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

export type EventRule = (change: EntityChange) => LiveEvent[] | Promise<LiveEvent[]>;
