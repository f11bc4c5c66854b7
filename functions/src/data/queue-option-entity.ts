import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * One option of a queue's chatbot menu (extended §3): a node of the queue's option tree.
 * The table key finds an option by id (the chatbot and PUT/DELETE know only the id); gsi1 holds
 * all options of one queue, grouped by parent (`P#<parentId|0>#`), so one query answers a level
 * and one query answers the whole tree. `parentId` absent means a root option.
 */
export const queueOptionEntity = defineEntity(
  'queueOption',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    queueId: fixedNumber,
    /** Absent for a root option. An option never changes parent. */
    parentId: { type: 'number', readOnly: true },
    /** The parent in the index key: `parentId`, or 0 for a root option. */
    parentKey: fixedNumber,
    title: { type: 'string', required: true },
    message: { type: 'string', default: '' },
    /** The order number the contact types ("1", "2"…). */
    option: { type: 'string', required: true },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'QOPT#${id}') },
    byQueue: {
      index: 'gsi1',
      pk: key('gsi1pk', ['companyId', 'queueId'], 'C#${companyId}#QOPTS#${queueId}'),
      sk: key('gsi1sk', ['parentKey', 'id'], 'P#${parentKey}#${id}'),
    },
  },
);
