/** Contact list and its items (extended §3, §5) for campaigns: /contact-lists, /contact-list-items. */
import * as z from 'zod';
import { idParamSchema, idSchema, nameField, optionalEmailSchema } from '../fields.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';
import { contactNumberField } from './contact.ts';

export const contactListSchema = z.object({
  id: idSchema,
  name: z.string(),
  contactsCount: z.number().int().nonnegative().default(0),
  companyId: idSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type ContactList = z.infer<typeof contactListSchema>;

export const contactListCreateInputSchema = z.object({ name: nameField() });
export type ContactListCreateInput = z.infer<typeof contactListCreateInputSchema>;

export const contactListUpdateInputSchema = contactListCreateInputSchema;
export type ContactListUpdateInput = z.infer<typeof contactListUpdateInputSchema>;

/** GET /contact-lists/. */
export const contactListsQuerySchema = pagedSearchQuerySchema;
export type ContactListsQuery = z.infer<typeof contactListsQuerySchema>;

export const contactListItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  number: z.string(),
  email: z.string().default(''),
  isWhatsappValid: z.boolean().nullable().optional(),
  companyId: idSchema,
  contactListId: idSchema,
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type ContactListItem = z.infer<typeof contactListItemSchema>;

/** POST /contact-list-items: name 2..50, number 8..50, e-mail valid when given. */
export const contactListItemCreateInputSchema = z.object({
  name: nameField(),
  number: contactNumberField(),
  email: optionalEmailSchema,
  contactListId: idParamSchema,
});
export type ContactListItemCreateInput = z.infer<typeof contactListItemCreateInputSchema>;

/** The item dialog's fields (the list is the page's): the create route's rules without contactListId. */
export const contactListItemFieldsSchema = contactListItemCreateInputSchema.omit({ contactListId: true });

/** PUT /contact-list-items/{id}. */
export const contactListItemUpdateInputSchema = z.object({
  name: nameField().optional(),
  number: contactNumberField().optional(),
  email: optionalEmailSchema.optional(),
});
export type ContactListItemUpdateInput = z.infer<typeof contactListItemUpdateInputSchema>;

/** GET /contact-list-items. */
export const contactListItemQuerySchema = pagedSearchQuerySchema.extend({
  contactListId: idParamSchema,
});
export type ContactListItemQuery = z.infer<typeof contactListItemQuerySchema>;
