import { defineEntity, fixedNumber, key } from './electro.ts';

/** A pending password-reset code (hashed), single use, expiring, with its wrong-guess count. */
export const passwordResetEntity = defineEntity(
  'passwordReset',
  {
    emailKey: { type: 'string', required: true, readOnly: true },
    codeHash: { type: 'string', required: true },
    attempts: { type: 'number', default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  {
    byEmail: { pk: key('pk', ['emailKey'], 'RESET#${emailKey}'), sk: key('sk', [], 'CODE') },
  },
);

/**
 * A counter of attempts (sign-ins, reset codes and guesses, sign-ups) for one key (an e-mail's
 * hash or a client address) in one fixed window. The window's number is part of the key, so a
 * new window starts a new counter and an expired one is never read again; the TTL only tidies.
 */
export const rateCounterEntity = defineEntity(
  'rateCounter',
  {
    scope: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    window: fixedNumber,
    count: { type: 'number', default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  {
    byKey: {
      pk: key('pk', ['scope', 'key'], 'RATE#${scope}#${key}'),
      sk: key('sk', ['window'], 'W#${window}'),
    },
  },
);
