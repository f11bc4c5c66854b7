import { planAllows, type PlanFlag } from '@atende/shared/entities/plan';
import { getCompany, type CompanyRecord } from '#data/companies';
import { getPlan, type PlanRecord } from '#data/plans';
import { AppError } from '#domain/app-error';
import { companyIsBlocked } from '#domain/company-rules';

/**
 * How long a container keeps a company and its plan: every protected route checks them, and a
 * change (status, due date, plan) is honoured within this delay. COMPANY_CONTEXT_FRESH_SECONDS
 * (unset in the stack: 30 s) lets the tests' runtime shorten it, and with it the company purge's
 * wait for writers (modules/company-purge).
 */
export function companyContextFreshSeconds(): number {
  const seconds = Number(process.env.COMPANY_CONTEXT_FRESH_SECONDS ?? 30);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 30;
}

const freshForMs = companyContextFreshSeconds() * 1000;
const cache = new Map<number, { loadedAt: number; value: Promise<{ company: CompanyRecord; plan?: PlanRecord }> }>();

export async function companyContext(companyId: number): Promise<{ company: CompanyRecord; plan?: PlanRecord }> {
  const cached = cache.get(companyId);
  if (cached && Date.now() - cached.loadedAt < freshForMs) return cached.value;
  const value = (async () => {
    const company = await getCompany(companyId);
    if (!company) throw new AppError('ERR_SESSION_EXPIRED', undefined, 401);
    return { company, plan: await getPlan(company.planId) };
  })();
  cache.set(companyId, { loadedAt: Date.now(), value });
  value.catch(() => cache.delete(companyId));
  return value;
}

/** Forget a company after changing it here, so this container answers with the new state. */
export function forgetCompanyContext(companyId: number): void {
  cache.delete(companyId);
}

/** A blocked company may only use the routes marked for paying; a plan without the feature gets 403. */
export async function assertCompanyMayUse(
  companyId: number,
  options: { allowBlockedCompany?: boolean; feature?: PlanFlag },
): Promise<void> {
  if (options.allowBlockedCompany && !options.feature) return;
  let { company, plan } = await companyContext(companyId);
  if (!options.allowBlockedCompany && companyIsBlocked(company, new Date())) {
    // A payment (in another container) lifts the block at once: a blocked answer is never taken
    // from the cache. Blocked companies are few and may do little, so the extra read is cheap.
    forgetCompanyContext(companyId);
    ({ company, plan } = await companyContext(companyId));
    if (companyIsBlocked(company, new Date())) throw new AppError('ERR_SUBSCRIPTION_EXPIRED');
  }
  if (options.feature && !planAllows(plan ?? {}, options.feature)) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
}
