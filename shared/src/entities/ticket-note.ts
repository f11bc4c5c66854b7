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
  userId: idSchema.optional(),
  user: z.object({ id: idSchema.optional(), name: z.string() }).nullable().optional(),
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
