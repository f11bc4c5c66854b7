/** Company schedule hours (core §3): PUT /companies/{id}/schedules. */
import * as z from 'zod';
import { weekHoursSchema } from './weekday-hours.ts';

export const companySchedulesUpdateInputSchema = z.object({
  schedules: weekHoursSchema,
});
export type CompanySchedulesUpdateInput = z.infer<typeof companySchedulesUpdateInputSchema>;
