import * as z from 'zod';
import { resetPasswordSchema } from '@atende/shared/entities/password-reset';
import { hashPassword } from '#auth/password';
import { getPasswordReset, putPasswordReset, recordWrongResetCode, resetPasswordWithCode } from '#data/guards';
import { getUserByEmail } from '#data/users';
import { AppError } from '#domain/app-error';
import { hashResetCode, newResetCode, resetCodeMatches, resetCodeRules, resetMail } from '#domain/reset-code';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { sendMail } from '#ports/mail';
import { emailKey } from '../auth/login.ts';

const decoded = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
const emailPath = z.object({ email: z.preprocess(decoded, z.string().trim().toLowerCase().pipe(z.email())) });
const resetPath = emailPath.extend({
  token: z.preprocess(decoded, z.string().trim().min(1)),
  newPassword: z.preprocess(decoded, resetPasswordSchema.optional()),
});

/**
 * /api/forgetpassword and /api/resetpasswords (extended §2.23, §7). The spec answers 404 when
 * the e-mail is unknown, so this flow, unlike sign-in, does tell; codes are single use.
 */
export const handler = restModule([
  route({
    method: 'POST',
    path: '/forgetpassword/{email}',
    access: 'public',
    params: emailPath,
    handler: async ({ params }) => {
      const user = await getUserByEmail(params.email);
      if (!user) throw new AppError('ERR_NO_USER_FOUND');
      const code = newResetCode();
      await putPasswordReset({
        emailKey: emailKey(params.email),
        codeHash: hashResetCode(code),
        attempts: 0,
        expiresAt: Math.floor(Date.now() / 1000) + resetCodeRules.lifetimeSeconds,
      });
      await sendMail({ to: user.email, ...resetMail(code) });
      return { status: 'ok' };
    },
  }),
  ...(['/resetpasswords/{email}/{token}/{newPassword}', '/resetpasswords/{email}/{token}'] as const).map((path) =>
    route({
      method: 'POST',
      path,
      access: 'public',
      params: resetPath,
      body: z.object({ newPassword: resetPasswordSchema.optional() }),
      handler: async ({ params, body }) => {
        // The SPA sends the new password in the body, which keeps it out of URLs and logs.
        const newPassword = body.newPassword ?? params.newPassword;
        if (!newPassword) throw new AppError('ERR_VALIDATION', { issues: [{ path: 'newPassword', message: 'Requerido' }] });
        const key = emailKey(params.email);
        const pending = await getPasswordReset(key);
        if (!pending || (pending.attempts ?? 0) >= resetCodeRules.maxWrongGuesses) throw new AppError('ERR_INVALID_RESET_CODE');
        if (!resetCodeMatches(pending.codeHash, params.token)) {
          await recordWrongResetCode(key);
          throw new AppError('ERR_INVALID_RESET_CODE');
        }
        const user = await getUserByEmail(params.email);
        if (!user) throw new AppError('ERR_NO_USER_FOUND');
        await resetPasswordWithCode(key, pending.codeHash, user, await hashPassword(newPassword));
        return { status: 'ok' };
      },
    }),
  ),
]);
