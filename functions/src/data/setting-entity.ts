import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/** One company setting (key and value), read all at once or by key. */
export const settingEntity = new Entity(
  {
    model: { entity: 'setting', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      key: { type: 'string', required: true, readOnly: true },
      value: { type: 'string', required: true },
      /** A secret setting's masked form (`••••` + last 4), kept beside its sealed value. */
      mask: { type: 'string' },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byKey: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['key'], template: 'SETTING#${key}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
