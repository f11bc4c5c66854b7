import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { applyAggregates, dashboardBlocks, dashboardDays, timelineBefore, type AggregateWrite } from '../src/data/dashboard-aggregates.ts';
import { handler } from '../src/modules/dashboard-aggregator/handler.ts';

const dynamo = mockClient(documentClient);

const marker = (source: string, day = '2025-03-10', fields: Record<string, number> = { st: 1, h09: 1 }): AggregateWrite => ({
  guard: { kind: 'applied', companyId: 7, source },
  increments: [{ target: { kind: 'day', companyId: 7, day }, fields }],
});

function canceled(codes: string[]) {
  return new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

type TransactItems = NonNullable<TransactWriteCommand['input']['TransactItems']>;
const sentItems = (call = 0) => dynamo.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems as TransactItems;

describe('dashboard aggregates in DynamoDB', () => {
  beforeEach(() => dynamo.reset());

  it('writes each event guard only if absent, with one ADD per bucket summing the events', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const live: AggregateWrite = {
      guard: { kind: 'applied', companyId: 7, source: 'TS#e1' },
      increments: [{ target: { kind: 'live', companyId: 7 }, fields: { pending: -1, open: 1 } }],
    };
    const result = await applyAggregates([marker('EV#1#a#1'), marker('EV#2#b#2', '2025-03-10', { st: 1, h20: 1 }), live], new Date('2025-03-10T12:00:00Z'));
    expect(result).toEqual({ applied: 3, duplicates: 0 });
    const items = sentItems();
    expect(items).toHaveLength(5);
    expect(items[0]!.Put).toMatchObject({
      Item: { pk: 'C#7#DASHDONE', sk: 'EV#1#a#1', expiresAt: Date.parse('2025-03-12T12:00:00Z') / 1000 },
      ConditionExpression: 'attribute_not_exists(#pk) AND attribute_not_exists(#sk)',
    });
    const day = items[3]!.Update!;
    expect(day.Key).toEqual({ pk: 'C#7#DASH', sk: 'DAY#2025-03-10' });
    expect(day.UpdateExpression).toBe('SET #edbE = :edbE, #edbV = :edbV, #companyId = :companyId, #day = :day ADD #f0 :f0, #f1 :f1, #f2 :f2');
    expect(day.ExpressionAttributeNames).toMatchObject({ '#f0': 'st', '#f1': 'h09', '#f2': 'h20' });
    expect(day.ExpressionAttributeValues).toMatchObject({ ':f0': 2, ':f1': 1, ':f2': 1, ':edbE': 'dashboardDay', ':day': '2025-03-10' });
    expect(items[4]!.Update).toMatchObject({ Key: { pk: 'C#7#DASH', sk: 'LIVE' }, ExpressionAttributeValues: { ':f0': -1, ':f1': 1 } });
  });

  it('drops the events an earlier delivery counted and writes the rest', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(canceled(['None', 'ConditionalCheckFailed', 'None', 'None']))
      .resolves({});
    const result = await applyAggregates([marker('EV#1'), marker('EV#2'), marker('EV#3')]);
    expect(result).toEqual({ applied: 2, duplicates: 1 });
    const retry = sentItems(1);
    expect(retry.map((item) => item.Put?.Item?.sk ?? item.Update?.ExpressionAttributeValues?.[':f0'])).toEqual(['EV#1', 'EV#3', 2]);
  });

  it('tries again after a conflict with another writer, and gives up on other failures', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(canceled(['None', 'TransactionConflict'])).resolves({});
    expect(await applyAggregates([marker('EV#1')])).toEqual({ applied: 1, duplicates: 0 });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(canceled(['None', 'ValidationError']));
    await expect(applyAggregates([marker('EV#1')])).rejects.toThrow('Transaction cancelled');
  });

  it('splits large batches into transactions of at most 100 actions', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const writes = Array.from({ length: 150 }, (_, index) => marker(`EV#${index}`, `2025-01-${String((index % 30) + 1).padStart(2, '0')}`));
    expect(await applyAggregates(writes)).toEqual({ applied: 150, duplicates: 0 });
    const calls = dynamo.commandCalls(TransactWriteCommand);
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(call.args[0].input.TransactItems!.length).toBeLessThanOrEqual(100);
    const st = calls.flatMap((call) => call.args[0].input.TransactItems!).reduce((sum, item) => sum + Number(item.Update?.ExpressionAttributeValues?.[':f0'] ?? 0), 0);
    expect(st).toBe(150);
  });

  it('keeps each bucket update under 200 figures, so its expression fits in 4 KB', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    // 60 agents on the same day: 60 × 4 agent figures and the company's, 241 for one bucket.
    const writes = Array.from({ length: 60 }, (_, index) =>
      marker(`EV#${index}`, '2025-03-10', { [`u${index}_fin`]: 1, [`u${index}_supS`]: 60_000, [`u${index}_supN`]: 1, [`u${index}_frtN`]: 1, fin: 1 }),
    );
    expect(await applyAggregates(writes)).toEqual({ applied: 60, duplicates: 0 });
    const updates = dynamo.commandCalls(TransactWriteCommand).flatMap((call) => call.args[0].input.TransactItems!.filter((item) => item.Update));
    expect(updates.length).toBeGreaterThan(1);
    for (const update of updates) {
      expect(Object.keys(update.Update!.ExpressionAttributeNames!).filter((name) => name.startsWith('#f')).length).toBeLessThanOrEqual(200);
      expect(update.Update!.UpdateExpression!.length).toBeLessThan(4096);
    }
    const fin = updates.reduce((sum, update) => {
      const names = update.Update!.ExpressionAttributeNames!;
      const placeholder = Object.keys(names).find((name) => names[name] === 'fin')!;
      return sum + Number(update.Update!.ExpressionAttributeValues![placeholder.replace('#', ':')]);
    }, 0);
    expect(fin).toBe(60);
  });

  it('reads a period as one key range of day items, with every figure', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [{ pk: 'C#7#DASH', sk: 'DAY#2025-03-10', companyId: 7, day: '2025-03-10', st: 2, u11_fin: 1, __edb_e__: 'dashboardDay', __edb_v__: '1' }],
    });
    expect(await dashboardDays(7, '2024-12-11', '2025-03-10')).toEqual([{ day: '2025-03-10', fields: { st: 2, u11_fin: 1 } }]);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': 'C#7#DASH', ':from': 'DAY#2024-12-11', ':to': 'DAY#2025-03-10' },
    });
  });

  it('reads blocks in one batch, asking again for what DynamoDB left unprocessed', async () => {
    const key = (size: number, start: string) => ({ pk: 'C#7#DASH', sk: `BLK#${size}#${start}` });
    dynamo
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { 'atende-test': [{ ...key(64, '2024-12-24'), companyId: 7, size: 64, start: '2024-12-24', u11_fin: 3, u12_fin: 1 }] },
        UnprocessedKeys: { 'atende-test': { Keys: [key(1, '2025-02-26')] } },
      })
      .resolvesOnce({ Responses: { 'atende-test': [{ ...key(1, '2025-02-26'), companyId: 7, size: 1, start: '2025-02-26', u11_fin: 2 }] } });
    const blocks = [
      { size: 64 as const, start: '2024-12-24' },
      { size: 1 as const, start: '2025-02-26' },
      { size: 4 as const, start: '2025-02-27' },
    ];
    expect(await dashboardBlocks(7, blocks)).toEqual(
      new Map([
        ['64#2024-12-24', { u11_fin: 3, u12_fin: 1 }],
        ['1#2025-02-26', { u11_fin: 2 }],
        ['4#2025-02-27', {}],
      ]),
    );
    const calls = dynamo.commandCalls(BatchGetCommand);
    expect(calls[0]!.args[0].input.RequestItems!['atende-test']!.Keys).toEqual([key(64, '2024-12-24'), key(1, '2025-02-26'), key(4, '2025-02-27')]);
    expect(calls[1]!.args[0].input.RequestItems!['atende-test']!.Keys).toEqual([key(1, '2025-02-26')]);
  });

  it('writes agent figures to their block items', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await applyAggregates([{ guard: { kind: 'applied', companyId: 7, source: 'EV#1' }, increments: [{ target: { kind: 'block', companyId: 7, size: 16, start: '2025-02-25' }, fields: { u11_fin: 1 } }] }]);
    expect(sentItems()[1]!.Update).toMatchObject({
      Key: { pk: 'C#7#DASH', sk: 'BLK#16#2025-02-25' },
      UpdateExpression: 'SET #edbE = :edbE, #edbV = :edbV, #companyId = :companyId, #size = :size, #start = :start ADD #f0 :f0',
      ExpressionAttributeValues: { ':edbE': 'dashboardBlock', ':size': 16, ':start': '2025-02-25', ':f0': 1 },
    });
  });

  it("reads the entries before an event from the ticket's partition, newest first, without the event", async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        { pk: 'C#7#T#3', sk: 'EV#b#2', companyId: 7, ticketId: 3, at: 'b', seq: '2', action: 'accept', toStatus: 'open', __edb_e__: 'ticketEvent', __edb_v__: '1' },
        { pk: 'C#7#T#3', sk: 'EV#a#1', companyId: 7, ticketId: 3, at: 'a', seq: '1', action: 'create', toStatus: 'pending', __edb_e__: 'ticketEvent', __edb_v__: '1' },
      ],
    });
    const page = await timelineBefore(7, 3, 'EV#b#2');
    expect(page.events.map((event) => event.action)).toEqual(['create']);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ ScanIndexForward: false, ExpressionAttributeValues: { ':pk': 'C#7#T#3', ':first': 'EV#', ':before': 'EV#b#2' } });
  });
});

