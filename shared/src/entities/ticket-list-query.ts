/**
 * The ticket list query (core §7): pageNumber, searchParam, status, showAll, tags, users,
 * queueIds, date, updatedAt, withUnreadMessages. Id lists may arrive as JSON strings
 * ('[1,2]'), comma lists or repeated keys.
 */
import * as z from 'zod';
import { booleanParamSchema, isoDateSchema, isoDateOrDateTimeSchema } from '../fields.ts';
import { idListParamSchema, pageNumberSchema, searchParamSchema } from '../query-params.ts';
import { ticketStatusSchema } from './ticket.ts';

export const ticketListQuerySchema = z.object({
  pageNumber: pageNumberSchema,
  searchParam: searchParamSchema,
  status: ticketStatusSchema.optional(),
  showAll: booleanParamSchema.default(false),
  tags: idListParamSchema,
  users: idListParamSchema,
  queueIds: idListParamSchema,
  /** Tickets created on this day. */
  date: isoDateSchema.optional(),
  /** Tickets updated on or after this day or instant. */
  updatedAt: isoDateOrDateTimeSchema.optional(),
  withUnreadMessages: booleanParamSchema.default(false),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** GET /ticket/kanban: the tickets of the caller's queues. */
export const kanbanQuerySchema = z.object({
  queueIds: idListParamSchema,
});
export type KanbanQuery = z.infer<typeof kanbanQuerySchema>;
