import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { handler } from '../src/live/broadcast-handler.ts';
import { eventRules } from '../src/live/event-rules.ts';
import { fanOut, forgetSocketLists, openingWindowSeconds, socketListFreshMs } from '../src/live/fan-out.ts';
import type { LiveListener } from '../src/domain/live-audience.ts';
import { startFakeConnections, type FakeConnections } from './fake-connections.ts';

/**
 * The broadcaster acts on sockets themselves: it closes those of an ended or replaced session,
 * gives a user's sockets their new access, and takes a chat room from sockets that lost sight of
 * the ticket, each in order with the events around it.
 */
const dynamo = mockClient(documentClient);
const sockets = mockClient(ApiGatewayManagementApiClient);
/** Posts reach a local @connections server; closes stay on the mocked SDK client. */
let connections: FakeConnections;
beforeAll(async () => {
  connections = await startFakeConnections();
});
afterAll(() => connections.close());

const connection = (connectionId: string, overrides: Record<string, unknown> = {}) => ({
  pk: `WS#${connectionId}`,
  sk: 'CONN',
  gsi1pk: 'C#3#WS',
  gsi1sk: connectionId,
  __edb_e__: 'wsConnection',
  __edb_v__: '1',
  connectionId,
  companyId: 3,
  userId: 7,
  profile: 'user',
  isSuper: false,
  sessionId: 'old',
  queueIds: [4],
  allTicket: 'desabled',
  connectedAt: 1,
  expiresAt: Math.floor(Date.now() / 1000) + 600,
  ...overrides,
});

const sessionItem = (sessionId: string, refreshHash = 'h1') => ({
  pk: 'C#3',
  sk: 'SESSION#7',
  __edb_e__: 'session',
  __edb_v__: '1',
  companyId: 3,
  userId: 7,
  sessionId,
  refreshHash,
  rotatedAt: 1,
  expiresAt: 4_000_000_000,
});

function streamOf(
  ...records: { eventName: 'INSERT' | 'MODIFY' | 'REMOVE'; oldItem?: object; newItem?: object }[]
): DynamoDBStreamEvent {
  return {
    Records: records.map((record, index) => ({
      eventName: record.eventName,
      dynamodb: {
        SequenceNumber: String(100 + index),
        ...(record.newItem ? { NewImage: marshall(record.newItem) } : {}),
        ...(record.oldItem ? { OldImage: marshall(record.oldItem) } : {}),
      },
    })),
  } as DynamoDBStreamEvent;
}

const posted = () =>
  connections.posts().map((post) => ({
    to: post.ConnectionId,
    frame: JSON.parse(new TextDecoder().decode(post.Data)) as unknown,
  }));
const closed = () =>
  sockets
    .commandCalls(DeleteConnectionCommand)
    .map((call) => call.args[0].input.ConnectionId)
    .sort();

