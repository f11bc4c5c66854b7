import { webhookDeliveryStatuses, webhookEvents } from '@atende/shared/entities/webhook';
import { defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * One delivery of one event to one webhook, with its attempts (the log the screen shows and the
 * replay copies). All of a company's deliveries share the partition `C#<companyId>#WHD`, sorted
 * per webhook by delivery id, which starts with its creation time: newest first is a reverse
 * query. Deliveries expire (`expiresAt`, webhookLimits.deliveryDays); reads filter on it because
 * DynamoDB Local never deletes them.
 */
export const webhookDeliveryEntity = defineEntity(
  'webhookDelivery',
  {
    companyId: fixedNumber,
    webhookId: fixedNumber,
    id: { type: 'string', required: true, readOnly: true },
    event: { type: [...webhookEvents] as const, required: true },
    eventId: { type: 'string', required: true, readOnly: true },
    /** The JSON body sent, without its signature (signed again at each attempt). */
    payload: { type: 'string', required: true, readOnly: true },
    status: { type: [...webhookDeliveryStatuses] as const, required: true },
    attempts: { type: 'number', default: 0 },
    responseStatus: { type: 'number' },
    latencyMs: { type: 'number' },
    error: { type: 'string' },
    replayOf: { type: 'string' },
    nextAttemptAt: { type: 'string' },
    expiresAt: { type: 'number', required: true },
    ...timestamps,
  },
  {
    byWebhook: {
      pk: key('pk', ['companyId'], 'C#${companyId}#WHD'),
      sk: key('sk', ['webhookId', 'id'], 'W#${webhookId}#D#${id}'),
    },
  },
);
