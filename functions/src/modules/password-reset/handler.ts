import * as z from 'zod';
import { resetPasswordSchema } from '@atende/shared/entities/password-reset';
import { hashPassword } from '#auth/password';
import { putPasswordReset, resetPasswordWithCode, spendResetGuess } from '#data/guards';
import { getUserByEmail } from '#data/users';
import { AppError } from '#domain/app-error';
import { rateLimits } from '#domain/rate-limits';
import { hashResetCode, newResetCode, resetCodeMatches, resetCodeRules, resetMail } from '#domain/reset-code';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { sendMail } from '#ports/mail';
import { callerAddress, logAttempt, spendAttempt } from '../auth/attempts.ts';
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
  token: z.preprocess(decoded, z.string().trim().min(1).max(32)),
  newPassword: z.preprocess(decoded, resetPasswordSchema.optional()),
});

/** Counts the attempt against its limits; a refusal is logged and answered 429. */
async function limited(
  action: 'reset-code' | 'reset-guess',
  fields: { emailKey: string; address: string },
  ...counters: Parameters<typeof spendAttempt>
) {
  try {
    await spendAttempt(...counters);
  } catch (error) {
    logAttempt(action, 'throttled', fields);
    throw error;
  }
}

/**
 * /api/forgetpassword and /api/resetpasswords (extended §2.23, §7). The spec answers 404 when
 * the e-mail is unknown, so this flow, unlike sign-in, does tell; the limits apply before the
 * lookup, so the answer tells no more than a few times an hour. Codes are single use, expire in
 * minutes and allow a few guesses each; guesses are also limited per e-mail across its codes
 * and per client address (docs/decisions.md, "Security: accounts").
 */
export const handler = restModule([
  route({
    method: 'POST',
    path: '/forgetpassword/{email}',
    access: 'public',
    params: emailPath,
    handler: async (request) => {
      const fields = { emailKey: emailKey(request.params.email), address: callerAddress(request) };
      await limited(
        'reset-code',
        fields,
        [rateLimits.resetCodesPerAddress, fields.address],
        [rateLimits.resetCodesPerEmail, fields.emailKey],
      );
      const user = await getUserByEmail(request.params.email);
      if (!user) {
        logAttempt('reset-code', 'unknown-email', fields);
        throw new AppError('ERR_NO_USER_FOUND');
      }
      const code = newResetCode();
      await putPasswordReset({
        emailKey: fields.emailKey,
        codeHash: hashResetCode(code),
        attempts: 0,
        expiresAt: Math.floor(Date.now() / 1000) + resetCodeRules.lifetimeSeconds,
      });
      await sendMail({ to: user.email, ...resetMail(code) });
      logAttempt('reset-code', 'sent', fields);
      return { status: 'ok' };
    },
  }),
  ...(['/resetpasswords/{email}/{token}/{newPassword}', '/resetpasswords/{email}/{token}'] as const).map(
    (path) =>
      route({
        method: 'POST',
        path,
        access: 'public',
        params: resetPath,
        body: z.object({ newPassword: resetPasswordSchema.optional() }),
        handler: async (request) => {
          const { params, body } = request;
          // The SPA sends the new password in the body, which keeps it out of URLs and logs.
          const newPassword = body.newPassword ?? params.newPassword;
          if (!newPassword)
            throw new AppError('ERR_VALIDATION', { issues: [{ path: 'newPassword', message: 'Requerido' }] });
          const fields = { emailKey: emailKey(params.email), address: callerAddress(request) };
          await limited(
            'reset-guess',
            fields,
            [rateLimits.resetGuessesPerAddress, fields.address],
            [rateLimits.resetGuessesPerEmail, fields.emailKey],
          );
          // The guess is spent before the comparison, so parallel guesses cannot share one.
          const spent = await spendResetGuess(fields.emailKey, resetCodeRules.maxGuesses);
          if (!spent || !resetCodeMatches(spent.codeHash, params.token)) {
            logAttempt('reset-guess', spent ? 'wrong-code' : 'no-code-or-exhausted', fields);
            throw new AppError('ERR_INVALID_RESET_CODE');
          }
          const user = await getUserByEmail(params.email);
          if (!user) throw new AppError('ERR_INVALID_RESET_CODE');
          await resetPasswordWithCode(
            fields.emailKey,
            { codeHash: spent.codeHash, maxGuesses: resetCodeRules.maxGuesses },
            user,
            await hashPassword(newPassword),
          );
          logAttempt('reset-guess', 'accepted', fields);
          return { status: 'ok' };
        },
      }),
  ),
]);