describe('the broadcaster ends sessions on the sockets themselves', () => {
  beforeEach(() => {
    // Each case mocks the sockets anew: none kept from the case before.
    forgetSocketLists();
    dynamo.reset();
    sockets.reset();
    connections.reset();
    dynamo.on(QueryCommand).resolves({
      Items: [
        connection('mine='),
        connection('mine-too='),
        connection('newer=', { sessionId: 'new' }),
        connection('other=', { userId: 8 }),
      ],
    });
    dynamo.on(DeleteCommand).resolves({});
    sockets.on(DeleteConnectionCommand).resolves({});
  });

  it("closes an ended session's sockets after telling them, and no one else's", async () => {
    expect(await handler(streamOf({ eventName: 'REMOVE', oldItem: sessionItem('old') }))).toEqual({
      batchItemFailures: [],
    });
    expect(
      posted()
        .map((p) => p.to)
        .sort(),
    ).toEqual(['mine-too=', 'mine=']);
    expect(posted()[0]!.frame).toEqual({ event: 'auth', data: { action: 'delete', user: { id: 7 } } });
    expect(closed()).toEqual(['mine-too=', 'mine=']);
    const forgotten = dynamo
      .commandCalls(DeleteCommand)
      .map((call) => call.args[0].input.Key?.pk)
      .sort();
    expect(forgotten).toEqual(['WS#mine-too=', 'WS#mine=']);
  });

  it('closes the sockets of a session a newer sign-in replaced', async () => {
    await handler(
      streamOf({ eventName: 'MODIFY', oldItem: sessionItem('old'), newItem: sessionItem('new') }),
    );
    expect(posted()[0]!.frame).toEqual({ event: 'auth', data: { action: 'update', user: { id: 7 } } });
    expect(closed()).toEqual(['mine-too=', 'mine=']);
  });

  it('leaves the sockets open when only the refresh token rotated', async () => {
    await handler(
      streamOf({ eventName: 'MODIFY', oldItem: sessionItem('old', 'h1'), newItem: sessionItem('old', 'h2') }),
    );
    expect(posted()).toEqual([]);
    expect(closed()).toEqual([]);
  });

  it("closes a deleted user's sockets", async () => {
    const user = {
      pk: 'C#3',
      sk: 'USER#7',
      __edb_e__: 'user',
      __edb_v__: '1',
      companyId: 3,
      id: 7,
      name: 'Ana',
      email: 'a@x.co',
      profile: 'user',
    };
    await handler(streamOf({ eventName: 'REMOVE', oldItem: user }));
    expect(closed()).toEqual(['mine-too=', 'mine=', 'newer=']);
  });

  it('sends nothing to a socket after its close in the same batch', async () => {
    const after = { companyId: 3, event: 'note', data: { n: 1 }, audience: () => true };
    const close = {
      companyId: 3,
      control: 'close' as const,
      audience: (l: LiveListener) => l.userId === 7 && l.sessionId === 'old',
    };
    await fanOut([close, after]);
    expect(
      posted()
        .map((p) => p.to)
        .sort(),
    ).toEqual(['newer=', 'other=']);
    expect(closed()).toEqual(['mine-too=', 'mine=']);
  });
});

