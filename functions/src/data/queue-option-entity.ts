import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * One option of a queue's chatbot menu (extended §3): a node of the queue's option tree.
 * The table key finds an option by id (the chatbot and PUT/DELETE know only the id); gsi1 holds
 * all options of one queue, grouped by parent (`P#<parentId|0>#`), so one query answers a level
 * and one query answers the whole tree. `parentId` absent means a root option.
 */
export const queueOptionEntity = new Entity(
  {
    model: { entity: 'queueOption', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      queueId: { type: 'number', required: true, readOnly: true },
      /** Absent for a root option. An option never changes parent. */
      parentId: { type: 'number', readOnly: true },
      /** The parent in the index key: `parentId`, or 0 for a root option. */
      parentKey: { type: 'number', required: true, readOnly: true },
      title: { type: 'string', required: true },
      message: { type: 'string', default: '' },
      /** The order number the contact types ("1", "2"…). */
      option: { type: 'string', required: true },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'QOPT#${id}', casing: exactCase },
      },
      byQueue: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['companyId', 'queueId'], template: 'C#${companyId}#QOPTS#${queueId}', casing: exactCase },
        sk: { field: 'gsi1sk', composite: ['parentKey', 'id'], template: 'P#${parentKey}#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
