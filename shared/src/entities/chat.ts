/** Internal chat between users of one company (extended §3, §5): /chats routes. */
import * as z from 'zod';
import { idParamSchema, idSchema } from '../fields.ts';
import { pagedSearchQuerySchema, pageNumberSchema } from '../query-params.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const chatUserSchema = z.object({
  userId: idSchema,
  unreads: z.number().int().nonnegative().default(0),
  user: z.object({ id: idSchema, name: z.string() }).optional(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const chatSchema = z.object({
  id: idSchema,
  uuid: z.uuid(),
  title: z.string(),
  ownerId: idSchema,
  companyId: idSchema.optional(),
  users: z.array(chatUserSchema).default([]),
  lastMessage: z.string().default(''),
  createdAt: z.string().optional(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

export const chatMessageSchema = z.object({
  id: idSchema.optional(),
  chatId: idSchema,
  senderId: idSchema,
  sender: z.object({ id: idSchema.optional(), name: z.string() }).optional(),
  message: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * Upper bounds of the chat inputs (docs/decisions.md, "Internal chat"). A chat has at most 98
 * members because a new message is one DynamoDB transaction (at most 100 items): the message,
 * the chat, and one unread counter per member.
 */
export const chatLimits = { titleMax: 100, membersMax: 98, messageMax: 5_000 } as const;

const chatTitleSchema = z
  .string({ error: msg.chatTitleRequired })
  .trim()
  .min(1, msg.chatTitleRequired)
  .max(chatLimits.titleMax, msg.tooLong);

/**
 * Participants as the dialog sends them: {id, name}; at least one. The name is the client's
 * and ignored: the server takes names from the company's users.
 */
const chatParticipantsSchema = z
  .array(z.object({ id: idParamSchema, name: z.string().max(200).optional() }), {
    error: msg.chatUsersRequired,
  })
  .min(1, msg.chatUsersRequired)
  .max(chatLimits.membersMax, msg.tooLong);

/** POST /chats. */
export const chatCreateInputSchema = z.object({
  title: chatTitleSchema,
  users: chatParticipantsSchema,
});
export type ChatCreateInput = z.infer<typeof chatCreateInputSchema>;

/** PUT /chats/{id}. */
export const chatUpdateInputSchema = z.object({
  title: chatTitleSchema.optional(),
  users: chatParticipantsSchema.optional(),
});
export type ChatUpdateInput = z.infer<typeof chatUpdateInputSchema>;

/** POST /chats/{id}/messages: blank messages are not sent. */
export const chatMessageCreateInputSchema = z.object({
  message: z
    .string({ error: msg.emptyMessage })
    .trim()
    .min(1, msg.emptyMessage)
    .max(chatLimits.messageMax, msg.tooLong),
});
export type ChatMessageCreateInput = z.infer<typeof chatMessageCreateInputSchema>;

/** GET /chats/{id}/messages: pages from the newest; `cursor` (from the previous page) reads the next one directly. */
export const chatMessageListQuerySchema = z.object({
  pageNumber: pageNumberSchema,
  cursor: z.string().max(2048).optional(),
});
export type ChatMessageListQuery = z.infer<typeof chatMessageListQuerySchema>;

/** POST /chats/{id}/read: the SPA sends its own user id; only the caller's own count is ever cleared. */
export const chatReadInputSchema = z.object({ userId: idParamSchema.optional() });
export type ChatReadInput = z.infer<typeof chatReadInputSchema>;

/** GET /chats/ (core §7). */
export const chatListQuerySchema = pagedSearchQuerySchema;
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;
