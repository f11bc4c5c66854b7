import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * An open WebSocket connection. Its primary key is the connection id alone because
 * $disconnect and a Gone answer know nothing else; every other read goes through the
 * company-namespaced index. API Gateway closes a connection after 2 hours, so the item
 * expires shortly after that. The `byShard` index lists every open connection of the platform in
 * a few partitions (the connection's shard), for platform-wide events such as announcements.
 */
export const wsConnectionEntity = new Entity(
  {
    model: { entity: 'wsConnection', version: '1', service: serviceName },
    attributes: {
      connectionId: { type: 'string', required: true, readOnly: true },
      companyId: { type: 'number', required: true, readOnly: true },
      userId: { type: 'number', required: true, readOnly: true },
      profile: { type: ['admin', 'user', 'supervisor'] as const, required: true },
      isSuper: { type: 'boolean', required: true },
      sessionId: { type: 'string', required: true },
      queueIds: { type: 'list', items: { type: 'number' }, default: () => [] },
      allTicket: { type: ['enabled', 'desabled'] as const, default: 'desabled' },
      rooms: { type: 'set', items: 'string' },
      /** 0..wsConnectionShards-1, from the connection id (data/ws-connections.ts). */
      shard: { type: 'number', required: true, readOnly: true },
      connectedAt: { type: 'number', required: true, readOnly: true },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byConnectionId: {
        pk: { field: 'pk', composite: ['connectionId'], template: 'WS#${connectionId}', casing: exactCase },
        sk: { field: 'sk', composite: [], template: 'CONN', casing: exactCase },
      },
      byCompany: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['companyId'], template: 'C#${companyId}#WS', casing: exactCase },
        sk: { field: 'gsi1sk', composite: ['connectionId'], template: '${connectionId}', casing: exactCase },
      },
      byShard: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['shard'], template: 'WSALL#${shard}', casing: exactCase },
        sk: { field: 'gsi2sk', composite: ['connectionId'], template: '${connectionId}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
