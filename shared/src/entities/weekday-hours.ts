/**
 * Opening hours per weekday, used by company schedule hours (core §3) and queue schedules
 * (extended §3): weekday (Portuguese label), weekdayEn (key), startTime and endTime as HH:MM.
 * 00:00-00:00 means closed that day.
 */
import * as z from 'zod';
import { defaultQueueSchedules, limits, weekdaysEn } from '../constants.ts';
import { timeOfDaySchema } from '../fields.ts';

export const weekdayEnSchema = z.enum(weekdaysEn);
export type WeekdayEn = z.infer<typeof weekdayEnSchema>;

export const weekdayHoursSchema = z.object({
  weekday: z.string().min(1).max(limits.weekdayLabelMax),
  weekdayEn: weekdayEnSchema,
  startTime: timeOfDaySchema,
  endTime: timeOfDaySchema,
});
export type WeekdayHours = z.infer<typeof weekdayHoursSchema>;

/** A week of hours: at most one row per weekday. */
export const weekHoursSchema = z
  .array(weekdayHoursSchema)
  .max(weekdaysEn.length)
  .refine((rows) => new Set(rows.map((row) => row.weekdayEn)).size === rows.length, {
    error: 'Cada día de la semana solo puede aparecer una vez',
  });
export type WeekHours = z.infer<typeof weekHoursSchema>;

/** A fresh, mutable copy of the default hours (Mon-Fri 08-18, Sat 08-12, Sun closed). */
export function defaultWeekHours(): WeekHours {
  return defaultQueueSchedules.map((row) => ({ ...row }));
}
