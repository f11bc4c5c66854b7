import { Entity } from 'electrodb';
import { companyPk, entityConfig, entityModel, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A company's tag (extended §3). `ticketsCount` is a counter kept in the same transaction as
 * every ticket link below, so the tags screen never counts links. A company's tags are a small,
 * bounded set: lists read the whole `TAG#` range of the company partition and filter in memory.
 */
export const tagEntity = new Entity(
  {
    model: entityModel('tag'),
    attributes: {
      companyId: fixedNumber,
      id: fixedNumber,
      name: { type: 'string', required: true },
      /** The name folded for ordering and search (no case, no accents). */
      nameKey: { type: 'string', required: true },
      color: { type: 'string', required: true },
      /** 1 when the tag is a kanban lane. */
      kanban: { type: 'number', default: 0 },
      /** Who created it. */
      userId: { type: 'number' },
      ticketsCount: { type: 'number', default: 0 },
      ...timestamps,
    },
    indexes: {
      byId: { pk: companyPk, sk: key('sk', ['id'], 'TAG#${id}') },
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
    model: entityModel('ticketTag'),
    attributes: {
      companyId: fixedNumber,
      ticketId: fixedNumber,
      tagId: fixedNumber,
      /** The ticket's list keys (domain/kanban-rules.ts laneKeysOf), kept by the tickets stream. */
      ticketLane: { type: 'string' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byTicket: { pk: companyPk, sk: key('sk', ['ticketId', 'tagId'], 'TTAG#${ticketId}#${tagId}') },
      byTag: {
        index: 'gsi1',
        pk: key('gsi1pk', ['companyId', 'tagId'], 'C#${companyId}#TAG#${tagId}'),
        sk: key('gsi1sk', ['ticketId'], 'T#${ticketId}'),
      },
    },
  },
  entityConfig,
);
