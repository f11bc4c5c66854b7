import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * Failed sign-ins per e-mail (hashed, so the table holds no list of guessed addresses), in a
 * window that expires by itself. Counted for unknown e-mails too, so answers do not tell
 * whether an address exists.
 */
export const loginFailuresEntity = new Entity(
  {
    model: { entity: 'loginFailures', version: '1', service: serviceName },
    attributes: {
      emailKey: { type: 'string', required: true, readOnly: true },
      count: { type: 'number', required: true },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byEmail: {
        pk: { field: 'pk', composite: ['emailKey'], template: 'LOGINFAIL#${emailKey}', casing: exactCase },
        sk: { field: 'sk', composite: [], template: 'COUNT', casing: exactCase },
      },
    },
  },
  entityConfig,
);

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
