import { describe, expect, it } from 'vitest';
import { badWriteKeys } from '../src/domain/key-guard.ts';
import { whatsappEntity } from '../src/data/whatsapp-entity.ts';

describe('the key guard', () => {
  it('refuses a put, update, transaction or batch whose keys carry a missing value', () => {
    expect(badWriteKeys({ Item: { pk: 'C#1', sk: 'WAPP#2', gsi1pk: 'WAPPTOKEN#undefined' } })).toEqual([
      'item gsi1pk="WAPPTOKEN#undefined"',
    ]);
    expect(
      badWriteKeys({
        Key: { pk: 'C#1', sk: 'WAPP#2' },
        UpdateExpression: 'SET #token = :t, #gsi1sk = :s, name = :n',
        ExpressionAttributeNames: { '#token': 'token', '#gsi1sk': 'gsi1sk' },
        ExpressionAttributeValues: { ':t': 'abc', ':s': 'undefined', ':n': 'x' },
      }),
    ).toEqual(['update gsi1sk="undefined"']);
    expect(badWriteKeys({ Item: { pk: 'C#null', sk: 'X' } })).toHaveLength(1);
    expect(badWriteKeys({ TransactItems: [{ Put: { Item: { pk: 'C#1', sk: 'T#NaN' } } }] })).toEqual([
      'TransactItems[0] item sk="T#NaN"',
    ]);
    expect(
      badWriteKeys({ RequestItems: { table: [{ PutRequest: { Item: { pk: 'C#1', sk: 'X', gsi2sk: null } } }] } }),
    ).toHaveLength(1);
    // A client command's marshalled values are read too.
    expect(badWriteKeys({ Item: { pk: { S: 'C#undefined' }, sk: { S: 'X' } } })).toHaveLength(1);
  });

  it('lets free text that is the word null or undefined through when the write stores that text', () => {
    // A search token for a customer who wrote "null", and a contact named "Undefined".
    expect(badWriteKeys({ Item: { pk: 'C#1#TSEARCH', sk: 'null#1', token: 'null', ticketId: 1 } })).toEqual([]);
    expect(
      badWriteKeys({
        UpdateExpression: 'SET #name = :n, #nameKey = :k, #gsi1sk = :g',
        ExpressionAttributeNames: { '#name': 'name', '#nameKey': 'nameKey', '#gsi1sk': 'gsi1sk' },
        ExpressionAttributeValues: { ':n': 'Undefined', ':k': 'undefined', ':g': 'undefined#5' },
      }),
    ).toEqual([]);
    expect(badWriteKeys({ Item: { pk: 'C#1', sk: 'CONTACT#7', name: 'undefined', note: null } })).toEqual([]);
    expect(badWriteKeys({ Item: { pk: 'C#1', sk: 'TAG#undefined-ish', gsi1sk: 'undefinedness#3' } })).toEqual([]);
    expect(badWriteKeys({ Item: { pk: { S: 'C#1' }, sk: { S: 'X' }, n: { NULL: true } } })).toEqual([]);
  });

  it("catches ElectroDB's partial update of a connection's token (the gsi1sk it once wrote)", () => {
    // What the connection entity's old token index made of `set({ token })`: gsi1sk = "undefined".
    const params = {
      Key: { pk: 'C#1', sk: 'WAPP#2' },
      UpdateExpression: 'SET #token = :token_u0, #gsi1pk = :gsi1pk_u0, #gsi1sk = :gsi1sk_u0',
      ExpressionAttributeNames: { '#token': 'token', '#gsi1pk': 'gsi1pk', '#gsi1sk': 'gsi1sk' },
      ExpressionAttributeValues: { ':token_u0': 'abc', ':gsi1pk_u0': 'WAPPTOKEN#abc', ':gsi1sk_u0': 'undefined' },
    };
    expect(badWriteKeys(params)).toEqual(['update gsi1sk="undefined"']);
    // The entity as it is now writes no index key from a token change.
    const now = whatsappEntity.patch({ companyId: 1, id: 2 }).set({ token: 'abc', queueIds: [3] }).params();
    expect(badWriteKeys(now as Parameters<typeof badWriteKeys>[0])).toEqual([]);
    expect(JSON.stringify(now)).not.toContain('gsi1');
  });
});

describe("the bundles' DynamoDB client", () => {
  it('refuses such a write before it leaves the bundle, and sends any other', async () => {
    // Nothing listens there: a write the guard lets through fails to connect, never leaves the machine.
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:9';
    const { documentClient } = await import('../src/aws/dynamo.ts');
    const { PutCommand, PutItemCommand } = {
      ...(await import('@aws-sdk/lib-dynamodb')),
      ...(await import('@aws-sdk/client-dynamodb')),
    };
    await expect(
      documentClient.send(new PutCommand({ TableName: 't', Item: { pk: 'C#1', sk: 'WAPP#undefined' } })),
    ).rejects.toThrow(/refused a write whose keys hold a missing value: item sk="WAPP#undefined"/);
    await expect(
      documentClient.send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'C#undefined' }, sk: { S: 'X' } } })),
    ).rejects.toThrow(/item pk/);
    // A sound write gets past the guard (and then fails to connect).
    const sound = documentClient.send(new PutCommand({ TableName: 't', Item: { pk: 'C#1', sk: 'WAPP#2' } }));
    await expect(sound).rejects.not.toThrow(/refused a write/);
  });
});
