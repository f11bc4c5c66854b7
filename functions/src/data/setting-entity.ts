import { Entity } from 'electrodb';
import { companyPk, entityConfig, entityModel, fixedNumber, key } from './electro.ts';

/** One company setting (key and value), read all at once or by key. */
export const settingEntity = new Entity(
  {
    model: entityModel('setting'),
    attributes: {
      companyId: fixedNumber,
      key: { type: 'string', required: true, readOnly: true },
      value: { type: 'string', required: true },
      /** A secret setting's masked form (`••••` + last 4), kept beside its sealed value. */
      mask: { type: 'string' },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byKey: { pk: companyPk, sk: key('sk', ['key'], 'SETTING#${key}') },
    },
  },
  entityConfig,
);
