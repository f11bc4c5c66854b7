import { addCompanyRequests } from '#data/guards';
import { AppError } from '#domain/app-error';
import { createCompanyRequestBudget, type CompanyRequestBudget } from '#domain/company-request-budget';
import { logger } from '#observability/logger';

const windowSeconds = 60;

/**
 * COMPANY_REQUESTS_PER_MINUTE: the budget every company's signed-in users share (the stack and
 * the local runtime set it; unset or 0 turns it off, as the tests do). Read on first use, so a
 * test can set it before the first request.
 */
let budget: CompanyRequestBudget | undefined;

function companyBudget(): CompanyRequestBudget {
  if (budget) return budget;
  const raw = process.env.COMPANY_REQUESTS_PER_MINUTE ?? '0';
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 0)
    throw new Error(`COMPANY_REQUESTS_PER_MINUTE must be a whole number, not ${JSON.stringify(raw)}`);
  budget = createCompanyRequestBudget(
    { limit, windowMs: windowSeconds * 1000, flushEveryMs: 2_000 },
    (companyId, window, count) => addCompanyRequests(companyId, window, windowSeconds, count),
    Date.now,
    (error) =>
      logger.warn('company request count not saved', { error: String(error) }),
  );
  return budget;
}

/** Refuses with 429 ERR_TOO_MANY_REQUESTS (and Retry-After) once the company's minute is spent. */
export async function chargeCompanyRequest(companyId: number): Promise<void> {
  const decision = await companyBudget().take(companyId);
  if (!decision.allowed) {
    throw new AppError('ERR_TOO_MANY_REQUESTS', undefined, undefined, {
      'retry-after': String(decision.retryAfterSeconds),
    });
  }
}

/** For tests: the next request reads COMPANY_REQUESTS_PER_MINUTE again, with fresh counts. */
export function resetCompanyBudget(): void {
  budget = undefined;
}
