import { describe, expect, it } from 'vitest';
import {
  callKind,
  callKindOfText,
  consumedCapacity,
  standInTableName as counterStandInTable,
  tablesOf,
  withConsumedCapacity,
} from './call-classes.mjs';
import { costOf, prices } from './cost.ts';
import { billedUsage, perRequestUsage, splitCalls, withoutFunction } from './usage.ts';
import { standInTableName } from '../src/env.ts';
import { lambdaDefaults } from '../../lib/lambda-defaults.ts';

describe('what a DynamoDB call stands for', () => {
  const get = { TableName: 'atende', Key: {} };
  const claim = {
    TransactItems: [{ Put: { TableName: standInTableName } }, { Delete: { TableName: standInTableName } }],
  };
  const mixed = {
    TransactItems: [
      { Update: { TableName: standInTableName } },
      { ConditionCheck: { TableName: 'atende' } },
    ],
  };
  const batch = { RequestItems: { atende: [], [standInTableName]: [] } };
  it('is the product table’s, the stand-ins’, or table management, by the tables it names', () => {
    expect(counterStandInTable).toBe(standInTableName);
    expect([...tablesOf(batch)].sort()).toEqual(['atende', standInTableName].sort());
    expect(callKind('GetItem', tablesOf(get), 'atende')).toBe('table');
    expect(callKind('TransactWriteItems', tablesOf(claim), 'atende')).toBe('standIn');
    expect(callKind('TransactWriteItems', tablesOf(mixed), 'atende')).toBe('table');
    expect(callKind('DescribeTable', tablesOf(get), 'atende')).toBe('control');
    expect(callKind('Query', tablesOf({ TableName: 'elsewhere' }), 'atende')).toBe('other');
  });

  it('tells the same from the body as sent, without parsing it when it names the product table', () => {
    for (const body of [get, claim, mixed, batch, { TableName: 'elsewhere' }, { RequestItems: { [standInTableName]: [], atende: [] } }])
      for (const operation of ['GetItem', 'TransactWriteItems', 'BatchGetItem', 'DescribeTable'])
        expect(callKindOfText(operation, JSON.stringify(body), 'atende')).toBe(callKind(operation, tablesOf(body), 'atende'));
    // An attribute named TableName holding the name is an item's value, not a table.
    const item = { TableName: standInTableName, Item: { TableName: { S: 'atende' } } };
    expect(callKindOfText('PutItem', JSON.stringify(item), 'atende')).toBe('standIn');
    expect(callKindOfText('Query', undefined, 'atende')).toBe('other');
  });

  it('asks for its capacity units unless it already does, and reads them from the answer', () => {
    expect(withConsumedCapacity('GetItem', '{"TableName":"atende"}')).toBe(
      '{"ReturnConsumedCapacity":"TOTAL","TableName":"atende"}',
    );
    expect(withConsumedCapacity('Query', '{"ReturnConsumedCapacity":"NONE"}')).toBeUndefined();
    expect(withConsumedCapacity('DescribeTable', '{"TableName":"atende"}')).toBeUndefined();
    expect(JSON.parse(withConsumedCapacity('PutItem', '{}')!)).toEqual({ ReturnConsumedCapacity: 'TOTAL' });
    expect(
      consumedCapacity(
        '{"Items":[{"sk":{"S":"x\\"}"}}],"ConsumedCapacity":{"TableName":"atende","CapacityUnits":1.5},"Count":1}',
      ),
    ).toEqual({ atende: 1.5 });
    expect(
      consumedCapacity(
        `{"ConsumedCapacity":[{"TableName":"atende","CapacityUnits":4.0},{"TableName":"${standInTableName}","CapacityUnits":2.0},{"TableName":"atende","CapacityUnits":2}]}`,
      ),
    ).toEqual({ atende: 6, [standInTableName]: 2 });
    expect(consumedCapacity('{"Item":{}}')).toBeUndefined();
  });
});

