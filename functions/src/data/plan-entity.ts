import { defineEntity, fixedNumber, key, timestamps } from './electro.ts';

const flag = { type: 'boolean' } as const;

/** A subscription plan (platform-level: every company refers to one). */
export const planEntity = defineEntity(
  'plan',
  {
    id: fixedNumber,
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
    ...timestamps,
  },
  {
    byId: { pk: key('pk', [], 'PLATFORM'), sk: key('sk', ['id'], 'PLAN#${id}') },
  },
);

/** Holds a plan name so two plans cannot share one. */
export const planNameEntity = defineEntity(
  'planName',
  {
    nameKey: { type: 'string', required: true, readOnly: true },
    planId: { type: 'number', required: true },
  },
  {
    byName: { pk: key('pk', ['nameKey'], 'PLANNAME#${nameKey}'), sk: key('sk', [], 'NAME') },
  },
);
