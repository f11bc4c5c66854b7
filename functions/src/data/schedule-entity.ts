import { scheduleStatuses } from '@atende/shared/constants';
import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A scheduled message (core §3 Schedule). Each one has one one-time timer (EventBridge
 * Scheduler) named after it; `sendAt` is the timer's version. Lists read the company's
 * schedules in send order (gsi1), or one contact's (gsi2); both bounded by the plan's limit.
 */
export const scheduleEntity = defineEntity(
  'schedule',
  {
    companyId: fixedNumber,
    id: fixedNumber,
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
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'SCHEDULE#${id}') },
    bySendAt: {
      index: 'gsi1',
      pk: key('gsi1pk', ['companyId'], 'C#${companyId}#SCHEDULES'),
      sk: key('gsi1sk', ['sendAt', 'id'], '${sendAt}#${id}'),
    },
    byContact: {
      index: 'gsi2',
      pk: key('gsi2pk', ['companyId', 'contactId'], 'C#${companyId}#SCHEDULES#CT#${contactId}'),
      sk: key('gsi2sk', ['sendAt', 'id'], '${sendAt}#${id}'),
    },
  },
);
