/**
 * Ticket timeline entries: every status change, transfer, accept and rating, with who did
 * it, when, and the placement before and after. The dashboard times and the audit trail
 * are computed from them.
 */
import * as z from 'zod';
import { ratingValues } from '../constants.ts';
import { idSchema, isoDateTimeSchema } from '../fields.ts';
import { ticketStatusSchema } from './ticket.ts';

/** Where a ticket sits: its status, attendant, queue and connection. */
export const ticketPlacementSchema = z.object({
  status: ticketStatusSchema,
  userId: idSchema.nullable(),
  queueId: idSchema.nullable(),
  whatsappId: idSchema.nullable(),
});
export type TicketPlacement = z.infer<typeof ticketPlacementSchema>;

const entryBase = {
  id: z.string().min(1),
  ticketId: idSchema,
  companyId: idSchema,
  /** Who acted; null for the system (chatbot, expiry, inbound message). */
  userId: idSchema.nullable(),
  userName: z.string().nullable().optional(),
  /** When, as an ISO-8601 instant. */
  at: isoDateTimeSchema,
};

const movement = {
  ...entryBase,
  from: ticketPlacementSchema.nullable(),
  to: ticketPlacementSchema,
};

export const ticketTimelineEntrySchema = z.discriminatedUnion('type', [
  /** Ticket created (from is null). */
  z.object({ type: z.literal('create'), ...movement }),
  /** pending → open by an attendant. */
  z.object({ type: z.literal('accept'), ...movement }),
  /** Return, resolve, reopen, or any other status change. */
  z.object({ type: z.literal('status'), ...movement }),
  /** A change of queue, user or connection. */
  z.object({ type: z.literal('transfer'), ...movement }),
  /** The contact's rating of the attendance, 1 to 3. */
  z.object({
    type: z.literal('rating'),
    ...entryBase,
    rating: z.literal(ratingValues),
    ratedUserId: idSchema.nullable(),
  }),
]);
export type TicketTimelineEntry = z.infer<typeof ticketTimelineEntrySchema>;
export type TicketTimelineType = TicketTimelineEntry['type'];
