/** The plan switches of core §3 Plan that turn screens and menu items on. */
export type PlanFlag =
  | 'useCampaigns'
  | 'useKanban'
  | 'useOpenAi'
  | 'useIntegrations'
  | 'useSchedules'
  | 'useInternalChat'
  | 'useExternalApi';

export type PlanFlags = Partial<Record<PlanFlag, boolean | null>>;

/**
 * A flag counts as on unless it is explicitly false: a plan loaded without the flag (or not loaded
 * yet) must not hide a feature the company pays for.
 */
export function planAllows(plan: PlanFlags | null | undefined, flag: PlanFlag): boolean {
  return plan?.[flag] !== false;
}
