/** Tag (core §3, extended §3, §5), the /tags routes, ticket tagging and kanban lanes. */
import * as z from 'zod';
import { defaultTagColour, limits } from '../constants.ts';
import { booleanParamSchema, idParamSchema, idSchema, requiredText } from '../fields.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';
import { validationMessages as msg } from '../validation-messages.ts';

/** Kanban is stored as 0/1; true/false and '0'/'1' are accepted on input. */
export const kanbanFlagSchema = z.preprocess(
  (value) => {
    if (value === true || value === 'true' || value === '1') return 1;
    if (value === false || value === 'false' || value === '0') return 0;
    return value;
  },
  z.literal([0, 1]),
);

export const tagSchema = z.object({
  id: idSchema,
  name: z.string(),
  color: z.string(),
  kanban: z.literal([0, 1]).default(0),
  userId: idSchema.nullable().optional(),
  companyId: idSchema.optional(),
  ticketsCount: z.number().int().nonnegative().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Tag = z.infer<typeof tagSchema>;

/** The tag as embedded in a ticket. */
export const tagRefSchema = tagSchema.pick({ id: true, name: true, color: true, kanban: true }).partial({
  kanban: true,
});
export type TagRef = z.infer<typeof tagRefSchema>;

/** At least 3 characters (Mensaje muy corto), required (Obligatorio). */
const tagNameSchema = requiredText(msg.mandatory)
  .min(limits.tagNameMin, msg.messageTooShort)
  .max(limits.tagNameMax, msg.tooLong);
const tagColourSchema = z.string().trim().min(1).max(limits.tagColourMax, msg.tooLong);

/** POST /tags. */
export const tagCreateInputSchema = z.object({
  name: tagNameSchema,
  color: tagColourSchema.default(defaultTagColour),
  kanban: kanbanFlagSchema.default(0),
});
export type TagCreateInput = z.infer<typeof tagCreateInputSchema>;

/** PUT /tags/{id}. */
export const tagUpdateInputSchema = z.object({
  name: tagNameSchema.optional(),
  color: tagColourSchema.optional(),
  kanban: kanbanFlagSchema.optional(),
});
export type TagUpdateInput = z.infer<typeof tagUpdateInputSchema>;

/** GET /tags/: search and page; kanban=1 narrows to kanban lanes. */
export const tagListQuerySchema = pagedSearchQuerySchema.extend({
  kanban: booleanParamSchema.optional(),
});
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

/** POST /tags/sync: the ticket's full tag set; tags may come as ids or as tag objects. */
export const tagSyncInputSchema = z.object({
  ticketId: idParamSchema,
  tags: z
    .array(z.union([idParamSchema, z.object({ id: idParamSchema }).transform((tag) => tag.id)]))
    .max(limits.idListMax, msg.invalidValue)
    .transform((ids) => [...new Set(ids)]),
});
export type TagSyncInput = z.infer<typeof tagSyncInputSchema>;

/** PUT /ticket-tags/{ticketId}/{tagId}. */
export const ticketTagPathSchema = z.object({
  ticketId: idParamSchema,
  tagId: idParamSchema,
});
export type TicketTagPath = z.infer<typeof ticketTagPathSchema>;
