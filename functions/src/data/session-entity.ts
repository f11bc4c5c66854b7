import { companyPk, defineEntity, fixedNumber, key } from './electro.ts';

/**
 * The one active login session of a user. A new login overwrites it, which invalidates the old
 * refresh token, and the stream turns the change into the `auth` event for the old session's
 * sockets. The previous refresh hash stays valid for a short grace period, so two tabs that
 * refresh at the same moment do not log each other out.
 */
export const sessionEntity = defineEntity(
  'session',
  {
    companyId: fixedNumber,
    userId: fixedNumber,
    sessionId: { type: 'string', required: true },
    refreshHash: { type: 'string', required: true },
    previousHash: { type: 'string' },
    rotatedAt: { type: 'number', required: true },
    /** When the user signed in; the session ends 30 days later however often it refreshes. */
    startedAt: { type: 'number' },
    expiresAt: { type: 'number', required: true },
  },
  {
    byUser: { pk: companyPk, sk: key('sk', ['userId'], 'SESSION#${userId}') },
  },
);
