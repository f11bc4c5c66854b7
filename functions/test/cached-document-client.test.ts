import { Readable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CachedDocumentClient } from '../src/aws/cached-document-client.ts';

const translateConfig = { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } };
const item = {
  pk: 'C#1',
  sk: 'T#00042',
  count: 3,
  price: 10.5,
  flag: true,
  nothing: null,
  gone: undefined,
  tags: new Set(['a', 'b']),
  scores: new Set([1, 2]),
  bytes: new Uint8Array([1, 2, 3]),
  nested: { list: [1, 'two', { three: 3, skip: undefined }], empty: {} },
};

/** Every kind of document command the product sends, with item values in each place they go. */
const commands = () => [
  new GetCommand({ TableName: 't', Key: { pk: 'C#1', sk: 'X' }, ConsistentRead: true }),
  new PutCommand({ TableName: 't', Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  new UpdateCommand({
    TableName: 't',
    Key: { pk: 'C#1', sk: 'X' },
    UpdateExpression: 'SET #a = :a, #b = :b',
    ExpressionAttributeNames: { '#a': 'a', '#b': 'b' },
    ExpressionAttributeValues: { ':a': item.nested, ':b': 7 },
    ReturnValues: 'ALL_NEW',
  }),
  new DeleteCommand({ TableName: 't', Key: { pk: 'C#1', sk: 'X' }, ReturnValues: 'ALL_OLD' }),
  new QueryCommand({
    TableName: 't',
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':pk': 'C#1', ':a': 'T#', ':b': 'T#\u{10FFFF}' },
    ExclusiveStartKey: { pk: 'C#1', sk: 'T#1' },
    ScanIndexForward: false,
    Limit: 40,
  }),
  new ScanCommand({ TableName: 't', FilterExpression: 'n > :n', ExpressionAttributeValues: { ':n': 1 } }),
  new BatchGetCommand({ RequestItems: { t: { Keys: [{ pk: 'C#1', sk: 'A' }, { pk: 'C#1', sk: 'B' }], ProjectionExpression: 'pk, sk' } } }),
  new BatchWriteCommand({
    RequestItems: { t: [{ PutRequest: { Item: item } }, { DeleteRequest: { Key: { pk: 'C#1', sk: 'Z' } } }] },
  }),
  new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: 't', Item: item } },
      { Update: { TableName: 't', Key: { pk: 'C#1', sk: 'U' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } } },
      { Delete: { TableName: 't', Key: { pk: 'C#1', sk: 'D' } } },
      { ConditionCheck: { TableName: 't', Key: { pk: 'C#1', sk: 'C' }, ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': 'x' } } },
    ],
  }),
  new TransactGetCommand({ TransactItems: [{ Get: { TableName: 't', Key: { pk: 'C#1', sk: 'G' } } }] }),
];

/** What the wire answer of each command holds: item values in every output place. */
const wireItem = { pk: { S: 'C#1' }, n: { N: '5' }, l: { L: [{ S: 'a' }, { M: { b: { BOOL: true } } }] }, ss: { SS: ['x'] } };
const answers: Record<string, unknown> = {
  GetItem: { Item: wireItem },
  PutItem: { Attributes: wireItem },
  UpdateItem: { Attributes: wireItem },
  DeleteItem: { Attributes: wireItem },
  Query: { Items: [wireItem, wireItem], Count: 2, LastEvaluatedKey: { pk: { S: 'C#1' }, sk: { S: 'T#2' } } },
  Scan: { Items: [wireItem], Count: 1 },
  BatchGetItem: { Responses: { t: [wireItem] }, UnprocessedKeys: { t: { Keys: [{ pk: { S: 'C#1' }, sk: { S: 'B' } }] } } },
  BatchWriteItem: { UnprocessedItems: { t: [{ PutRequest: { Item: wireItem } }] } },
  TransactWriteItems: {},
  TransactGetItems: { Responses: [{ Item: wireItem }] },
};

/** A client config whose handler records each request's body and answers from `answers`. */
function recordingConfig(bodies: unknown[]) {
  return {
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9',
    credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: { headers: Record<string, string>; body: string | Uint8Array }) => {
        const text = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
        bodies.push(JSON.parse(text));
        const operation = request.headers['x-amz-target']!.split('.')[1]!;
        return {
          response: {
            statusCode: 200,
            headers: { 'content-type': 'application/x-amz-json-1.0' },
            body: Readable.from([Buffer.from(JSON.stringify(answers[operation]))]),
          },
        };
      },
    } as never,
  };
}

async function sendAll(client: DynamoDBDocumentClient): Promise<unknown[]> {
  const outputs: unknown[] = [];
  for (const command of commands()) {
    const { $metadata: _metadata, ...output } = (await client.send(command as never)) as Record<string, unknown>;
    outputs.push(output);
  }
  return outputs;
}

describe('the cached document client', () => {
  it("sends what lib-dynamodb's document client sends and answers what it answers, for every command kind", async () => {
    const plainBodies: unknown[] = [];
    const plain = DynamoDBDocumentClient.from(new DynamoDBClient(recordingConfig(plainBodies)), translateConfig);
    const cachedBodies: unknown[] = [];
    const cached = new CachedDocumentClient(recordingConfig(cachedBodies), translateConfig);
    const expected = await sendAll(plain);
    // Twice: the second round goes through the handlers the first one cached.
    for (let round = 0; round < 2; round++) {
      cachedBodies.length = 0;
      expect(await sendAll(cached)).toEqual(expected);
      // Apart from TransactWriteItems' idempotency token, a new random one per call.
      expect(cachedBodies.map(withoutToken)).toEqual(plainBodies.map(withoutToken));
    }
    expect(cachedBodies).toHaveLength(commands().length);
  });

  it('refuses what the document client refuses, with its error', async () => {
    const outcome = (client: DynamoDBDocumentClient) =>
      client.send(new PutCommand({ TableName: 't', Item: { pk: 'a', list: [1, undefined] } })).then(
        () => 'sent',
        (error: Error) => error.message,
      );
    const plain = await outcome(DynamoDBDocumentClient.from(new DynamoDBClient(recordingConfig([])), {}));
    expect(plain).not.toBe('sent');
    expect(await outcome(new CachedDocumentClient(recordingConfig([]), {}))).toBe(plain);
  });
});

function withoutToken(body: unknown): unknown {
  const { ClientRequestToken: _token, ...rest } = body as Record<string, unknown>;
  return rest;
}
