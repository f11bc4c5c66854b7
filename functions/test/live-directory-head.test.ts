import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { handler } from '../src/live/broadcast-handler.ts';
import { forgetSocketLists } from '../src/live/fan-out.ts';
import { forgetLiveDirectories, liveDirectoryFreshMs } from '../src/live/live-directory-head.ts';
import { startFakeConnections, type FakeConnections } from './fake-connections.ts';

/**
 * Decision 0139: the broadcaster keeps a company's directory version between batches, so a ticket
 * event costs no table call of its own, and a batch carrying a rename reads the names afresh.
 */
const dynamo = mockClient(documentClient);
let sockets: FakeConnections;
beforeAll(async () => {
  sockets = await startFakeConnections();
});
afterAll(() => sockets.close());

const companyId = 3;
const admin = {
  pk: 'WS#admin=',
  sk: 'CONN',
  gsi1pk: `C#${companyId}#WS`,
  gsi1sk: 'admin=',
  __edb_e__: 'wsConnection',
  __edb_v__: '1',
  connectionId: 'admin=',
  companyId,
  userId: 1,
  profile: 'admin',
  isSuper: false,
  sessionId: 's',
  connectedAt: 1,
  expiresAt: Math.floor(Date.now() / 1000) + 600,
};
const queue = (name: string) => ({
  pk: `C#${companyId}`,
  sk: 'QUEUE#4',
  __edb_e__: 'queue',
  __edb_v__: '1',
  companyId,
  id: 4,
  name,
  color: '#00ff00',
  schedules: [],
});
const ticket = (unreadMessages: number) => ({
  pk: `C#${companyId}`,
  sk: 'TICKET#15',
  __edb_e__: 'ticket',
  __edb_v__: '1',
  companyId,
  id: 15,
  uuid: 'u-15',
  status: 'open',
  contactId: 8,
  whatsappId: 1,
  queueId: 4,
  unreadMessages,
  tagIds: [],
  contactSnapshot: { name: 'Ana', number: '5511999990000', isGroup: false },
});

let sequence = 100;
const record = (eventName: 'INSERT' | 'MODIFY', item: Record<string, unknown>) =>
  ({
    eventName,
    dynamodb: {
      SequenceNumber: String((sequence += 1)),
      NewImage: marshall(item, { removeUndefinedValues: true }),
    },
  }) as unknown as DynamoDBStreamEvent['Records'][number];
const batch = (...records: DynamoDBStreamEvent['Records']) => ({ Records: records }) as DynamoDBStreamEvent;

/** The directory version reads (AP-CO-9) among the BatchGets made so far. */
const versionReads = () =>
  dynamo
    .commandCalls(BatchGetCommand)
    .filter((call) =>
      Object.values(call.args[0].input.RequestItems ?? {}).some((request) =>
        (request.Keys ?? []).some((key) => key.sk === 'DIRECTORY'),
      ),
    ).length;

/** The queue name the last ticket event carried. */
function lastTicketQueueName(): string | undefined {
  const frames = sockets.posts().map((post) => JSON.parse(new TextDecoder().decode(post.Data)) as unknown);
  const events = frames.flatMap((frame) => (Array.isArray(frame) ? frame : [frame])) as {
    event: string;
    data: { action: string; ticket?: { queue?: { name: string } } };
  }[];
  return events.filter((e) => e.event === 'ticket' && e.data.action === 'update').at(-1)?.data.ticket?.queue?.name;
}

const whatsapp = {
  pk: `C#${companyId}`,
  sk: 'WAPP#1',
  __edb_e__: 'whatsapp',
  __edb_v__: '1',
  companyId,
  id: 1,
  name: 'Central',
};

function tableHolds(version: number, queueName: string) {
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: [admin] });
  dynamo
    .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${companyId}`, ':sk1': 'WAPP#' } }, false)
    .resolves({ Items: [whatsapp] });
  dynamo
    .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${companyId}`, ':sk1': 'QUEUE#' } }, false)
    .resolves({ Items: [queue(queueName)] });
  dynamo.on(BatchGetCommand).resolves({
    Responses: { [process.env.TABLE_NAME ?? 'atende']: [{ pk: `C#${companyId}`, sk: 'DIRECTORY', v: version }] },
  });
}

describe('the live directory version kept by the broadcaster', () => {
  beforeEach(() => {
    dynamo.reset();
    sockets.reset();
    forgetSocketLists();
    forgetLiveDirectories();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the version once for ticket events a second apart at most', async () => {
    tableHolds(1, 'Ventas');
    await handler(batch(record('MODIFY', ticket(1))));
    await handler(batch(record('MODIFY', ticket(2))));
    await handler(batch(record('MODIFY', ticket(3)), record('MODIFY', { ...ticket(4), sk: 'TICKET#16', id: 16 })));
    expect(versionReads()).toBe(1);
    expect(lastTicketQueueName()).toBe('Ventas');
  });

  it('reads it again once it is older than the freshness bound', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    tableHolds(1, 'Ventas');
    await handler(batch(record('MODIFY', ticket(1))));
    vi.setSystemTime(Date.now() + liveDirectoryFreshMs + 1);
    await handler(batch(record('MODIFY', ticket(2))));
    expect(versionReads()).toBe(2);
  });

  it('shows the new name on the ticket event of the batch that carries a rename', async () => {
    tableHolds(1, 'Ventas');
    await handler(batch(record('MODIFY', ticket(1))));
    expect(lastTicketQueueName()).toBe('Ventas');
    // The queue renamed and the version moved; the next batch carries both changes.
    dynamo.reset();
    tableHolds(2, 'Soporte');
    await handler(batch(record('MODIFY', queue('Soporte')), record('MODIFY', ticket(2))));
    expect(versionReads()).toBe(1);
    expect(lastTicketQueueName()).toBe('Soporte');
  });

  it('does not keep a failed read', async () => {
    tableHolds(1, 'Ventas');
    dynamo.on(BatchGetCommand).rejectsOnce(new Error('throttled')).resolves({
      Responses: { [process.env.TABLE_NAME ?? 'atende']: [{ pk: `C#${companyId}`, sk: 'DIRECTORY', v: 1 }] },
    });
    const failed = await handler(batch(record('MODIFY', ticket(1))));
    expect(failed.batchItemFailures).toHaveLength(1);
    await handler(batch(record('MODIFY', ticket(1))));
    expect(versionReads()).toBe(2);
    expect(lastTicketQueueName()).toBe('Ventas');
  });
});
