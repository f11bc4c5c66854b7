import type { ExternalApiLimits } from '@atende/shared/entities/plan';

/** A product plan as its usage plan needs it. */
export interface UsagePlanSpec {
  planId: number;
  limits: ExternalApiLimits;
}

/**
 * Port for the external message API's usage plans (docs/decisions.md, "External message API"):
 * one usage plan per product plan (rate, burst, monthly quota) and one API key per company,
 * associated to its plan's usage plan. In AWS the adapter drives API Gateway; the local runtime
 * installs the local gateway's limiter, which applies the same limits per company.
 */
export interface ApiUsagePort {
  /** Creates or updates a plan's usage plan. */
  putPlan(plan: UsagePlanSpec): Promise<void>;
  /** Deletes a plan's usage plan (a plan in use cannot be deleted, so it has no keys). */
  deletePlan(planId: number): Promise<void>;
  /** Makes sure the company has its key, in its plan's usage plan only (created if missing). */
  assignCompany(companyId: number, plan: UsagePlanSpec): Promise<void>;
  /** Deletes the company's key. */
  removeCompany(companyId: number): Promise<void>;
}
