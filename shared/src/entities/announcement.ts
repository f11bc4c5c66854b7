/** Announcement (extended §3, §5): published by super users to every company. */
import * as z from 'zod';
import { announcementDefaults, announcementPriorities, limits } from '../constants.ts';
import { booleanParamSchema, idSchema, requiredText } from '../fields.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';
import { validationMessages as msg } from '../validation-messages.ts';

/** 1 Alta (red), 2 Média (orange), 3 Baixa (grey). */
export const announcementPrioritySchema = z.coerce.number().pipe(z.literal(announcementPriorities));
export type AnnouncementPriority = z.infer<typeof announcementPrioritySchema>;

export const announcementSchema = z.object({
  id: idSchema,
  title: z.string(),
  text: z.string(),
  priority: z.literal(announcementPriorities).default(announcementDefaults.priority),
  status: z.boolean().default(announcementDefaults.status),
  mediaPath: z.string().nullable().optional(),
  mediaName: z.string().nullable().optional(),
  companyId: idSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Announcement = z.infer<typeof announcementSchema>;

const titleSchema = requiredText().max(limits.announcementTitleMax, msg.tooLong);
const textSchema = requiredText().max(limits.announcementTextMax, msg.tooLong);

/** POST /announcements: title and text required (Requerido). */
export const announcementCreateInputSchema = z.object({
  title: titleSchema,
  text: textSchema,
  priority: announcementPrioritySchema.default(announcementDefaults.priority),
  status: booleanParamSchema.default(announcementDefaults.status),
});
export type AnnouncementCreateInput = z.infer<typeof announcementCreateInputSchema>;

/** PUT /announcements/{id}. */
export const announcementUpdateInputSchema = z.object({
  title: titleSchema.optional(),
  text: textSchema.optional(),
  priority: announcementPrioritySchema.optional(),
  status: booleanParamSchema.optional(),
});
export type AnnouncementUpdateInput = z.infer<typeof announcementUpdateInputSchema>;

export const announcementListQuerySchema = pagedSearchQuerySchema;
export type AnnouncementListQuery = z.infer<typeof announcementListQuerySchema>;
