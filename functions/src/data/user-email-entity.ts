import { Entity } from 'electrodb';
import { entityConfig, entityModel, key } from './electro.ts';

/**
 * E-mail → user, across all companies: sign-in knows only the e-mail, and the e-mail must be
 * unique on the platform (a platform-level key, written in the user's create transaction).
 */
export const userEmailEntity = new Entity(
  {
    model: entityModel('userEmail'),
    attributes: {
      email: { type: 'string', required: true, readOnly: true },
      companyId: { type: 'number', required: true },
      userId: { type: 'number', required: true },
    },
    indexes: {
      byEmail: { pk: key('pk', ['email'], 'EMAIL#${email}'), sk: key('sk', [], 'USER') },
    },
  },
  entityConfig,
);
