import { formatMoney } from '../../i18n/format.ts';
import {
  externalApiLimitsOf,
  planFlags,
  type PlanFlag,
} from '@atende/shared/entities/plan';
import type { Plan } from './api/get-plans.ts';

export type PlanFlagValues = Record<PlanFlag, 'true' | 'false'>;

/** The plans form (super users) as its inputs hold it. */
export interface PlanFormValues extends PlanFlagValues {
  name: string;
  users: string;
  connections: string;
  queues: string;
  /** The campaigns and schedules limits; '' for none (unlimited). */
  campaigns: string;
  schedules: string;
  value: string;
  apiRateLimit: string;
  apiBurstLimit: string;
  apiMonthlyQuota: string;
  /** AI bot answers a company may get a day; '' for the platform's default. */
  aiDailyCalls: string;
}

/** The limits a plan may leave empty (unlimited), in the order the form shows them. */
export const planOptionalLimitFields = ['campaigns', 'schedules'] as const;

/** The limits whose empty value is the platform's default rather than none. */
export const planDefaultedLimitFields = ['aiDailyCalls'] as const;

/** The external API's limits in the order the form shows them (the plan's usage plan). */
export const planApiLimitFields = ['apiRateLimit', 'apiBurstLimit', 'apiMonthlyQuota'] as const;

function apiLimitValues(plan: Parameters<typeof externalApiLimitsOf>[0]) {
  const limits = externalApiLimitsOf(plan);
  return {
    apiRateLimit: String(limits.rateLimit),
    apiBurstLimit: String(limits.burstLimit),
    apiMonthlyQuota: String(limits.monthlyQuota),
  };
}

/** The flags in the order the form shows them. */
export const planFormFlags: readonly PlanFlag[] = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
];

export function emptyPlanForm(): PlanFormValues {
  const flags = Object.fromEntries(planFlags.map((flag) => [flag, 'true'])) as PlanFlagValues;
  return {
    name: '',
    users: '0',
    connections: '0',
    queues: '0',
    campaigns: '',
    schedules: '',
    value: '0',
    ...apiLimitValues({}),
    aiDailyCalls: '',
    ...flags,
  };
}

export function planFormOf(plan: Plan): PlanFormValues {
  // extended §3: a flag counts as on unless explicitly false.
  const flags = Object.fromEntries(
    planFlags.map((flag) => [flag, plan[flag] === false ? 'false' : 'true']),
  ) as PlanFlagValues;
  return {
    name: plan.name,
    users: String(plan.users),
    connections: String(plan.connections),
    queues: String(plan.queues),
    campaigns: plan.campaigns == null ? '' : String(plan.campaigns),
    schedules: plan.schedules == null ? '' : String(plan.schedules),
    value: String(plan.value),
    ...apiLimitValues(plan),
    aiDailyCalls: plan.aiDailyCalls == null ? '' : String(plan.aiDailyCalls),
    ...flags,
  };
}

/**
 * The values as planCreateInputSchema (the route's body schema) reads them: flags as booleans, an
 * empty limit as none (null, where the schema would read '' as 0), a price with a decimal comma.
 */
export function planFormInput(values: PlanFormValues) {
  const flags = Object.fromEntries(planFlags.map((flag) => [flag, values[flag] === 'true']));
  // Money may be typed with a decimal comma.
  // An empty limit is none (null), not 0: the schema would read '' as 0.
  const optionalLimits = Object.fromEntries(
    [...planOptionalLimitFields, ...planDefaultedLimitFields].map((field) => [field, values[field].trim() === '' ? null : values[field]]),
  );
  return { ...values, ...flags, ...optionalLimits, value: values.value.replace(',', '.') };
}

/** Price as the product shows plans: R$ with two decimals. */
export function formatPlanPrice(value: number | null | undefined): string {
  return formatMoney(value ?? 0, 'BRL');
}
