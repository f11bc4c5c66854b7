import { listAllCompanies } from '#data/companies';
import { listPlans } from '#data/plans';
import { apiUsage } from '#homes/adapters';
import { usagePlanSpecOf } from '../modules/messages/api-usage-provisioning.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

export interface ApiUsageSyncResult {
  plans: number;
  companies: number;
  /** What could not be provisioned, as `plan <id>` / `company <id>` (the log has the error). */
  failed: string[];
}

/**
 * Puts every plan's usage plan and every company's API key in place (docs/decisions.md,
 * "External message API"). The plans and companies modules keep them in step as they change;
 * this deploy-time pass covers what existed before (the bootstrap's platform company and
 * plan, data from before the external API) and any change whose provisioning failed. Every
 * call is idempotent, so running it on each deploy and each local start changes nothing twice.
 */
export const handler = observed(async (): Promise<ApiUsageSyncResult> => {
  const usage = await apiUsage();
  const failed: string[] = [];
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      failed.push(what);
      const name = error instanceof Error ? error.name : 'Error';
      logger.error('API usage sync failed', { what, error: name });
    }
  };
  const plans = await listPlans();
  for (const plan of plans) await attempt(`plan ${plan.id}`, () => usage.putPlan(usagePlanSpecOf(plan)));
  const planById = new Map(plans.map((plan) => [plan.id, plan]));
  let companies = 0;
  for (const company of await listAllCompanies()) {
    const plan = planById.get(company.planId);
    if (!plan) continue;
    companies += 1;
    await attempt(`company ${company.id}`, () => usage.assignCompany(company.id, usagePlanSpecOf(plan)));
  }
  return { plans: plans.length, companies, failed };
});
