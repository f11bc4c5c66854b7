import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * A company's tag (extended §3). `ticketsCount` is a counter kept in the same transaction as
 * every ticket link below, so the tags screen never counts links. A company's tags are a small,
 * bounded set: lists read the whole `TAG#` range of the company partition and filter in memory.
 */
export const tagEntity = new Entity(
  {
    model: { entity: 'tag', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      name: { type: 'string', required: true },
      /** The name folded for ordering and search (no case, no accents). */
      nameKey: { type: 'string', required: true },
      color: { type: 'string', required: true },
      /** 1 when the tag is a kanban lane. */
      kanban: { type: 'number', default: 0 },
      /** Who created it. */
      userId: { type: 'number' },
      ticketsCount: { type: 'number', default: 0 },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'TAG#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * A tag on a ticket. The table key lists a ticket's tags (`TTAG#<ticketId>#`); gsi1 lists a
 * tag's tickets (deleting a tag, kanban lanes). Written and deleted only in transactions that
 * also move the tag's `ticketsCount`.
 */
export const ticketTagEntity = new Entity(
  {
    model: { entity: 'ticketTag', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      ticketId: { type: 'number', required: true, readOnly: true },
      tagId: { type: 'number', required: true, readOnly: true },
      /** The ticket's list keys (domain/kanban-rules.ts laneKeysOf), kept by the tickets stream. */
      ticketLane: { type: 'string' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byTicket: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['ticketId', 'tagId'], template: 'TTAG#${ticketId}#${tagId}', casing: exactCase },
      },
      byTag: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['companyId', 'tagId'], template: 'C#${companyId}#TAG#${tagId}', casing: exactCase },
        sk: { field: 'gsi1sk', composite: ['ticketId'], template: 'T#${ticketId}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
