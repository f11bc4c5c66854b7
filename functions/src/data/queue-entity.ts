import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

const weekdayHours = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      weekday: { type: 'string', required: true },
      weekdayEn: { type: 'string', required: true },
      startTime: { type: 'string', required: true },
      endTime: { type: 'string', required: true },
    },
  },
} as const;

/**
 * A company's queue (extended §3) with its opening hours. A company's queues are few (the plan
 * caps them, `queueCount` on the company item), so the list reads the whole `QUEUE#` range of
 * the company partition. Its name and colour are each held by a claim item below, written in
 * the same transaction, so two queues of a company cannot share either.
 */
export const queueEntity = new Entity(
  {
    model: { entity: 'queue', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      name: { type: 'string', required: true },
      color: { type: 'string', required: true },
      greetingMessage: { type: 'string' },
      outOfHoursMessage: { type: 'string' },
      orderQueue: { type: 'number' },
      integrationId: { type: 'number' },
      promptId: { type: 'number' },
      schedules: { ...weekdayHours, default: () => [] },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'QUEUE#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * A claim on a queue name or colour within a company (`kind` name or color, `value` the folded
 * name or the lower-case colour). Created with `attribute_not_exists` in the queue's create or
 * update transaction and deleted with the queue.
 */
export const queueClaimEntity = new Entity(
  {
    model: { entity: 'queueClaim', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      kind: { type: ['name', 'color'] as const, required: true, readOnly: true },
      value: { type: 'string', required: true, readOnly: true },
      queueId: { type: 'number', required: true },
    },
    indexes: {
      byValue: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['kind', 'value'], template: 'QCLAIM#${kind}#${value}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
