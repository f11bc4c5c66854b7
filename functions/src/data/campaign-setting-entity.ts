import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * One campaign setting of a company (extended §3): a key (messageInterval, longerIntervalAfter,
 * greaterInterval, variables) and its value as JSON text. Kept apart from the company settings
 * (`SETTING#`) so GET /settings and its live events never carry them.
 */
export const campaignSettingEntity = new Entity(
  {
    model: { entity: 'campaignSetting', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      key: { type: 'string', required: true, readOnly: true },
      /** JSON text. */
      value: { type: 'string', required: true },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byKey: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['key'], template: 'CAMPAIGNSETTING#${key}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
