/** Ticket (core §3, §4) and the /tickets routes; kanban cards (extended §3). */
import * as z from 'zod';
import { ticketStatuses } from '../constants.ts';
import { booleanParamSchema, idParamSchema, idSchema, nullableIdSchema } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';
import { contactSchema } from './contact.ts';
import { queueRefSchema } from './queue.ts';
import { tagRefSchema } from './tag.ts';
import { isAdminProfile } from './user.ts';

export const ticketStatusSchema = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const ticketSchema = z.object({
  id: idSchema,
  uuid: z.uuid(),
  status: ticketStatusSchema,
  /** Optional human-facing protocol code. */
  code: z.string().nullable().optional(),
  companyId: idSchema.optional(),
  userId: idSchema.nullable(),
  user: z.object({ id: idSchema, name: z.string() }).nullable().optional(),
  queueId: idSchema.nullable(),
  queue: queueRefSchema.nullable().optional(),
  contactId: idSchema,
  contact: contactSchema.optional(),
  whatsappId: idSchema.nullable(),
  whatsapp: z.object({ id: idSchema, name: z.string() }).nullable().optional(),
  tags: z.array(tagRefSchema).default([]),
  lastMessage: z.string().default(''),
  unreadMessages: z.number().int().nonnegative().default(0),
  isGroup: z.boolean().default(false),
  /** The chatbot (queue options) is driving the conversation. */
  chatbot: z.boolean().default(false),
  useIntegration: z.boolean().default(false),
  promptId: idSchema.nullable().optional(),
  integrationId: idSchema.nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** POST /tickets. Tickets created from the app start open. */
export const ticketCreateInputSchema = z.object({
  contactId: idParamSchema,
  queueId: nullableIdSchema.optional(),
  whatsappId: nullableIdSchema.optional(),
  userId: nullableIdSchema.optional(),
  status: ticketStatusSchema.default('open'),
});
export type TicketCreateInput = z.infer<typeof ticketCreateInputSchema>;

/**
 * The create payload for a given profile: everyone but admins must choose a queue
 * (Seleccione una cola). The profile comes from the session, not from the payload.
 */
export function ticketCreateInputSchemaFor(profile: string) {
  if (isAdminProfile(profile)) return ticketCreateInputSchema;
  return ticketCreateInputSchema.refine((input) => typeof input.queueId === 'number', {
    error: msg.newTicketQueueRequired,
    path: ['queueId'],
  });
}

/**
 * PUT /tickets/{id}: accept, return, resolve, reopen and transfer (core §4). A transfer
 * without a user sends the ticket back to pending with userId null.
 */
export const ticketUpdateInputSchema = z.object({
  status: ticketStatusSchema.optional(),
  userId: nullableIdSchema.optional(),
  queueId: nullableIdSchema.optional(),
  whatsappId: nullableIdSchema.optional(),
  useIntegration: booleanParamSchema.optional(),
  promptId: nullableIdSchema.optional(),
  integrationId: nullableIdSchema.optional(),
});
export type TicketUpdateInput = z.infer<typeof ticketUpdateInputSchema>;

/** GET /tickets/u/{uuid}. */
export const ticketUuidPathSchema = z.object({ uuid: z.uuid() });
export type TicketUuidPath = z.infer<typeof ticketUuidPathSchema>;

/**
 * The 409 answer of POST /tickets when the contact already has an open ticket
 * (ERR_OTHER_OPEN_TICKET): who holds it and in which queue, so the modal can say so or
 * open it when it is the caller's own. Only a caller who may see that ticket gets these
 * details; anyone else gets the bare error (docs/decisions.md, Security: inputs).
 */
export const ticketConflictSchema = z.object({
  error: z.literal('ERR_OTHER_OPEN_TICKET'),
  ticketId: idSchema.optional(),
  uuid: z.uuid().optional(),
  userId: idSchema.nullable().optional(),
  userName: z.string().nullable().optional(),
  queueName: z.string().nullable().optional(),
});
export type TicketConflict = z.infer<typeof ticketConflictSchema>;

/** A kanban card. */
export const kanbanTicketSchema = z.object({
  id: idSchema,
  uuid: z.uuid(),
  tags: z.array(tagRefSchema).default([]),
  contact: z.object({ name: z.string(), number: z.string() }),
  lastMessage: z.string().default(''),
});
export type KanbanTicket = z.infer<typeof kanbanTicketSchema>;
