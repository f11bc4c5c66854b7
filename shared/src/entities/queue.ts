/** Queue with its opening hours (core §3, extended §3, §5) and the /queue routes. */
import * as z from 'zod';
import { limits } from '../constants.ts';
import {
  idParamSchema,
  idSchema,
  nameField,
  nullableIdSchema,
  optionalTextSchema,
  requiredText,
} from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';
import { defaultWeekHours, weekHoursSchema } from './weekday-hours.ts';

export const queueSchema = z.object({
  id: idSchema,
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string().nullable().optional(),
  outOfHoursMessage: z.string().nullable().optional(),
  orderQueue: z.number().int().nullable().optional(),
  integrationId: idSchema.nullable().optional(),
  promptId: idSchema.nullable().optional(),
  companyId: idSchema.optional(),
  schedules: weekHoursSchema.default([]),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Queue = z.infer<typeof queueSchema>;

/** The queue as embedded in tickets and users. */
export const queueRefSchema = z.object({ id: idSchema, name: z.string(), color: z.string() });
export type QueueRef = z.infer<typeof queueRefSchema>;

/** Colour: required, 3..9 characters (a hex such as #fff or #rrggbbaa). */
export const queueColourSchema = requiredText()
  .min(limits.queueColourMin, msg.tooShort)
  .max(limits.queueColourMax, msg.tooLong);

const orderQueueSchema = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce.number({ error: msg.invalidValue }).int(msg.invalidValue).nonnegative(msg.invalidValue).nullable(),
);

/** POST /queue. Hours default to Mon-Fri 08-18, Sat 08-12, Sun closed. */
export const queueCreateInputSchema = z.object({
  name: nameField(),
  color: queueColourSchema,
  greetingMessage: optionalTextSchema,
  outOfHoursMessage: optionalTextSchema,
  orderQueue: orderQueueSchema.optional(),
  integrationId: nullableIdSchema.optional(),
  promptId: nullableIdSchema.optional(),
  schedules: weekHoursSchema.default(defaultWeekHours),
});
export type QueueCreateInput = z.infer<typeof queueCreateInputSchema>;

/** PUT /queue/{id} (body with schedules and promptId). */
export const queueUpdateInputSchema = z.object({
  name: nameField().optional(),
  color: queueColourSchema.optional(),
  greetingMessage: optionalTextSchema.optional(),
  outOfHoursMessage: optionalTextSchema.optional(),
  orderQueue: orderQueueSchema.optional(),
  integrationId: nullableIdSchema.optional(),
  promptId: nullableIdSchema.optional(),
  schedules: weekHoursSchema.optional(),
});
export type QueueUpdateInput = z.infer<typeof queueUpdateInputSchema>;

/** GET /queue: super users may name another company. */
export const queueListQuerySchema = z.object({
  companyId: idParamSchema.optional(),
});
export type QueueListQuery = z.infer<typeof queueListQuerySchema>;
