/** Plan (core §3, extended §3): limits, price and the feature flags that gate modules. */
import * as z from 'zod';
import { idSchema, requiredText } from '../fields.ts';

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
  /** Offered on the public sign-up (GET /plans/list); absent counts as offered. */
  isPublic: z.boolean().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Plan = z.infer<typeof planSchema>;

/** A plan's fields as an admin writes them; the flags without defaults, so an update keeps them. */
const planFieldsSchema = z.object({
  name: requiredText(),
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
