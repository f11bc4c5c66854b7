import { externalApiLimitsOf } from '@atende/shared/entities/plan';
import type { PlanRecord } from '#data/plans';
import { apiUsage } from '#homes/adapters';
import type { UsagePlanSpec } from '#ports/api-usage';
import { logger } from '#observability/logger';

/**
 * Keeps the external message API's usage plans and keys in step with plans and companies
 * (docs/decisions.md, "External message API"): a plan's usage plan when the plan is created,
 * changed or deleted; a company's key, in its plan's usage plan, when the company is created or
 * changes plan. The table write has already happened when these run, so a failure is logged and
 * not thrown: saving the plan or the company again provisions it again.
 */
export function usagePlanSpecOf(plan: PlanRecord): UsagePlanSpec {
  return { planId: plan.id, limits: externalApiLimitsOf(plan) };
}

async function bestEffort(
  action: string,
  ids: Record<string, number>,
  work: () => Promise<void>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    logger.error('external API usage provisioning failed', { action, ...ids, error: `${name}: ${message}` });
  }
}

export const provisionPlan = (plan: PlanRecord) =>
  bestEffort('putPlan', { planId: plan.id }, async () => (await apiUsage()).putPlan(usagePlanSpecOf(plan)));

export const unprovisionPlan = (planId: number) =>
  bestEffort('deletePlan', { planId }, async () => (await apiUsage()).deletePlan(planId));

export const provisionCompany = (companyId: number, plan: PlanRecord) =>
  bestEffort('assignCompany', { companyId, planId: plan.id }, async () =>
    (await apiUsage()).assignCompany(companyId, usagePlanSpecOf(plan)),
  );

export const unprovisionCompany = (companyId: number) =>
  bestEffort('removeCompany', { companyId }, async () => (await apiUsage()).removeCompany(companyId));
