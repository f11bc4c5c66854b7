import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/** A pending password-reset code (hashed), single use, expiring, with its wrong-guess count. */
export const passwordResetEntity = new Entity(
  {
    model: { entity: 'passwordReset', version: '1', service: serviceName },
    attributes: {
      emailKey: { type: 'string', required: true, readOnly: true },
      codeHash: { type: 'string', required: true },
      attempts: { type: 'number', default: 0 },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byEmail: {
        pk: { field: 'pk', composite: ['emailKey'], template: 'RESET#${emailKey}', casing: exactCase },
        sk: { field: 'sk', composite: [], template: 'CODE', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * A counter of attempts (sign-ins, reset codes and guesses, sign-ups) for one key (an e-mail's
 * hash or a client address) in one fixed window. The window's number is part of the key, so a
 * new window starts a new counter and an expired one is never read again; the TTL only tidies.
 */
export const rateCounterEntity = new Entity(
  {
    model: { entity: 'rateCounter', version: '1', service: serviceName },
    attributes: {
      scope: { type: 'string', required: true, readOnly: true },
      key: { type: 'string', required: true, readOnly: true },
      window: { type: 'number', required: true, readOnly: true },
      count: { type: 'number', default: 0 },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byKey: {
        pk: { field: 'pk', composite: ['scope', 'key'], template: 'RATE#${scope}#${key}', casing: exactCase },
        sk: { field: 'sk', composite: ['window'], template: 'W#${window}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
