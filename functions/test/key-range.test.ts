import { describe, expect, it } from 'vitest';
import { beginsWithAsRange, highestCharacter } from '../src/domain/key-range.ts';
import { tagEntity, ticketTagEntity } from '../src/data/tag-entity.ts';

describe('begins_with key conditions as ranges', () => {
  it("rewrites ElectroDB's partial sort key queries, on the table and on an index", () => {
    const tags = tagEntity.query.byId({ companyId: 2 }).params() as Parameters<typeof beginsWithAsRange>[0];
    expect(tags.KeyConditionExpression).toContain('begins_with');
    expect(beginsWithAsRange(tags)).toMatchObject({
      KeyConditionExpression: '#pk = :pk and #sk1 BETWEEN :sk1 AND :sk1_rangeEnd',
      ExpressionAttributeValues: { ':pk': 'C#2', ':sk1': 'TAG#', ':sk1_rangeEnd': `TAG#${highestCharacter}` },
    });
    const links = ticketTagEntity.query.byTag({ companyId: 2, tagId: 5 }).params() as Parameters<
      typeof beginsWithAsRange
    >[0];
    expect(beginsWithAsRange(links)).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: '#pk = :pk and #sk1 BETWEEN :sk1 AND :sk1_rangeEnd',
      ExpressionAttributeValues: { ':sk1_rangeEnd': `T#${highestCharacter}` },
    });
  });

  it('reads marshalled values, keeps the input, and leaves what it cannot rewrite', () => {
    const input: Parameters<typeof beginsWithAsRange>[0] = {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': { S: 'C#1' }, ':prefix': { S: 'TTAG#5#' }, ':prefix_rangeEnd': { S: 'x' } },
    };
    const out = beginsWithAsRange(input);
    expect(out?.KeyConditionExpression).toBe('pk = :pk AND sk BETWEEN :prefix AND :prefix_rangeEnd2');
    expect(out?.ExpressionAttributeValues?.[':prefix_rangeEnd2']).toEqual({ S: `TTAG#5#${highestCharacter}` });
    expect(input.KeyConditionExpression).toContain('begins_with');
    // Nothing to do: no begins_with, an empty or binary prefix, a value not given.
    expect(beginsWithAsRange({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'C#1' } })).toBeUndefined();
    expect(
      beginsWithAsRange({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':p': '' } }),
    ).toBeUndefined();
    expect(
      beginsWithAsRange({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':p': { B: new Uint8Array([1]) } },
      }),
    ).toBeUndefined();
    expect(beginsWithAsRange({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: {} })).toBeUndefined();
  });

  it('holds exactly the keys that begin with the prefix (UTF-8 order, as DynamoDB compares)', () => {
    const prefix = 'TTAG#5#';
    const keys = ['TTAG#5', 'TTAG#5#', 'TTAG#5#1', 'TTAG#5#zzz', 'TTAG#5#ñ', 'TTAG#5#😀', 'TTAG#50#1', 'TTAG#6#1', 'TTAG#4#9', 'TTAG#5$'];
    const bytes = (text: string) => Buffer.from(text, 'utf8');
    const inRange = (key: string) =>
      Buffer.compare(bytes(key), bytes(prefix)) >= 0 && Buffer.compare(bytes(key), bytes(`${prefix}${highestCharacter}`)) <= 0;
    expect(keys.filter(inRange)).toEqual(keys.filter((key) => key.startsWith(prefix)));
  });
});

describe("the bundles' DynamoDB client", () => {
  it('sends every Query with begins_with as the same range', async () => {
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:9';
    const { documentClient } = await import('../src/aws/dynamo.ts');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const sent: unknown[] = [];
    // The request as it would leave: answered here instead of being sent. Document commands go
    // out through the caching plain client (cached-document-client.ts), whose first Query
    // resolves its handler with this in it.
    const stack = documentClient.plainClient.middlewareStack;
    stack.add(
      () => async (args) => {
        sent.push((args as { input: unknown }).input);
        return { output: { $metadata: {}, Items: [] } } as never;
      },
      { step: 'build', name: 'keyRangeTestCapture', override: true },
    );
    try {
      await documentClient.send(
        new QueryCommand({
          TableName: 't',
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          ExpressionAttributeValues: { ':pk': 'C#1', ':p': 'TAG#' },
        }),
      );
    } finally {
      stack.remove('keyRangeTestCapture');
    }
    expect(sent).toEqual([
      expect.objectContaining({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :p AND :p_rangeEnd',
        ExpressionAttributeValues: { ':pk': { S: 'C#1' }, ':p': { S: 'TAG#' }, ':p_rangeEnd': { S: `TAG#${highestCharacter}` } },
      }),
    ]);
  });
});