describe('calls per request, apart', () => {
  it('splits the counters by kind, takes out idle polling, and keeps what the cost needs', () => {
    const before = { 'table.Query': 10, 'stream.GetRecords': 100, 'units.table.read': 5 };
    const after = {
      'table.Query': 30,
      'table.TransactWriteItems': 10,
      'standIn.PutItem': 20,
      'standIn.Query': 4,
      'stream.GetRecords': 140,
      'socket.PostToConnection': 250,
      'units.table.read': 25,
      'units.table.write': 40,
      'units.table.unmeasured.write': 10,
      'units.socket.messages': 250,
      'sqs.SendMessage': 10,
      'lambda.Invocation': 30,
      'lambda.gbSeconds': 1.5,
    };
    // The idle runtime polls the stream 2 times a second and the stand-ins 0.2: 10 s of it.
    const usage = perRequestUsage(before, after, { 'stream.GetRecords': 2, 'standIn.Query': 0.2 }, 10, 10);
    expect(splitCalls(usage)).toEqual({ tableCalls: 3, standInCalls: 2.2, streamReads: 2, socketPosts: 25 });
    expect(billedUsage(usage)).toEqual({
      readUnits: 2,
      writeUnits: 5,
      unmeasuredCalls: 1,
      lambdaInvocations: 3,
      lambdaGbSeconds: 0.15,
      sqsRequests: 1,
      schedulerInvocations: 0,
      socketMessages: 25,
    });
  });

  it("takes a function's own calls and invocations out (the sandbox's POST from an inbound message)", () => {
    const usage = {
      'table.GetItem': 5,
      'table.TransactWriteItems': 1,
      'units.table.read': 6,
      'fn.requests-1.table.GetItem': 3,
      'by.sandbox.table.GetItem': 2,
      'by.sandbox.units.table.read': 2,
      'by.ingest.table.GetItem': 3,
      'by.ingest.table.TransactWriteItems': 1,
      'lambda.Invocation': 3,
      'lambda.ms': 300,
      'lambda.gbSeconds': 0.3,
      'lambda.Invocation.sandbox': 1,
      'lambda.ms.sandbox': 100,
      'lambda.gbSeconds.sandbox': 0.1,
      'lambda.Invocation.ingest': 2,
    };
    expect(withoutFunction(usage, 'sandbox')).toEqual({
      'table.GetItem': 3,
      'table.TransactWriteItems': 1,
      'units.table.read': 4,
      'fn.requests-1.table.GetItem': 3,
      'lambda.Invocation': 2,
      'lambda.ms': 200,
      'lambda.gbSeconds': 0.2,
      'lambda.Invocation.ingest': 2,
    });
  });
});

describe('AWS cost', () => {
  it('prices each part at its on-demand price, per 100,000, with its share', () => {
    expect(lambdaDefaults).toMatchObject({ memoryMb: 1024, architecture: 'arm64' });
    const cost = costOf(
      {
        readUnits: 8,
        writeUnits: 12,
        unmeasuredCalls: 0,
        lambdaInvocations: 4,
        lambdaGbSeconds: 0.2,
        sqsRequests: 3,
        schedulerInvocations: 1,
        socketMessages: 30,
      },
      1,
    );
    // 100,000 × (8 × $0.125 + 12 × $0.625) / 1e6 = $0.85
    expect(cost.parts.dynamodb).toBeCloseTo(0.85, 10);
    // 100,000 × (4 × $0.20 / 1e6 + 0.2 GB-s × $0.0000133334) = $0.08 + $0.266668
    expect(cost.parts.lambda).toBeCloseTo(0.08 + 0.266668, 10);
    expect(cost.parts.restApi).toBeCloseTo(0.35, 10);
    expect(cost.parts.websocket).toBeCloseTo(3, 10);
    expect(cost.parts.sqs).toBeCloseTo(0.15, 10);
    expect(cost.parts.scheduler).toBeCloseTo(0.1, 10);
    expect(cost.usdPer100k).toBeCloseTo(0.85 + 0.346668 + 0.35 + 3 + 0.15 + 0.1, 10);
    expect(Object.values(cost.shares).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(cost.shares.websocket).toBeCloseTo(3 / cost.usdPer100k, 10);
    expect(prices.dynamoWriteUnit / prices.dynamoReadUnit).toBeCloseTo(5, 10);
  });

  it('costs nothing for nothing (no division by zero in the shares)', () => {
    const cost = costOf(billedUsage({}), 0);
    expect(cost.usdPer100k).toBe(0);
    expect(cost.shares.dynamodb).toBe(0);
  });
});
