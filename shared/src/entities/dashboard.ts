/** Dashboard counters, attendants and chart rows (core §2, §3, §7). */
import * as z from 'zod';
import { dashboardPeriodDays } from '../constants.ts';
import { idParamSchema, idSchema, isoDateSchema } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const dashboardAttendantSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Average rating, 1 to 3; null when never rated. */
  rating: z.number().min(1).max(3).nullable(),
  /** Minutes. */
  avgSupportTime: z.number().nonnegative(),
  /** Conversations the attendant finished in the period (docs/metrics.md). */
  tickets: z.number().int().nonnegative(),
  online: z.boolean(),
});
export type DashboardAttendant = z.infer<typeof dashboardAttendantSchema>;

export const dashboardCountersSchema = z.object({
  supportHappening: z.number().int().nonnegative(),
  supportPending: z.number().int().nonnegative(),
  supportFinished: z.number().int().nonnegative(),
  /** New contacts in the period. */
  leads: z.number().int().nonnegative(),
  /** Minutes. */
  avgSupportTime: z.number().nonnegative(),
  /** Minutes. */
  avgWaitTime: z.number().nonnegative(),
  /** Minutes from the customer's first message of a conversation to the first agent reply. */
  avgFirstResponseTime: z.number().nonnegative(),
});
export type DashboardCounters = z.infer<typeof dashboardCountersSchema>;

export const dashboardAnswerSchema = z.object({
  counters: dashboardCountersSchema,
  attendants: z.array(dashboardAttendantSchema),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswerSchema>;

/** A period of 3, 7, 15, 30, 60 or 90 days; 0 or absent means "none". */
const periodSchema = z.coerce
  .number()
  .int()
  .refine(
    (days) => days === 0 || (dashboardPeriodDays as readonly number[]).includes(days),
    msg.invalidValue,
  );

/**
 * GET /dashboard: either a period (days) or both dates. With neither the product says
 * "Parametriza el filtro".
 */
export const dashboardQuerySchema = z
  .object({
    days: periodSchema.optional(),
    date_from: isoDateSchema.optional(),
    date_to: isoDateSchema.optional(),
    /** Accepted only when it is the caller's own company. */
    companyId: idParamSchema.optional(),
  })
  .refine((query) => Boolean(query.days) || (query.date_from !== undefined && query.date_to !== undefined), {
    error: msg.dashboardFilterRequired,
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** GET /dashboard/ticketsUsers and /dashboard/ticketsDay: yyyy-MM-dd bounds. */
export const dashboardChartQuerySchema = z.object({
  initialDate: isoDateSchema,
  finalDate: isoDateSchema,
  companyId: idParamSchema.optional(),
});
export type DashboardChartQuery = z.infer<typeof dashboardChartQuerySchema>;

/** Tickets per user (the product's Portuguese field names). */
export const ticketsUserRowSchema = z.object({
  nome: z.string(),
  quantidade: z.number().int().nonnegative(),
});
export type TicketsUserRow = z.infer<typeof ticketsUserRowSchema>;

/** Tickets per day (data, yyyy-MM-dd) or, for a single day, per hour slot (horario, HH). */
export const ticketsDayRowSchema = z.object({
  data: z.string().optional(),
  horario: z.string().optional(),
  total: z.number().int().nonnegative(),
});
export type TicketsDayRow = z.infer<typeof ticketsDayRowSchema>;

export const ticketsUsersAnswerSchema = z.object({ data: z.array(ticketsUserRowSchema) });
export type TicketsUsersAnswer = z.infer<typeof ticketsUsersAnswerSchema>;

export const ticketsDayAnswerSchema = z.object({
  data: z.array(ticketsDayRowSchema),
  count: z.number().int().nonnegative(),
});
export type TicketsDayAnswer = z.infer<typeof ticketsDayAnswerSchema>;
