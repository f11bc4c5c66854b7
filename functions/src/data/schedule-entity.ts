import { Entity } from 'electrodb';
import { scheduleStatuses } from '@atende/shared/constants';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * A scheduled message (core §3 Schedule). Each one has one one-time timer (EventBridge
 * Scheduler) named after it; `sendAt` is the timer's version. Lists read the company's
 * schedules in send order (gsi1), or one contact's (gsi2); both bounded by the plan's limit.
 */
export const scheduleEntity = new Entity(
  {
    model: { entity: 'schedule', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      body: { type: 'string', required: true },
      contactId: { type: 'number', required: true },
      /** ISO instant (UTC) the message is due. */
      sendAt: { type: 'string', required: true },
      status: { type: scheduleStatuses, required: true },
      sentAt: { type: 'string' },
      /** Why sending failed (an error code of the catalogue) when status is ERRO. */
      errorReason: { type: 'string' },
      userId: { type: 'number' },
      /** The ticket and message the schedule was sent as. */
      ticketId: { type: 'number' },
      messageId: { type: 'string' },
      mediaKey: { type: 'string' },
      mediaName: { type: 'string' },
      mediaMimetype: { type: 'string' },
      mediaSize: { type: 'number' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'SCHEDULE#${id}', casing: exactCase },
      },
      bySendAt: {
        index: 'gsi1',
        pk: {
          field: 'gsi1pk',
          composite: ['companyId'],
          template: 'C#${companyId}#SCHEDULES',
          casing: exactCase,
        },
        sk: { field: 'gsi1sk', composite: ['sendAt', 'id'], template: '${sendAt}#${id}', casing: exactCase },
      },
      byContact: {
        index: 'gsi2',
        pk: {
          field: 'gsi2pk',
          composite: ['companyId', 'contactId'],
          template: 'C#${companyId}#SCHEDULES#CT#${contactId}',
          casing: exactCase,
        },
        sk: { field: 'gsi2sk', composite: ['sendAt', 'id'], template: '${sendAt}#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
