/**
 * The kanban board (extended §2.17, §4 Kanban, §7 Tags and kanban): GET /ticket/kanban and the
 * move of a card between lanes (POST /ticket-tags/{ticketId}/move). A lane is Creados (the
 * open and pending tickets without a kanban tag) or a kanban tag's id.
 */
import * as z from 'zod';
import { idParamSchema, idSchema } from '../fields.ts';
import { pageNumberSchema } from '../query-params.ts';
import { kanbanQuerySchema } from './ticket-list-query.ts';

/** The first lane's key in queries (`lane=creados`). */
export const creadosLane = 'creados';

/**
 * GET /ticket/kanban: `queueIds` (the user's queues), and optionally one `lane` (its page
 * `pageNumber`, for scrolling); without `lane` the first page of every lane.
 */
export const kanbanBoardQuerySchema = kanbanQuerySchema.extend({
  lane: z.union([z.literal(creadosLane), idParamSchema]).optional(),
  pageNumber: pageNumberSchema,
});
export type KanbanBoardQuery = z.infer<typeof kanbanBoardQuerySchema>;

/** A card's move: from one lane to another (null is Creados). */
export const kanbanMoveInputSchema = z.object({
  fromTagId: idSchema.nullable(),
  toTagId: idSchema.nullable(),
});
export type KanbanMoveInput = z.infer<typeof kanbanMoveInputSchema>;
