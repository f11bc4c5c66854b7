/** Help video (extended §3) and the /helps routes (super users write). */
import * as z from 'zod';
import { idSchema, optionalTextSchema, requiredText } from '../fields.ts';

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
  title: requiredText(),
  video: requiredText(),
  description: optionalTextSchema,
});
export type HelpCreateInput = z.infer<typeof helpCreateInputSchema>;

export const helpUpdateInputSchema = helpCreateInputSchema.partial();
export type HelpUpdateInput = z.infer<typeof helpUpdateInputSchema>;
