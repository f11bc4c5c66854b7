import { externalApiLimitsOf } from '@atende/shared/entities/plan';
import type { PlanRecord } from '#data/plans';

/**
 * The API's shapes of stored records: field names as the spec writes them, no keys, and never
 * a password hash, session or usage counter.
 */
export function publicPlan(plan: PlanRecord) {
  return {
    id: plan.id,
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    campaigns: plan.campaigns ?? null,
    schedules: plan.schedules ?? null,
    value: plan.value,
    useCampaigns: plan.useCampaigns ?? true,
    useKanban: plan.useKanban ?? true,
    useOpenAi: plan.useOpenAi ?? true,
    useIntegrations: plan.useIntegrations ?? true,
    useSchedules: plan.useSchedules ?? true,
    useInternalChat: plan.useInternalChat ?? true,
    useExternalApi: plan.useExternalApi ?? true,
    ...apiLimitsOfPlan(plan),
    aiDailyCalls: plan.aiDailyCalls ?? null,
    isPublic: plan.isPublic ?? true,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
  };
}

/** A plan's external API limits under the plan's own field names, defaults filled in. */
function apiLimitsOfPlan(plan: PlanRecord) {
  const limits = externalApiLimitsOf(plan);
  return {
    apiRateLimit: limits.rateLimit,
    apiBurstLimit: limits.burstLimit,
    apiMonthlyQuota: limits.monthlyQuota,
  };
}
