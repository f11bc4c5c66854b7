/** User (core §3, extended §3) and the /users routes. */
import * as z from 'zod';
import { allTicketValues, limits, profiles } from '../constants.ts';
import {
  idParamSchema,
  idSchema,
  nameField,
  nullableIdSchema,
  passwordField,
  requiredEmail,
  requiredEnum,
} from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';
import { languageSchema } from '../language-schema.ts';
import { pagedSearchQuerySchema, searchParamSchema } from '../query-params.ts';

/** Profiles are compared case-insensitively in places, so input is lower-cased first. */
export const profileSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  requiredEnum(profiles),
);
export type Profile = z.infer<typeof profileSchema>;

export const allTicketSchema = requiredEnum(allTicketValues);
export type AllTicket = z.infer<typeof allTicketSchema>;

export const userQueueRefSchema = z.object({
  id: idSchema,
  name: z.string(),
  color: z.string(),
});

/** A user as the API returns it; the password hash never leaves the backend. */
export const userSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  profile: profileSchema,
  companyId: idSchema,
  company: z
    .object({ id: idSchema, name: z.string(), dueDate: z.string().nullable().optional() })
    .loose()
    .optional(),
  super: z.boolean(),
  queues: z.array(userQueueRefSchema).default([]),
  whatsappId: idSchema.nullable().optional(),
  allTicket: allTicketSchema,
  online: z.boolean().optional(),
  /** The UI language the user chose (docs/i18n.md); absent until they choose: the browser's. */
  language: languageSchema.nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

const queueIdsSchema = z.array(idParamSchema).max(limits.idListMax, msg.invalidValue).default([]);

/**
 * E-mails are stored lower-cased, as sign-in and the password reset look them up, so
 * `Ana@x.com` and `ana@x.com` are one address and the second is refused as a duplicate.
 */
const userEmailField = () => requiredEmail().toLowerCase();

/** POST /users. companyId is honoured only for super users. */
export const userCreateInputSchema = z.object({
  name: nameField(),
  email: userEmailField(),
  password: passwordField(),
  profile: profileSchema,
  allTicket: allTicketSchema,
  queueIds: queueIdsSchema,
  whatsappId: nullableIdSchema.optional(),
  companyId: idParamSchema.optional(),
});
export type UserCreateInput = z.infer<typeof userCreateInputSchema>;

/** PUT /users/{id}. An empty password means "keep the current one". */
export const userUpdateInputSchema = z.object({
  name: nameField().optional(),
  email: userEmailField().optional(),
  password: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    passwordField().optional(),
  ),
  profile: profileSchema.optional(),
  allTicket: allTicketSchema.optional(),
  queueIds: z.array(idParamSchema).max(limits.idListMax, msg.invalidValue).optional(),
  whatsappId: nullableIdSchema.optional(),
  /** The user's UI language; anyone may set their own (docs/i18n.md). */
  language: languageSchema.optional(),
  /** Required when users change their own e-mail or password (a stolen token alone cannot). */
  currentPassword: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string().max(limits.passwordMax).optional(),
  ),
});
export type UserUpdateInput = z.infer<typeof userUpdateInputSchema>;

/** GET /users/ and /users/list. */
export const userListQuerySchema = pagedSearchQuerySchema;
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** Most users one GET /users/search answers (the transfer dialog's suggestions). */
export const userSearchLimitMax = 20;

/** GET /users/search: users whose name's words start with the typed words; a small page. */
export const userSearchQuerySchema = z.object({
  searchParam: searchParamSchema,
  limit: z.coerce.number().int().positive().max(userSearchLimitMax, msg.invalidValue).default(10),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

/** One suggestion of GET /users/search: only what the dialog shows and sends. */
export interface UserSuggestion {
  id: number;
  name: string;
}

/** Whether a profile is admin, compared case-insensitively as the product does. */
export function isAdminProfile(profile: string | null | undefined): boolean {
  return profile?.toLowerCase() === 'admin';
}
