import type { CompanyRecord } from '#data/companies';
import type { PlanRecord } from '#data/plans';
import type { SettingRecord } from '#data/settings';
import { publicPlan } from '../plans/serialize.ts';
import { publicSettings } from '../settings/serialize.ts';

/** A company as answers show it, with its plan and settings when asked. */
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
    language: company.language ?? null,
    createdAt: company.createdAt,
    updatedAt: company.updatedAt,
    ...(extras.plan ? { plan: publicPlan(extras.plan) } : {}),
    ...(extras.settings ? { settings: publicSettings(extras.settings) } : {}),
  };
}
