import { defineEntity, fixedNumber, key } from './electro.ts';

/**
 * An open WebSocket connection. Its primary key is the connection id alone because
 * $disconnect and a Gone answer know nothing else; every other read goes through the
 * company-namespaced index. API Gateway closes a connection after 2 hours, so the item
 * expires shortly after that. The `byShard` index lists every open connection of the platform in
 * a few partitions (the connection's shard), for platform-wide events such as announcements.
 */
export const wsConnectionEntity = defineEntity(
  'wsConnection',
  {
    connectionId: { type: 'string', required: true, readOnly: true },
    companyId: fixedNumber,
    userId: fixedNumber,
    profile: { type: ['admin', 'user', 'supervisor'] as const, required: true },
    isSuper: { type: 'boolean', required: true },
    sessionId: { type: 'string', required: true },
    queueIds: { type: 'list', items: { type: 'number' }, default: () => [] },
    allTicket: { type: ['enabled', 'desabled'] as const, default: 'desabled' },
    rooms: { type: 'set', items: 'string' },
    /** 0..wsConnectionShards-1, from the connection id (data/ws-connections.ts). */
    shard: fixedNumber,
    connectedAt: fixedNumber,
    expiresAt: { type: 'number', required: true },
  },
  {
    byConnectionId: { pk: key('pk', ['connectionId'], 'WS#${connectionId}'), sk: key('sk', [], 'CONN') },
    byCompany: {
      index: 'gsi1',
      pk: key('gsi1pk', ['companyId'], 'C#${companyId}#WS'),
      sk: key('gsi1sk', ['connectionId'], '${connectionId}'),
    },
    byShard: {
      index: 'gsi2',
      pk: key('gsi2pk', ['shard'], 'WSALL#${shard}'),
      sk: key('gsi2sk', ['connectionId'], '${connectionId}'),
    },
  },
);
