import { Entity } from 'electrodb';
import { webhookDeliveryStatuses, webhookEvents } from '@atende/shared/entities/webhook';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * One delivery of one event to one webhook, with its attempts (the log the screen shows and the
 * replay copies). All of a company's deliveries share the partition `C#<companyId>#WHD`, sorted
 * per webhook by delivery id, which starts with its creation time: newest first is a reverse
 * query. Deliveries expire (`expiresAt`, webhookLimits.deliveryDays); reads filter on it because
 * DynamoDB Local never deletes them.
 */
export const webhookDeliveryEntity = new Entity(
  {
    model: { entity: 'webhookDelivery', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      webhookId: { type: 'number', required: true, readOnly: true },
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
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byWebhook: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}#WHD', casing: exactCase },
        sk: {
          field: 'sk',
          composite: ['webhookId', 'id'],
          template: 'W#${webhookId}#D#${id}',
          casing: exactCase,
        },
      },
    },
  },
  entityConfig,
);
