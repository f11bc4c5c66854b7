/** Sign-in and session (core §7): POST /auth/login, /auth/refresh_token, GET /auth/me. */
import * as z from 'zod';
import { limits } from '../constants.ts';
import { requiredText } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';
import { companySchema } from './company.ts';
import { settingSchema } from './setting.ts';
import { userSchema } from './user.ts';

/**
 * Login only checks presence: a malformed e-mail is answered like a wrong password
 * (ERR_INVALID_CREDENTIALS) so the form leaks nothing about the rules.
 */
export const loginInputSchema = z.object({
  email: requiredText().max(limits.emailMax, msg.tooLong),
  password: z.string({ error: msg.required }).min(1, msg.required).max(limits.tokenMax, msg.tooLong),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The signed-in user with their company and its settings. */
export const sessionUserSchema = userSchema.extend({
  company: companySchema
    .pick({ id: true, name: true, dueDate: true, planId: true, status: true })
    .extend({ settings: z.array(settingSchema).default([]) })
    .loose()
    .optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The answer of /auth/login and /auth/refresh_token. */
export const authSessionSchema = z.object({
  token: z.string().min(1),
  user: sessionUserSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** GET /version. */
export const versionSchema = z.object({ version: z.string() });
export type VersionAnswer = z.infer<typeof versionSchema>;
