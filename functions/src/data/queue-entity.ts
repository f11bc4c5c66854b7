import { companyPk, defineEntity, fixedNumber, key, timestamps, weekdayHours } from './electro.ts';

/**
 * A company's queue (extended §3) with its opening hours. A company's queues are few (the plan
 * caps them, `queueCount` on the company item), so the list reads the whole `QUEUE#` range of
 * the company partition. Its name and colour are each held by a claim item below, written in
 * the same transaction, so two queues of a company cannot share either.
 */
export const queueEntity = defineEntity(
  'queue',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    name: { type: 'string', required: true },
    color: { type: 'string', required: true },
    greetingMessage: { type: 'string' },
    outOfHoursMessage: { type: 'string' },
    orderQueue: { type: 'number' },
    integrationId: { type: 'number' },
    promptId: { type: 'number' },
    schedules: { ...weekdayHours, default: () => [] },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'QUEUE#${id}') },
  },
);

/**
 * A claim on a queue name or colour within a company (`kind` name or color, `value` the folded
 * name or the lower-case colour). Created with `attribute_not_exists` in the queue's create or
 * update transaction and deleted with the queue.
 */
export const queueClaimEntity = defineEntity(
  'queueClaim',
  {
    companyId: fixedNumber,
    kind: { type: ['name', 'color'] as const, required: true, readOnly: true },
    value: { type: 'string', required: true, readOnly: true },
    queueId: { type: 'number', required: true },
  },
  {
    byValue: { pk: companyPk, sk: key('sk', ['kind', 'value'], 'QCLAIM#${kind}#${value}') },
  },
);
