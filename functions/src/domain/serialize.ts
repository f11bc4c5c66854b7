import { externalApiLimitsOf } from '@atende/shared/entities/plan';
import { isSecretSetting } from '@atende/shared/entities/setting';
import type { CompanyRecord } from '#data/companies';
import type { PlanRecord } from '#data/plans';
import type { QueueRef } from '#data/queues';
import type { SettingRecord } from '#data/settings';
import type { UserRecord } from '#data/users';
import { maskLastFour } from './secret-mask.ts';

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

/**
 * Settings as answers show them: without the secret ones unless asked (super users only), and
 * even then masked (`••••` and the last 4 characters): a secret is written, never read back.
 */
export function publicSettings(settings: SettingRecord[], options: { withSecrets?: boolean } = {}) {
  return settings
    .filter(({ key }) => options.withSecrets || !isSecretSetting(key))
    .map(({ key, value, mask }) => publicSetting({ key, value, mask }));
}

/**
 * One setting as answers show it: a secret one masked, by the mask stored beside its sealed value
 * (or, for one stored in clear before sealing, from the value).
 */
export function publicSetting({ key, value, mask }: { key: string; value: string; mask?: string }): {
  key: string;
  value: string;
} {
  return { key, value: isSecretSetting(key) ? (mask ?? maskedSecret(value)) : value };
}

const maskedSecret = (value: string) => maskLastFour(value) ?? '';

export function publicCompany(
  company: CompanyRecord,
  extras: { plan?: PlanRecord; settings?: SettingRecord[] } = {},
) {
  return {
    id: company.id,
    name: company.name,
    email: company.email ?? null,
    phone: company.phone ?? null,
    planId: company.planId,
    status: company.status ?? true,
    campaignsEnabled: company.campaignsEnabled ?? true,
    dueDate: company.dueDate ?? null,
    recurrence: company.recurrence ?? 'MENSUAL',
    trialExpiration: company.trialExpiration ?? null,
    timezone: company.timezone,
    schedules: company.schedules ?? [],
    billingName: company.billingName ?? null,
    addressZipCode: company.addressZipCode ?? null,
    addressStreet: company.addressStreet ?? null,
    addressState: company.addressState ?? null,
    addressCity: company.addressCity ?? null,
    addressDistrict: company.addressDistrict ?? null,
    referredBy: company.referredBy ?? null,
    createdAt: company.createdAt,
    updatedAt: company.updatedAt,
    ...(extras.plan ? { plan: publicPlan(extras.plan) } : {}),
    ...(extras.settings ? { settings: publicSettings(extras.settings) } : {}),
  };
}

/**
 * `queues`: the company's queues by id, to show the user's with name and colour (a queue deleted
 * since is left out); without it (live events) the user's queues carry their ids only.
 */
export function publicUser(
  user: UserRecord,
  extras: { company?: ReturnType<typeof publicCompany>; queues?: Map<number, QueueRef> } = {},
) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    companyId: user.companyId,
    super: user.isSuper ?? false,
    allTicket: user.allTicket ?? 'desabled',
    whatsappId: user.whatsappId ?? null,
    queues: extras.queues
      ? (user.queueIds ?? []).flatMap((id) => {
          const queue = extras.queues?.get(id);
          return queue ? [queue] : [];
        })
      : (user.queueIds ?? []).map((id) => ({ id })),
    queueIds: user.queueIds ?? [],
    online: user.online ?? false,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    ...(extras.company ? { company: extras.company } : {}),
  };
}
