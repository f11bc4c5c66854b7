import { limits } from '@atende/shared/constants';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import type { FormCheck } from '../../lib/form-validation.ts';
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

/** core §5 Schedule: body at least 5 characters (Mensaje muy corto); contact and send time required (Obligatorio). */
export function checkScheduleForm(
  values: ScheduleFormValues,
  contactId: number | undefined,
  timeZone: string,
): FormCheck<ScheduleFormData> {
  const errors: Record<string, string> = {};
  const body = values.body.trim();
  if (!body) errors.body = msg.mandatory;
  else if (body.length < limits.scheduleBodyMin) errors.body = msg.messageTooShort;
  if (!contactId) errors.contactId = msg.mandatory;
  const sendAt = values.sendAt ? instantOfWall(values.sendAt, timeZone) : undefined;
  if (!values.sendAt) errors.sendAt = msg.mandatory;
  else if (!sendAt) errors.sendAt = msg.invalidDate;
  if (Object.keys(errors).length > 0 || !contactId || !sendAt) return { ok: false, errors };
  return { ok: true, data: { body, contactId, sendAt } };
}

/** Schedules take png, jpg and jpeg images (core §5). */
export const scheduleImageAccept = '.png,.jpg,.jpeg,image/png,image/jpeg';

export function isScheduleImage(file: File): boolean {
  return /\.(png|jpe?g)$/i.test(file.name) || file.type === 'image/png' || file.type === 'image/jpeg';
}
