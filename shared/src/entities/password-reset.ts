/**
 * Password reset (extended §2.23, §5, §7): step 1 sends a code to the e-mail, step 2 sets a
 * new password with the code.
 */
import * as z from 'zod';
import { limits, resetPasswordPattern } from '../constants.ts';
import { requiredEmail, requiredText } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';

/** At least 8 characters with an upper-case letter, a lower-case letter and a digit. */
export const resetPasswordSchema = z
  .string({ error: msg.required })
  .min(1, { error: msg.required, abort: true })
  .max(limits.passwordMax, msg.tooLong)
  .regex(resetPasswordPattern, msg.resetPasswordRule);

/** Step 1: POST /forgetpassword/{email}. */
export const passwordResetRequestSchema = z.object({
  email: requiredEmail(msg.invalidEmail, msg.required),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** Step 2: the full form; confirmPassword must equal newPassword. */
export const passwordResetFormSchema = z
  .object({
    email: requiredEmail(msg.invalidEmail, msg.required),
    token: requiredText(),
    newPassword: resetPasswordSchema,
    confirmPassword: z.string({ error: msg.required }).min(1, { error: msg.required, abort: true }),
  })
  .refine((form) => form.confirmPassword === form.newPassword, {
    error: msg.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type PasswordResetForm = z.infer<typeof passwordResetFormSchema>;

/** What the server needs once the form is valid: POST /resetpasswords/{email}/{token}/{newPassword}. */
export const passwordResetInputSchema = z.object({
  email: requiredEmail(msg.invalidEmail, msg.required),
  token: requiredText(),
  newPassword: resetPasswordSchema,
});
export type PasswordResetInput = z.infer<typeof passwordResetInputSchema>;
