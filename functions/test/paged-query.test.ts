import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { entityPages, queryAllItems, queryCount, queryPages } from '../src/data/paged-query.ts';

const dynamo = mockClient(documentClient);
const input = { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'C#7' } };

/** Three pages: the first two say where they stopped, the last does not. */
function threePages() {
  dynamo
    .on(QueryCommand)
    .resolvesOnce({ Items: [{ n: 1 }, { n: 2 }], Count: 2, LastEvaluatedKey: { pk: 'C#7', sk: 'b' } })
    .resolvesOnce({ Count: 0, LastEvaluatedKey: { pk: 'C#7', sk: 'c' } })
    .resolvesOnce({ Items: [{ n: 3 }], Count: 1 });
}
const startKeys = () => dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.ExclusiveStartKey);

describe('paged queries (data/paged-query.ts)', () => {
  beforeEach(() => dynamo.reset());

  it('reads every page, each from where the last stopped, on the table', async () => {
    threePages();
    expect(await queryAllItems(input)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(startKeys()).toEqual([undefined, { pk: 'C#7', sk: 'b' }, { pk: 'C#7', sk: 'c' }]);
    const first = dynamo.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(first).toEqual({ ...input, TableName: 'atende-test' });
    expect('ExclusiveStartKey' in first).toBe(false);
  });

  it('yields a page at a time and reads no further page once the loop is left', async () => {
    threePages();
    const seen: unknown[][] = [];
    for await (const items of queryPages(input)) {
      seen.push(items);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([[{ n: 1 }, { n: 2 }], []]);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(2);
  });

  it('counts over all pages with Select COUNT', async () => {
    threePages();
    expect(await queryCount(input)).toBe(3);
    expect(dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.Select)).toEqual(['COUNT', 'COUNT', 'COUNT']);
  });

  it('walks an ElectroDB cursor until it is null', async () => {
    const cursors: (string | null)[] = [];
    const answers = [
      { data: [1, 2], cursor: 'a' },
      { data: [3], cursor: 'b' },
      { data: [], cursor: null },
    ];
    const pages: number[][] = [];
    for await (const page of entityPages(async (cursor) => (cursors.push(cursor), answers[cursors.length - 1]!))) pages.push(page);
    expect(pages).toEqual([[1, 2], [3], []]);
    expect(cursors).toEqual([null, 'a', 'b']);
  });
});
