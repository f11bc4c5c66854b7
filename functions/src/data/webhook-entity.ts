import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A company's outbound webhook (docs/decisions.md, "Outbound webhooks"): a URL, the events it
 * wants and the HMAC secret its deliveries are signed with. A small, bounded set per company
 * (webhookLimits.perCompany), read whole by the event dispatcher. The secret is stored sealed
 * (ports/secret-box.ts), opened only to sign a delivery, answered in clear once to its creator
 * (create, rotate); its live event (`webhook`, admins only) carries the public shape, never it.
 */
export const webhookEntity = defineEntity(
  'webhook',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    name: { type: 'string', default: '' },
    url: { type: 'string', required: true },
    /** WebhookEvent values, checked by the routes' schema. */
    events: { type: 'list', items: { type: 'string' }, required: true },
    enabled: { type: 'boolean', default: true },
    /**
     * The signing secret, sealed by the secret box; one stored before sealing (no box prefix)
     * is in clear, still signs, and is sealed on the webhook's next save.
     */
    secret: { type: 'string', required: true },
    /** What answers show of the secret (`whsec_…` and its last 4), kept since the sealed value cannot tell. */
    secretHint: { type: 'string' },
    /** The first failed attempt of the current streak (ISO); removed by a success or a re-enable. */
    failingSince: { type: 'string' },
    /** When the platform disabled it for failing (ISO), and why; removed when re-enabled. */
    disabledAt: { type: 'string' },
    disabledReason: { type: ['failing'] as const },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'WEBHOOK#${id}') },
  },
);
