import * as z from 'zod';
import { passwordResetRequestSchema, resetPasswordSchema } from '@atende/shared/entities/password-reset';
import { AppError } from '#domain/app-error';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { callerAddress } from '../auth/attempts.ts';
import { requestResetCode, resetPasswordWithGuess } from './reset-flow.ts';

const decoded = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
/** The e-mail of the path, checked by the form's own schema (Requerido, Email no valido), lower-cased. */
const emailPath = z.object({
  email: z.preprocess(decoded, passwordResetRequestSchema.shape.email.toLowerCase()),
});
const resetPath = emailPath.extend({
  token: z.preprocess(decoded, z.string().trim().min(1).max(32)),
  newPassword: z.preprocess(decoded, resetPasswordSchema.optional()),
});

/**
 * /api/forgetpassword and /api/resetpasswords (extended §2.23, §7). The spec answers 404 when
 * the e-mail is unknown; the flow and its limits are in reset-flow.ts.
 */
export const handler = restModule([
  route({
    method: 'POST',
    path: '/forgetpassword/{email}',
    access: 'public',
    params: emailPath,
    handler: async (request) => {
      await requestResetCode(request.params.email, callerAddress(request));
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
          await resetPasswordWithGuess(params.email, params.token, newPassword, callerAddress(request));
          return { status: 'ok' };
        },
      }),
  ),
]);
