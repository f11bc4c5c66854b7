import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

const flag = { type: 'boolean' } as const;

/** A subscription plan (platform-level: every company refers to one). */
export const planEntity = new Entity(
  {
    model: { entity: 'plan', version: '1', service: serviceName },
    attributes: {
      id: { type: 'number', required: true, readOnly: true },
      name: { type: 'string', required: true },
      nameKey: { type: 'string', required: true },
      users: { type: 'number', required: true },
      connections: { type: 'number', required: true },
      queues: { type: 'number', required: true },
      campaigns: { type: 'number' },
      schedules: { type: 'number' },
      value: { type: 'number', required: true },
      useCampaigns: flag,
      useKanban: flag,
      useOpenAi: flag,
      useIntegrations: flag,
      useSchedules: flag,
      useInternalChat: flag,
      useExternalApi: flag,
      /** The external message API's usage plan: requests a second, burst, a month (0: none). */
      apiRateLimit: { type: 'number' },
      apiBurstLimit: { type: 'number' },
      apiMonthlyQuota: { type: 'number' },
      /** AI (prompt) bot answers a company may get a UTC day; absent: the platform's default. */
      aiDailyCalls: { type: 'number' },
      /** Offered on the public sign-up; absent counts as offered (plans from before the flag). */
      isPublic: flag,
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: [], template: 'PLATFORM', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'PLAN#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/** Holds a plan name so two plans cannot share one. */
export const planNameEntity = new Entity(
  {
    model: { entity: 'planName', version: '1', service: serviceName },
    attributes: {
      nameKey: { type: 'string', required: true, readOnly: true },
      planId: { type: 'number', required: true },
    },
    indexes: {
      byName: {
        pk: { field: 'pk', composite: ['nameKey'], template: 'PLANNAME#${nameKey}', casing: exactCase },
        sk: { field: 'sk', composite: [], template: 'NAME', casing: exactCase },
      },
    },
  },
  entityConfig,
);
