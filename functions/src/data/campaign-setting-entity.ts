import { companyPk, defineEntity, fixedNumber, key } from './electro.ts';

/**
 * One campaign setting of a company (extended §3): a key (messageInterval, longerIntervalAfter,
 * greaterInterval, variables) and its value as JSON text. Kept apart from the company settings
 * (`SETTING#`) so GET /settings and its live events never carry them.
 */
export const campaignSettingEntity = defineEntity(
  'campaignSetting',
  {
    companyId: fixedNumber,
    key: { type: 'string', required: true, readOnly: true },
    /** JSON text. */
    value: { type: 'string', required: true },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  {
    byKey: { pk: companyPk, sk: key('sk', ['key'], 'CAMPAIGNSETTING#${key}') },
  },
);