describe("the broadcaster keeps sockets' access and rooms current", () => {
  beforeEach(() => {
    // Each case mocks the sockets anew: none kept from the case before.
    forgetSocketLists();
    dynamo.reset();
    sockets.reset();
    connections.reset();
    dynamo.on(UpdateCommand).resolves({});
  });

  it("gives a user's sockets their new queues, and judges the batch's later events by them", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [connection('mine=')] });
    const user = {
      pk: 'C#3',
      sk: 'USER#7',
      __edb_e__: 'user',
      __edb_v__: '1',
      companyId: 3,
      id: 7,
      name: 'Ana',
      email: 'a@x.co',
      profile: 'user',
      allTicket: 'desabled',
    };
    const outputs = await eventRules.user!({
      entity: 'user',
      kind: 'update',
      oldItem: { ...user, queueIds: [4] },
      newItem: { ...user, queueIds: [5] },
    });
    const inQueue4 = {
      companyId: 3,
      event: 'q4',
      data: {},
      audience: (l: LiveListener) => l.queueIds.includes(4),
    };
    await fanOut([...outputs, inQueue4]);
    expect(
      posted()
        .flatMap((p) => (Array.isArray(p.frame) ? p.frame : [p.frame]))
        .map((e) => (e as { event: string }).event),
    ).toEqual(['user']);
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ pk: 'WS#mine=', sk: 'CONN' });
    expect(Object.values(update.ExpressionAttributeValues ?? {})).toContainEqual([5]);
  });

  it('does not touch sockets when a user change leaves their access as it was', async () => {
    const user = { companyId: 3, id: 7, name: 'Ana', profile: 'user', queueIds: [4], allTicket: 'desabled' };
    const outputs = await eventRules.user!({
      entity: 'user',
      kind: 'update',
      oldItem: user,
      newItem: { ...user, name: 'Ana B' },
    });
    expect(outputs.some((output) => 'control' in output)).toBe(false);
  });

  it('takes the chat room from a socket whose ticket was transferred away, before the next message', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        connection('old-agent=', { rooms: new Set(['ticket:15']) }),
        connection('admin=', { userId: 1, profile: 'admin', rooms: new Set(['ticket:15']) }),
      ],
    });
    const leave = {
      companyId: 3,
      control: 'leaveRoom' as const,
      room: 'ticket:15',
      audience: (l: LiveListener) => l.userId === 7 && l.rooms.includes('ticket:15'),
    };
    const message = await eventRules.message!({
      entity: 'message',
      kind: 'create',
      oldItem: undefined,
      newItem: {
        companyId: 3,
        ticketId: 15,
        id: 'm1',
        body: 'hola',
        fromMe: false,
        ack: 0,
        read: false,
        mediaType: 'chat',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      },
    });
    await fanOut([leave, ...message]);
    expect(posted().map((p) => p.to)).toEqual(['admin=']);
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ pk: 'WS#old-agent=', sk: 'CONN' });
    expect(update.UpdateExpression).toMatch(/DELETE #rooms/);
  });

  it('keeps a socket in the chat when an older stream image says no but the ticket as it is now says yes', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [connection('agent=', { rooms: new Set(['ticket:15']) })] });
    const stale = {
      companyId: 3,
      control: 'leaveRoom' as const,
      room: 'ticket:15',
      audience: (l: LiveListener) => l.rooms.includes('ticket:15'),
      // The ticket was accepted by this socket's user after the image the stream carries.
      recheck: async () => () => false,
    };
    const message = await eventRules.message!({
      entity: 'message',
      kind: 'create',
      oldItem: undefined,
      newItem: {
        companyId: 3,
        ticketId: 15,
        id: 'm2',
        body: '¿siguen ahí?',
        fromMe: false,
        ack: 0,
        read: false,
        mediaType: 'chat',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      },
    });
    await fanOut([stale, ...message]);
    expect(posted().map((p) => p.to)).toEqual(['agent=']);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe("the broadcaster keeps a company's sockets between batches", () => {
  const admin = (connectionId: string) => connection(connectionId, { userId: 1, profile: 'admin' });
  let sequence = 0;
  const messageRecord = () => {
    sequence += 1;
    const at = new Date().toISOString();
    return {
      eventName: 'INSERT' as const,
      newItem: {
        pk: `C#3#MSG#k${sequence}`,
        sk: 'MSG',
        __edb_e__: 'message',
        __edb_v__: '1',
        companyId: 3,
        ticketId: 15,
        id: `k${sequence}`,
        body: 'hola',
        fromMe: false,
        ack: 0,
        read: false,
        mediaType: 'chat',
        createdAt: at,
        updatedAt: at,
      },
    };
  };
  const postedTo = () => [...new Set(posted().map((p) => p.to))].sort();
  const reads = () => dynamo.commandCalls(QueryCommand).length;

  beforeEach(() => {
    forgetSocketLists();
    dynamo.reset();
    sockets.reset();
    connections.reset();
    dynamo.on(QueryCommand).resolves({ Items: [admin('a='), admin('b=')] });
    dynamo.on(UpdateCommand).resolves({});
  });

  it('reads them once, and follows a $disconnect and a $connect from the stream without reading again', async () => {
    await handler(streamOf(messageRecord()));
    expect(postedTo()).toEqual(['a=', 'b=']);
    sockets.resetHistory();
    connections.resetHistory();
    // b= went away ($disconnect deletes its item): nothing more is posted to it.
    await handler(streamOf({ eventName: 'REMOVE', oldItem: admin('b=') }, messageRecord()));
    expect(postedTo()).toEqual(['a=']);
    sockets.resetHistory();
    connections.resetHistory();
    // c= came ($connect puts its item): it hears the next message.
    await handler(streamOf({ eventName: 'INSERT', newItem: admin('c=') }, messageRecord()));
    expect(postedTo()).toEqual(['a=', 'c=']);
    expect(reads()).toBe(1);
  });

  it("keeps what a batch decided for a socket (a user's new queues) for the next batch", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [connection('mine=')] });
    const user = { companyId: 3, id: 7, name: 'Ana', profile: 'user', allTicket: 'desabled' };
    const outputs = await eventRules.user!({
      entity: 'user',
      kind: 'update',
      oldItem: { ...user, queueIds: [4] },
      newItem: { ...user, queueIds: [5] },
    });
    await fanOut(outputs);
    sockets.resetHistory();
    connections.resetHistory();
    const inQueue = (queueId: number) => ({
      companyId: 3,
      event: `q${queueId}`,
      data: {},
      audience: (l: LiveListener) => l.queueIds.includes(queueId),
    });
    await fanOut([inQueue(4), inQueue(5)]);
    expect(posted().map((p) => (p.frame as { event: string }).event)).toEqual(['q5']);
    expect(reads()).toBe(1);
  });

  it('reads them afresh for a batch that closes sockets, so one this container never saw connect is closed', async () => {
    sockets.on(DeleteConnectionCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});
    await handler(streamOf(messageRecord()));
    expect(reads()).toBe(1);
    // d= connected through another shard: this container's list (still fresh) does not have it.
    const ended = connection('d=', { userId: 1, profile: 'admin', sessionId: 'ended' });
    dynamo.on(QueryCommand).resolves({ Items: [admin('a='), admin('b='), ended] });
    const endedSession = { ...sessionItem('ended'), sk: 'SESSION#1', userId: 1 };
    await handler(streamOf({ eventName: 'REMOVE', oldItem: endedSession }));
    expect(reads()).toBe(2);
    expect(closed()).toEqual(['d=']);
  });

  it(`reads them again once they are ${socketListFreshMs} ms old`, async () => {
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      await handler(streamOf(messageRecord()));
      clock.mockReturnValue(now + socketListFreshMs - 1);
      await handler(streamOf(messageRecord()));
      expect(reads()).toBe(1);
      // A socket this container never saw connect (another shard in AWS) is found by the next read.
      dynamo.on(QueryCommand).resolves({ Items: [admin('a='), admin('b='), admin('d=')] });
      clock.mockReturnValue(now + socketListFreshMs);
      sockets.resetHistory();
    connections.resetHistory();
      await handler(streamOf(messageRecord()));
      expect(reads()).toBe(2);
      expect(postedTo()).toEqual(['a=', 'b=', 'd=']);
    } finally {
      clock.mockRestore();
    }
  });
});

