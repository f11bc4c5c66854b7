import { loginInputSchema } from '@atende/shared/entities/auth';
import { getUser } from '#data/users';
import { endSession, getSession } from '#data/sessions';
import { AppError } from '#domain/app-error';
import { decodeRefreshToken, matchRefresh, refreshCookieName, refreshLifetimeSeconds } from '#domain/refresh-token';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { HttpAnswer, type CookieToSet } from '#http/types';
import { callerAddress } from './attempts.ts';
import { logIn } from './login.ts';
import { refresh } from './refresh.ts';
import { sessionUser } from './session-user.ts';

const refreshCookie = (value: string): CookieToSet => ({ name: refreshCookieName, value, maxAgeSeconds: refreshLifetimeSeconds });
const clearedCookie: CookieToSet = { name: refreshCookieName, value: '', maxAgeSeconds: 0 };

/** /api/auth: sign-in, token refresh, sign-out and the current user (core §7 Session). */
export const handler = restModule([
  route({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    body: loginInputSchema,
    handler: async (request) => {
      const session = await logIn(request.body.email, request.body.password, callerAddress(request));
      return new HttpAnswer(
        200,
        { token: session.token, user: await sessionUser(session.user) },
        { cookies: [refreshCookie(session.refreshToken)] },
      );
    },
  }),
  route({
    method: 'POST',
    path: '/auth/refresh_token',
    access: 'public',
    handler: async ({ cookies }) => {
      try {
        const session = await refresh(cookies[refreshCookieName]);
        return new HttpAnswer(
          200,
          { token: session.token, user: await sessionUser(session.user) },
          session.refreshToken ? { cookies: [refreshCookie(session.refreshToken)] } : {},
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'ERR_SESSION_EXPIRED') {
          return new HttpAnswer(401, { error: 'ERR_SESSION_EXPIRED' }, { cookies: [clearedCookie] });
        }
        throw error;
      }
    },
  }),
  route({
    method: 'DELETE',
    path: '/auth/logout',
    access: 'public',
    handler: async ({ cookies }) => {
      // Works with an expired access token too: the refresh cookie names the session to end.
      const presented = decodeRefreshToken(cookies[refreshCookieName]);
      if (presented) {
        const session = await getSession(presented.companyId, presented.userId);
        // Only the holder of the session's secret may end it.
        if (session && matchRefresh(session, presented, Math.floor(Date.now() / 1000)) !== 'none') {
          await endSession(presented.companyId, presented.userId);
        }
      }
      return new HttpAnswer(204, undefined, { cookies: [clearedCookie] });
    },
  }),
  route({
    method: 'GET',
    path: '/auth/me',
    access: 'user',
    allowBlockedCompany: true,
    handler: async ({ principal }) => {
      const user = await getUser(principal.companyId, principal.userId);
      if (!user) throw new AppError('ERR_SESSION_EXPIRED', undefined, 401);
      return sessionUser(user);
    },
  }),
]);
