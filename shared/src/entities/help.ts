/** Help video (extended §3) and the /helps routes (super users write). */
import * as z from 'zod';
import { limits } from '../constants.ts';
import { idSchema, optionalTextSchema, requiredText } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const helpSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** The video host's code, embedded by the SPA. */
  video: z.string(),
  description: z.string().default(''),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Help = z.infer<typeof helpSchema>;

export const helpCreateInputSchema = z.object({
  title: requiredText().max(limits.shortTextMax, msg.tooLong),
  video: requiredText().max(limits.urlMax, msg.tooLong),
  description: optionalTextSchema,
});
export type HelpCreateInput = z.infer<typeof helpCreateInputSchema>;

export const helpUpdateInputSchema = helpCreateInputSchema.partial();
export type HelpUpdateInput = z.infer<typeof helpUpdateInputSchema>;
