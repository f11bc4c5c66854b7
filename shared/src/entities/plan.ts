/** Plan (core §3, extended §3): limits, price and the feature flags that gate modules. */
import * as z from 'zod';
import { limits } from '../constants.ts';
import { idSchema, requiredText } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const planFlags = [
  'useCampaigns',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
] as const;
export type PlanFlag = (typeof planFlags)[number];

const countSchema = z.coerce.number().int().nonnegative();

/**
 * The external message API's limits of a plan that names none (docs/decisions.md, "External
 * message API"): 10 requests a second steady, 20 at once, 100,000 a month.
 */
export const externalApiDefaults = { rateLimit: 10, burstLimit: 20, monthlyQuota: 100_000 } as const;

export interface ExternalApiLimits {
  /** Steady requests per second. */
  rateLimit: number;
  /** Requests at once above the steady rate. */
  burstLimit: number;
  /** Requests per calendar month (UTC); 0: none. */
  monthlyQuota: number;
}

/** A plan's external API limits, the defaults filling what it leaves out. */
export function externalApiLimitsOf(plan: {
  apiRateLimit?: number | null;
  apiBurstLimit?: number | null;
  apiMonthlyQuota?: number | null;
}): ExternalApiLimits {
  return {
    rateLimit: plan.apiRateLimit ?? externalApiDefaults.rateLimit,
    burstLimit: plan.apiBurstLimit ?? externalApiDefaults.burstLimit,
    monthlyQuota: plan.apiMonthlyQuota ?? externalApiDefaults.monthlyQuota,
  };
}
const moneySchema = z.coerce.number().nonnegative();
/** Stored flags may be missing or null on old rows; see planAllows(). */
const storedFlagSchema = z.boolean().nullable().optional();

export const planSchema = z.object({
  id: idSchema,
  name: z.string(),
  users: z.number().int().nonnegative(),
  connections: z.number().int().nonnegative(),
  queues: z.number().int().nonnegative(),
  campaigns: z.number().int().nonnegative().nullable().optional(),
  schedules: z.number().int().nonnegative().nullable().optional(),
  value: z.number().nonnegative(),
  useCampaigns: storedFlagSchema,
  useKanban: storedFlagSchema,
  useOpenAi: storedFlagSchema,
  useIntegrations: storedFlagSchema,
  useSchedules: storedFlagSchema,
  useInternalChat: storedFlagSchema,
  useExternalApi: storedFlagSchema,
  /** The external message API's limits (its usage plan); absent: externalApiDefaults. */
  apiRateLimit: z.number().int().positive().nullable().optional(),
  apiBurstLimit: z.number().int().positive().nullable().optional(),
  apiMonthlyQuota: z.number().int().nonnegative().nullable().optional(),
  /** AI bot answers a company may get a UTC day; null: the platform's default (ATENDE_AI_DAILY_CALLS). */
  aiDailyCalls: z.number().int().nonnegative().nullable().optional(),
  /** Offered on the public sign-up (GET /plans/list); absent counts as offered. */
  isPublic: z.boolean().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Plan = z.infer<typeof planSchema>;

/** A plan's fields as an admin writes them; the flags without defaults, so an update keeps them. */
const planFieldsSchema = z.object({
  name: requiredText().max(limits.shortTextMax, msg.tooLong),
  users: countSchema,
  connections: countSchema,
  queues: countSchema,
  campaigns: countSchema.nullable().optional(),
  schedules: countSchema.nullable().optional(),
  value: moneySchema,
  useCampaigns: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  /** Steady requests per second to POST /api/messages/send, per company. */
  apiRateLimit: z.coerce.number().int().min(1).max(10_000).optional(),
  /** Requests at once above the steady rate. */
  apiBurstLimit: z.coerce.number().int().min(1).max(5_000).optional(),
  /** Requests per calendar month (UTC); 0: no quota. */
  apiMonthlyQuota: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  /** AI bot answers a company may get a UTC day (0: none); null or absent: the platform's default. */
  aiDailyCalls: z.coerce.number().int().min(0).max(10_000_000).nullable().optional(),
  /**
   * Whether sign-up offers the plan (absent: yes); a hidden plan is given only by a super user.
   * No default, so an update that leaves it out keeps the stored value.
   */
  isPublic: z.boolean().optional(),
});

/** A new plan: every feature flag left out is on. */
export const planCreateInputSchema = planFieldsSchema.extend({
  useCampaigns: z.boolean().default(true),
  useKanban: z.boolean().default(true),
  useOpenAi: z.boolean().default(true),
  useIntegrations: z.boolean().default(true),
  useSchedules: z.boolean().default(true),
  useInternalChat: z.boolean().default(true),
  useExternalApi: z.boolean().default(true),
  apiRateLimit: z.coerce.number().int().min(1).max(10_000).default(externalApiDefaults.rateLimit),
  apiBurstLimit: z.coerce.number().int().min(1).max(5_000).default(externalApiDefaults.burstLimit),
  apiMonthlyQuota: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000_000)
    .default(externalApiDefaults.monthlyQuota),
});
export type PlanCreateInput = z.infer<typeof planCreateInputSchema>;

/**
 * A change to a plan: only the fields sent. Built from the fields without defaults, because
 * zod 4 applies a default inside `.partial()`, which turned every flag the update left out on.
 */
export const planUpdateInputSchema = planFieldsSchema.partial();
export type PlanUpdateInput = z.infer<typeof planUpdateInputSchema>;

/**
 * Whether a plan enables a feature. The spec: "a flag counts as on unless explicitly false",
 * so a missing or null flag is on. A plan object is required on purpose: callers that have
 * not loaded the plan must decide for themselves instead of getting a silent yes.
 */
export function planAllows(
  plan: Partial<Record<PlanFlag, boolean | null | undefined>>,
  flag: PlanFlag,
): boolean {
  return plan[flag] !== false;
}
