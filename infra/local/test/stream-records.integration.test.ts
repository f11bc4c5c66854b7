/**
 * The stream's GetRecords without the SDK (stream-records.ts), against DynamoDB Local: the
 * records arrive in the wire form Lambda hands its consumers (binary as base64, numbers as text,
 * the creation time in epoch seconds), and an error answer is named as the SDK names it.
 */
import { Agent } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynamoLocal, type DynamoLocal } from '../src/dynamo.ts';
import { findFreePort } from '../src/free-port.ts';
import { toLambdaRecord } from '../src/stream-event.ts';
import { createRecordsReader, StreamReadError, type WireStreamRecord } from '../src/stream-records.ts';
import { ramTempDir } from '../test-support/ram-dir.ts';

const directory = ramTempDir('stream-records');
const common = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const agent = new Agent({ keepAlive: true });
let dynamoLocal: DynamoLocal;
let dynamo: DynamoDBClient;
let streams: DynamoDBStreamsClient;

beforeAll(async () => {
  dynamoLocal = await startDynamoLocal({ dbDir: join(directory, 'dynamodb'), port: await findFreePort() });
  dynamo = new DynamoDBClient({ ...common, endpoint: dynamoLocal.endpoint });
  streams = new DynamoDBStreamsClient({ ...common, endpoint: dynamoLocal.endpoint });
}, 90_000);

afterAll(async () => {
  dynamo?.destroy();
  streams?.destroy();
  agent.destroy();
  await dynamoLocal?.stop();
  rmSync(directory, { recursive: true, force: true });
});

describe('reading the stream without the SDK', () => {
  it('hands the records over in the wire form Lambda gives its consumers', async () => {
    const created = await dynamo.send(
      new CreateTableCommand({
        TableName: 'records',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    const streamArn = created.TableDescription!.LatestStreamArn!;
    const keys = { pk: { S: 'T#1' }, sk: { S: 'A' } };
    await dynamo.send(
      new PutItemCommand({
        TableName: 'records',
        Item: {
          ...keys,
          count: { N: '1' },
          photo: { B: new Uint8Array([1, 2, 255]) },
          tags: { SS: ['a', 'b'] },
          nested: { M: { list: { L: [{ N: '2.5' }, { BOOL: true }, { NULL: true }, { BS: [new Uint8Array([7])] }] } } },
        },
      }),
    );
    await dynamo.send(
      new UpdateItemCommand({ TableName: 'records', Key: keys, UpdateExpression: 'SET #count = :two', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':two': { N: '2' } } }),
    );

    const shardId = (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription!.Shards![0]!.ShardId!;
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }),
    );
    const read = createRecordsReader(dynamoLocal.endpoint, agent);
    const records: WireStreamRecord[] = [];
    let iterator = ShardIterator;
    for (let page = 0; page < 5 && iterator && records.length < 2; page += 1) {
      const answer = await read(iterator, 1000);
      records.push(...(answer.Records ?? []));
      iterator = answer.NextShardIterator;
    }
    expect(records.map((record) => record.eventName)).toEqual(['INSERT', 'MODIFY']);

    const [insert, modify] = records.map((record) => toLambdaRecord(record, { region: 'eu-west-1', streamArn }));
    const nowSeconds = Date.now() / 1000;
    expect(Number.isInteger(insert!.dynamodb!.ApproximateCreationDateTime)).toBe(true);
    expect(Math.abs(insert!.dynamodb!.ApproximateCreationDateTime! - nowSeconds)).toBeLessThan(600);
    expect(insert!.awsRegion).toBe('eu-west-1');
    expect(insert!.eventSourceARN).toBe(streamArn);
    expect(insert!.dynamodb!.Keys).toEqual(keys);
    expect(insert!.dynamodb!.NewImage).toEqual({
      ...keys,
      count: { N: '1' },
      photo: { B: 'AQL/' },
      tags: { SS: ['a', 'b'] },
      nested: { M: { list: { L: [{ N: '2.5' }, { BOOL: true }, { NULL: true }, { BS: ['Bw=='] }] } } },
    });
    expect(modify!.dynamodb!.OldImage!.count).toEqual({ N: '1' });
    expect(modify!.dynamodb!.NewImage!.count).toEqual({ N: '2' });
    expect(modify!.dynamodb!.SequenceNumber).toMatch(/^\d+$/);
    expect(BigInt(modify!.dynamodb!.SequenceNumber!)).toBeGreaterThan(BigInt(insert!.dynamodb!.SequenceNumber!));
    expect(modify!.dynamodb!.StreamViewType).toBe('NEW_AND_OLD_IMAGES');
  });

  it('names an error answer as the SDK names its exception', async () => {
    const read = createRecordsReader(dynamoLocal.endpoint, agent);
    const failure = await read('not-an-iterator', 10).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StreamReadError);
    expect((failure as StreamReadError).statusCode).toBe(400);
    expect((failure as StreamReadError).name).toMatch(/^[A-Za-z]+(Exception|Error)$/);
  });
});
