export const plansQueryKeys = {
  all: ['plans'] as const,
  /** GET /plans/all (signed in). */
  list: () => ['plans', 'all'] as const,
  /** GET /plans/list (public, sign-up). */
  publicList: () => ['plans', 'public'] as const,
};
