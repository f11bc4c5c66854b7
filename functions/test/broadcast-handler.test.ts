import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { handler } from '../src/live/broadcast-handler.ts';
import { forgetSocketLists } from '../src/live/fan-out.ts';
import { startFakeConnections, type FakeConnections } from './fake-connections.ts';

const dynamo = mockClient(documentClient);
let sockets: FakeConnections;
beforeAll(async () => {
  sockets = await startFakeConnections();
});
afterAll(() => sockets.close());

const future = () => Math.floor(Date.now() / 1000) + 600;
const connection = (connectionId: string, companyId: number) => ({
  pk: `WS#${connectionId}`,
  sk: 'CONN',
  gsi1pk: `C#${companyId}#WS`,
  gsi1sk: connectionId,
  __edb_e__: 'wsConnection',
  __edb_v__: '1',
  connectionId,
  companyId,
  userId: 1,
  profile: 'user',
  isSuper: false,
  sessionId: 's',
  connectedAt: 1,
  expiresAt: future(),
});

function userChange(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', companyId: number): DynamoDBStreamEvent {
  const item = marshall({
    pk: `C#${companyId}`,
    sk: 'USER#5',
    __edb_e__: 'user',
    __edb_v__: '1',
    companyId,
    id: 5,
    name: 'Bea',
    passwordHash: '$argon2id$secret',
    sessionId: 'session-secret',
  });
  return {
    Records: [
      {
        eventName,
        dynamodb: {
          SequenceNumber: '100',
          ...(eventName !== 'REMOVE' ? { NewImage: item } : {}),
          ...(eventName !== 'INSERT' ? { OldImage: item } : {}),
        },
      } as DynamoDBStreamEvent['Records'][number],
    ],
  } as DynamoDBStreamEvent;
}

describe('the live broadcaster', () => {
  beforeEach(() => {
    dynamo.reset();
    sockets.reset();
    // Each case sets its own sockets table: none may start from the list an earlier case kept.
    forgetSocketLists();
  });

  it("posts a user change to the connections of the user's company only, without secrets", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [connection('a=', 3), connection('b=', 3)] });
    const result = await handler(userChange('MODIFY', 3));
    expect(result.batchItemFailures).toEqual([]);
    const query = dynamo.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(query.IndexName).toBe('gsi1');
    expect(Object.values(query.ExpressionAttributeValues ?? {})).toContain('C#3#WS');
    const posts = sockets.posts();
    expect(posts.map((p) => p.ConnectionId).sort()).toEqual(['a=', 'b=']);
    const message = JSON.parse(new TextDecoder().decode(posts[0]!.Data));
    expect(message).toMatchObject({
      event: 'user',
      data: { action: 'update', user: { companyId: 3, id: 5, name: 'Bea', super: false, queues: [] } },
    });
    expect(JSON.stringify(message)).not.toMatch(/passwordHash|argon2|session-secret/);
  });

  it('deletes connections that answer Gone', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [connection('live=', 3), connection('dead=', 3)] });
    dynamo.on(DeleteCommand).resolves({});
    sockets.gone('dead=');
    await handler(userChange('INSERT', 3));
    const deleted = dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key);
    expect(deleted).toEqual([{ pk: 'WS#dead=', sk: 'CONN' }]);
  });

  it('sends the events a batch has for one socket in one frame, in order', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [connection('a=', 3), connection('b=', 3)] });
    const first = userChange('MODIFY', 3);
    const second = userChange('REMOVE', 3);
    // Another user, so the two changes are not coalesced into one.
    const otherUser = JSON.parse(JSON.stringify(second.Records[0]).replaceAll('USER#5', 'USER#6').replaceAll('"N":"5"', '"N":"6"'));
    otherUser.dynamodb.SequenceNumber = '101';
    await handler({ Records: [...first.Records, otherUser] } as DynamoDBStreamEvent);
    const posts = sockets.posts();
    expect(posts.map((p) => p.ConnectionId).sort()).toEqual(['a=', 'b=']);
    const frame = JSON.parse(new TextDecoder().decode(posts[0]!.Data));
    expect(frame).toEqual([
      expect.objectContaining({ event: 'user', data: expect.objectContaining({ action: 'update' }) }),
      { event: 'user', data: { action: 'delete', userId: 6 } },
    ]);
  });

  it('sends deletions as action delete with the id', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [connection('a=', 3)] });
    await handler(userChange('REMOVE', 3));
    const data = sockets.posts()[0]!.Data;
    expect(JSON.parse(new TextDecoder().decode(data))).toEqual({ event: 'user', data: { action: 'delete', userId: 5 } });
  });

  it('ignores items that are not entities, and reports a failed read for retry', async () => {
    const counter: DynamoDBStreamEvent = {
      Records: [{ eventName: 'MODIFY', dynamodb: { SequenceNumber: '7', NewImage: marshall({ pk: 'C#3', sk: 'SEQ#ticket', value: 4 }) } }],
    } as DynamoDBStreamEvent;
    expect(await handler(counter)).toEqual({ batchItemFailures: [] });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);

    dynamo.on(QueryCommand).rejects(new Error('throttled'));
    expect(await handler(userChange('MODIFY', 3))).toEqual({ batchItemFailures: [{ itemIdentifier: '100' }] });
  });
});
