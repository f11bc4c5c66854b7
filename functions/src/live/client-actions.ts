import * as z from 'zod';

/** What a client may send over the live channel; anything else is ignored with an error reply. */
export const clientActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('joinChatBox'), ticketId: z.coerce.number().int().positive() }),
  z.object({ action: z.literal('leaveChatBox'), ticketId: z.coerce.number().int().positive() }),
  z.object({ action: z.literal('joinNotification') }),
  z.object({ action: z.literal('joinTickets'), status: z.enum(['open', 'pending', 'closed']) }),
  z.object({ action: z.literal('leaveTickets'), status: z.enum(['open', 'pending', 'closed']) }),
  z.object({ action: z.literal('userStatus') }),
  z.object({ action: z.literal('ping') }),
]);

export type ClientAction = z.infer<typeof clientActionSchema>;
