/**
 * The outbound webhooks' limits, apart from their schemas (webhook.ts) so the SPA's first load
 * (the notifications popover) reads them without zod.
 */
export const webhookLimits = {
  /** Webhooks per company: a small, bounded set read whole for every event. */
  perCompany: 10,
  urlMax: 2_000,
  nameMax: 100,
  /** Attempts of one delivery, the first included. */
  maxAttempts: 5,
  /** Days a delivery stays in the log. */
  deliveryDays: 14,
  deliveriesPageSize: 20,
  /**
   * A webhook whose every delivery attempt has failed for this long (the first failure of the
   * streak kept as `failingSince`; any success clears it) is disabled, and its admins told
   * (docs/decisions.md, "A webhook failing for days is disabled").
   */
  disableAfterFailingDays: 3,
} as const;
