import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * E-mail → user, across all companies: sign-in knows only the e-mail, and the e-mail must be
 * unique on the platform (a platform-level key, written in the user's create transaction).
 */
export const userEmailEntity = new Entity(
  {
    model: { entity: 'userEmail', version: '1', service: serviceName },
    attributes: {
      email: { type: 'string', required: true, readOnly: true },
      companyId: { type: 'number', required: true },
      userId: { type: 'number', required: true },
    },
    indexes: {
      byEmail: {
        pk: { field: 'pk', composite: ['email'], template: 'EMAIL#${email}', casing: exactCase },
        sk: { field: 'sk', composite: [], template: 'USER', casing: exactCase },
      },
    },
  },
  entityConfig,
);
