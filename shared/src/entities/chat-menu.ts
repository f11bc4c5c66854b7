/**
 * A chatbot menu sent as a WhatsApp list or buttons message (setting `chatBotType`,
 * docs/chatbot.md "Menus as lists and buttons"). The message's body always holds the same menu
 * as numbered text, so a client that cannot show a list or buttons still works: the customer
 * types the number. A tap answers the row's or button's `id`, which is the number to type.
 */
import * as z from 'zod';

export const chatMenuTypes = ['list', 'buttons'] as const;
export type ChatMenuType = (typeof chatMenuTypes)[number];

/** WhatsApp's limits: 3 quick-reply buttons; 10 rows in a list (titles 24, button text 20). */
export const chatMenuLimits = { buttons: 3, rows: 10, rowTitle: 24, buttonText: 20, title: 60 } as const;

export const chatMenuRowSchema = z.object({
  /** What a tap answers: the number the customer would type ("1", "0", "#"). */
  id: z.string().min(1).max(20),
  title: z.string().min(1).max(chatMenuLimits.rowTitle),
});
export type ChatMenuRow = z.infer<typeof chatMenuRowSchema>;

export const chatMenuSchema = z.object({
  type: z.enum(chatMenuTypes),
  /** The menu's header (the greeting or the option's message), cut for the list/buttons card. */
  title: z.string().max(chatMenuLimits.title).optional(),
  /** A list's opening button ("Ver opciones"). */
  buttonText: z.string().max(chatMenuLimits.buttonText).optional(),
  rows: z.array(chatMenuRowSchema).min(1).max(chatMenuLimits.rows),
});
export type ChatMenu = z.infer<typeof chatMenuSchema>;
