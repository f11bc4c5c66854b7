import * as z from 'zod';
import { scheduleCreateInputSchema } from '@atende/shared/entities/schedule';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import { instantOfWall } from './schedule-time.ts';

export interface ScheduleFormValues {
  body: string;
  /** `YYYY-MM-DDTHH:mm` on the company's wall clock. */
  sendAt: string;
}

export interface ScheduleFormData {
  body: string;
  contactId: number;
  /** ISO instant. */
  sendAt: string;
}

/** The values as the route's schema reads them: the chosen contact, the typed time as an instant. */
function scheduleFormInput(values: ScheduleFormValues, contactId: number | undefined, timeZone: string) {
  const sendAt = values.sendAt ? (instantOfWall(values.sendAt, timeZone) ?? values.sendAt) : '';
  return { body: values.body, contactId, sendAt };
}

/**
 * core §5 Schedule: body at least 5 characters (Mensaje muy corto); contact and send time
 * required (Obligatorio): the route's body schema, over the dialog's values, the contact picked
 * and the company's clock.
 */
export function scheduleFormSchema(
  contactId: number | undefined,
  timeZone: string,
): z.ZodType<ScheduleFormData, ScheduleFormValues> {
  return z
    .preprocess((values) => scheduleFormInput(values as ScheduleFormValues, contactId, timeZone), scheduleCreateInputSchema)
    .transform(({ body, contactId: id, sendAt }) => ({ body, contactId: id, sendAt })) as unknown as z.ZodType<
    ScheduleFormData,
    ScheduleFormValues
  >;
}

/** The dialog's check outside it (the unit tests): the payload, or the messages by field. */
export function checkScheduleForm(
  values: ScheduleFormValues,
  contactId: number | undefined,
  timeZone: string,
): FormCheck<ScheduleFormData> {
  return validateForm(scheduleFormSchema(contactId, timeZone), values);
}

/** Schedules take png, jpg and jpeg images (core §5). */
export const scheduleImageAccept = '.png,.jpg,.jpeg,image/png,image/jpeg';

export function isScheduleImage(file: File): boolean {
  return /\.(png|jpe?g)$/i.test(file.name) || file.type === 'image/png' || file.type === 'image/jpeg';
}
