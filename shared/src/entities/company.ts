/** Company (core §3, extended §3), the super-admin company routes and the public sign-up. */
import * as z from 'zod';
import { limits, recurrences } from '../constants.ts';
import {
  booleanParamSchema,
  idSchema,
  isoDateOrDateTimeSchema,
  nameField,
  optionalEmailSchema,
  optionalTextSchema,
  passwordField,
  requiredEmail,
  requiredIdSchema,
} from '../fields.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';
import { validationMessages as msg } from '../validation-messages.ts';
import { planSchema } from './plan.ts';
import { settingSchema } from './setting.ts';
import { weekHoursSchema } from './weekday-hours.ts';
import { languageSchema } from '../language-schema.ts';

export const recurrenceSchema = z.enum(recurrences);
export type Recurrence = z.infer<typeof recurrenceSchema>;

export const companySchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  planId: idSchema.nullable(),
  plan: planSchema.optional(),
  status: z.boolean(),
  /** Mirrors the campaignsEnabled setting ('true' / 'false'). */
  campaignsEnabled: z.boolean().optional(),
  dueDate: z.string().nullable(),
  recurrence: recurrenceSchema.nullable().optional(),
  trialExpiration: z.string().nullable().optional(),
  settings: z.array(settingSchema).optional(),
  schedules: weekHoursSchema.optional(),
  billingName: z.string().nullable().optional(),
  addressZipCode: z.string().nullable().optional(),
  addressStreet: z.string().nullable().optional(),
  addressState: z.string().nullable().optional(),
  addressCity: z.string().nullable().optional(),
  addressDistrict: z.string().nullable().optional(),
  /** The company whose sign-up link (/signup?companyId=) this one came through, if any. */
  referredBy: idSchema.nullable().optional(),
  /** The company's language: the defaults of the texts its customers get (docs/i18n.md); absent: es. */
  language: languageSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type Company = z.infer<typeof companySchema>;

/** A due date from a form: '' (or absent) is stored as null, anything else must be a date. */
export const dueDateInputSchema = z.preprocess(
  (value) => (value === '' ? null : value),
  isoDateOrDateTimeSchema.nullable(),
);

/** Phone as typed with the (99) 99999-9999 mask; kept as its digits, at most 11. */
export const signupPhoneSchema = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  z
    .string()
    .max(limits.numberMax, msg.tooLong)
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().max(limits.signupPhoneMaxDigits, msg.tooLong)),
);

/** POST /companies/cadastro. The server adds recurrence MENSUAL, the trial due date, status and campaigns. */
export const signupInputSchema = z.object({
  name: nameField(),
  email: requiredEmail(msg.signupInvalidEmail, msg.required),
  phone: signupPhoneSchema,
  password: passwordField(),
  planId: requiredIdSchema(),
  /**
   * The `companyId` of the sign-up link (/signup?companyId=): the referring company, recorded on
   * the new one when it exists, ignored otherwise (docs/decisions.md, "Sign-up: the companyId of
   * the link is a referral").
   */
  referrerCompanyId: idSchema.optional(),
  /** The browser's language at sign-up: the company's and its first admin's (docs/i18n.md). */
  language: languageSchema.optional(),
});
export type SignupInput = z.infer<typeof signupInputSchema>;

/** POST /companies (super users). */
export const companyCreateInputSchema = z.object({
  name: nameField(),
  email: optionalEmailSchema,
  phone: optionalTextSchema,
  // A plan left unchosen reads "Requerido" in the company form, not zod's English default.
  planId: requiredIdSchema(),
  status: booleanParamSchema.default(true),
  campaignsEnabled: booleanParamSchema.optional(),
  dueDate: dueDateInputSchema.optional(),
  recurrence: recurrenceSchema.default('MENSUAL'),
  /** The company's language (docs/i18n.md); absent: Spanish. */
  language: languageSchema.optional(),
});
export type CompanyCreateInput = z.infer<typeof companyCreateInputSchema>;

/** PUT /companies/{id}: any subset; billing fields come from the subscription screens. */
export const companyUpdateInputSchema = companyCreateInputSchema.partial().extend({
  billingName: optionalTextSchema.optional(),
  addressZipCode: optionalTextSchema.optional(),
  addressStreet: optionalTextSchema.optional(),
  addressState: optionalTextSchema.optional(),
  addressCity: optionalTextSchema.optional(),
  addressDistrict: optionalTextSchema.optional(),
});
export type CompanyUpdateInput = z.infer<typeof companyUpdateInputSchema>;

export const companyListQuerySchema = pagedSearchQuerySchema;
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