describe("the dashboard's period reads", () => {
  beforeEach(() => dynamo.reset());

  it('reads every block of a period once, then only the blocks that reach today for a minute', async () => {
    const { periodTotals } = await import('../src/modules/dashboard/period-reads.ts');
    const { blocksCovering, blockDays } = await import('../src/domain/dashboard/blocks.ts');
    // The company's time zone: no setting, the company's field.
    dynamo.on(GetCommand).resolves({ Item: { pk: 'C#21', sk: 'COMPANY', id: 21, timezone: 'UTC', __edb_e__: 'company', __edb_v__: '1' } });
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { sk: string }[] }> }) => ({
      Responses: {
        'atende-test': input.RequestItems['atende-test']!.Keys.map(({ sk }) => {
          const [, size, start] = sk.split('#');
          return { pk: 'C#21#DASH', sk, companyId: 21, size: Number(size), start, fin: 1 };
        }),
      },
    }));
    const now = new Date('2025-03-10T12:00:00.000Z');
    const period = { from: '2024-12-11', to: '2025-03-10' };
    const blocks = blocksCovering(period);
    const reachingToday = blocks.filter((block) => blockDays(block).to >= '2025-03-10');
    expect(reachingToday.length).toBeGreaterThan(0);

    expect(await periodTotals(21, period, now)).toEqual({ fin: blocks.length });
    const keysAsked = (call: number) => dynamo.commandCalls(BatchGetCommand)[call]!.args[0].input.RequestItems!['atende-test']!.Keys!.length;
    expect(keysAsked(0)).toBe(blocks.length);
    expect(await periodTotals(21, period, now)).toEqual({ fin: blocks.length });
    expect(keysAsked(1)).toBe(reachingToday.length);
    // Another company shares nothing.
    expect(await periodTotals(22, period, now)).toEqual({ fin: blocks.length });
    expect(keysAsked(2)).toBe(blocks.length);
  });
});

describe('the dashboard aggregator consumer', () => {
  beforeEach(() => dynamo.reset());

  const event: DynamoDBStreamEvent = {
    Records: [
      {
        eventID: 'e1',
        eventName: 'INSERT',
        dynamodb: {
          SequenceNumber: '111',
          NewImage: {
            companyId: { N: '7' },
            id: { N: '5' },
            status: { S: 'pending' },
            __edb_e__: { S: 'ticket' },
            __edb_v__: { S: '1' },
          },
        },
      },
    ],
  };

  it('counts a new pending ticket once', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await handler(event)).toEqual({ batchItemFailures: [] });
    const items = sentItems();
    expect(items[0]!.Put?.Item).toMatchObject({ pk: 'C#7#DASHDONE', sk: 'TS#e1' });
    expect(items[1]!.Update).toMatchObject({ Key: { pk: 'C#7#DASH', sk: 'LIVE' }, ExpressionAttributeNames: { '#f0': 'pending' } });
  });

  it('reports the batch from its first record when the table fails, so it is retried', async () => {
    dynamo.on(TransactWriteCommand).rejects(new Error('throttled'));
    dynamo.on(GetCommand).resolves({});
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: '111' }] });
  });
});