/**
 * $connect writes the record before the handshake completes; until then the socket answers Gone.
 * A batch that reaches it in that gap (another agent's change, its session's end) must neither
 * forget it nor give up closing it, or it opens a moment later and is never closed.
 */
describe('a socket still opening', () => {
  const gone = () => new GoneException({ message: 'Gone', $metadata: {} });
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const forgotten = () => dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key?.pk);
  const userChange = () =>
    streamOf({
      eventName: 'MODIFY',
      oldItem: { pk: 'C#3', sk: 'USER#9', __edb_e__: 'user', __edb_v__: '1', companyId: 3, id: 9, name: 'Ana' },
      newItem: { pk: 'C#3', sk: 'USER#9', __edb_e__: 'user', __edb_v__: '1', companyId: 3, id: 9, name: 'Ana M' },
    });

  beforeEach(() => {
    forgetSocketLists();
    dynamo.reset();
    sockets.reset();
    connections.reset();
    dynamo.on(DeleteCommand).resolves({});
  });

  it('keeps its record when a post answers Gone, and posts to it again once it is open', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [connection('opening=', { connectedAt: nowSeconds() })] });
    connections.gone('opening=', 1);
    await handler(userChange());
    expect(forgotten()).toEqual([]);
    await handler(userChange());
    expect(posted().map((p) => p.to)).toEqual(['opening=', 'opening=']);
  });

  it(`forgets one that answers Gone ${openingWindowSeconds} s after its $connect`, async () => {
    const connectedAt = nowSeconds() - openingWindowSeconds;
    dynamo.on(QueryCommand).resolves({ Items: [connection('old=', { connectedAt })] });
    connections.gone();
    await handler(userChange());
    expect(forgotten()).toEqual(['WS#old=']);
  });

  it('closes it once its handshake completes when its session ends in the gap', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [connection('opening=', { connectedAt: nowSeconds() })] });
    connections.gone();
    sockets.on(DeleteConnectionCommand).rejectsOnce(gone()).rejectsOnce(gone()).resolves({});
    expect(await handler(streamOf({ eventName: 'REMOVE', oldItem: sessionItem('old') }))).toEqual({
      batchItemFailures: [],
    });
    expect(sockets.commandCalls(DeleteConnectionCommand)).toHaveLength(3);
    expect(forgotten()).toEqual(['WS#opening=']);
  });
});
