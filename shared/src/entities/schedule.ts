/** Scheduled message (core §3, §5, extended §3) and the /schedules routes. */
import * as z from 'zod';
import { limits, scheduleDefaultLeadMs, scheduleStatuses } from '../constants.ts';
import { idParamSchema, idSchema, nullableIdSchema, requiredIdSchema, requiredText } from '../fields.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const scheduleStatusSchema = z.enum(scheduleStatuses);
export type ScheduleStatus = z.infer<typeof scheduleStatusSchema>;

export const scheduleSchema = z.object({
  id: idSchema,
  body: z.string(),
  contactId: idSchema,
  contact: z.object({ id: idSchema, name: z.string(), number: z.string().optional() }).optional(),
  sendAt: z.string(),
  sentAt: z.string().nullable().optional(),
  /** ERRO is shown as a send error. */
  status: scheduleStatusSchema,
  /** The error code of a failed send (status ERRO), shown in the calendar. */
  errorReason: z.string().nullable().optional(),
  mediaPath: z.string().nullable().optional(),
  mediaName: z.string().nullable().optional(),
  userId: idSchema.nullable().optional(),
  ticketId: idSchema.nullable().optional(),
  companyId: idSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** Body: at least 5 characters (Mensaje muy corto), required (Obligatorio). */
const scheduleBodySchema = requiredText(msg.mandatory)
  .min(limits.scheduleBodyMin, msg.messageTooShort)
  .max(limits.longTextMax, msg.tooLong);
/** sendAt: required (Obligatorio), an ISO-8601 instant. */
const sendAtSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.iso.datetime({
    offset: true,
    error: (issue) => (issue.input === undefined ? msg.mandatory : msg.invalidDate),
  }),
);

/** POST /schedules. */
export const scheduleCreateInputSchema = z.object({
  body: scheduleBodySchema,
  contactId: requiredIdSchema(msg.mandatory),
  sendAt: sendAtSchema,
  userId: nullableIdSchema.optional(),
});
export type ScheduleCreateInput = z.infer<typeof scheduleCreateInputSchema>;

/** PUT /schedules/{id}. */
export const scheduleUpdateInputSchema = z.object({
  body: scheduleBodySchema.optional(),
  contactId: requiredIdSchema(msg.mandatory).optional(),
  sendAt: sendAtSchema.optional(),
  userId: nullableIdSchema.optional(),
});
export type ScheduleUpdateInput = z.infer<typeof scheduleUpdateInputSchema>;

/** GET /schedules/: an optional contactId narrows to one contact. */
export const scheduleListQuerySchema = pagedSearchQuerySchema.extend({
  contactId: idParamSchema.optional(),
  userId: idParamSchema.optional(),
});
export type ScheduleListQuery = z.infer<typeof scheduleListQuerySchema>;

/** The send time a new schedule starts with: one hour from now. */
export function defaultScheduleSendAt(now: Date): string {
  return new Date(now.getTime() + scheduleDefaultLeadMs).toISOString();
}
