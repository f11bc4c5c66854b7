/** Ticket note (core §3, §5) and the /ticket-notes routes. */
import * as z from 'zod';
import { limits } from '../constants.ts';
import { idParamSchema, idSchema, requiredText } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const ticketNoteSchema = z.object({
  id: idSchema,
  note: z.string(),
  ticketId: idSchema,
  contactId: idSchema,
  /** The agent who wrote it; null for a note of the bot. */
  userId: idSchema.nullable().optional(),
  user: z.object({ id: idSchema.nullable().optional(), name: z.string() }).nullable().optional(),
  /** `bot`: left by a queue's bot when it handed the ticket to the agents (user.name "Bot"). */
  author: z.enum(['user', 'bot']).optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type TicketNote = z.infer<typeof ticketNoteSchema>;

/** POST /ticket-notes: the note is required, at least 2 characters. */
export const ticketNoteCreateInputSchema = z.object({
  note: requiredText().min(limits.ticketNoteMin, msg.tooShort).max(limits.ticketNoteMax, msg.tooLong),
  ticketId: idParamSchema,
  contactId: idParamSchema,
});
export type TicketNoteCreateInput = z.infer<typeof ticketNoteCreateInputSchema>;

/** GET /ticket-notes/list. */
export const ticketNoteListQuerySchema = z.object({
  ticketId: idParamSchema,
  contactId: idParamSchema,
});
export type TicketNoteListQuery = z.infer<typeof ticketNoteListQuerySchema>;
