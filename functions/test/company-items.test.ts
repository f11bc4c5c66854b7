import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { companyItemReads, createCompanyItem } from '../src/data/company-items.ts';
import { writtenIf } from '../src/data/sessions.ts';
import { quickMessageEntity } from '../src/data/quick-message-entity.ts';

const dynamo = mockClient(documentClient);

describe('createCompanyItem (data/company-items.ts)', () => {
  beforeEach(() => dynamo.reset());

  it('numbers the record with the company counter of its kind and creates it where none is', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { value: 42 } });
    dynamo.on(PutCommand).resolves({});
    const created = await createCompanyItem(quickMessageEntity, 'quickMessage', 7, {
      shortcode: 'hi',
      message: 'Hola',
      geral: true,
      status: true,
      userId: 3,
    });
    expect(created).toMatchObject({ companyId: 7, id: 42, shortcode: 'hi', message: 'Hola', userId: 3 });
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input.Key).toEqual({ pk: 'C#7', sk: 'SEQ#quickMessage' });
    const put = dynamo.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item).toMatchObject({ pk: 'C#7', sk: 'QUICKMSG#42', companyId: 7, id: 42 });
    expect(put.ConditionExpression).toContain('attribute_not_exists');
  });
});

describe('companyItemReads and writtenIf', () => {
  beforeEach(() => dynamo.reset());

  it('reads one record consistently by id and all of a company', async () => {
    const reads = companyItemReads(quickMessageEntity);
    dynamo.on(GetCommand).resolves({});
    expect(await reads.get(7, 3)).toBeUndefined();
    expect(dynamo.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ Key: { pk: 'C#7', sk: 'QUICKMSG#3' }, ConsistentRead: true });
    dynamo.on(QueryCommand).resolves({ Items: [] });
    expect(await reads.list(7)).toEqual([]);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':pk': 'C#7' });
  });

  it('answers whether a conditional write was made; other failures still throw', async () => {
    expect(await writtenIf(async () => 'ok')).toBe(true);
    const conditionFailed = Object.assign(new Error('condition'), {
      cause: new ConditionalCheckFailedException({ message: 'no', $metadata: {} }),
    });
    expect(await writtenIf(async () => Promise.reject(conditionFailed))).toBe(false);
    // The SDK's own error (a DocumentClient write, not ElectroDB's) is the same refusal.
    const sdkFailed = new ConditionalCheckFailedException({ message: 'no', $metadata: {} });
    expect(await writtenIf(async () => Promise.reject(sdkFailed))).toBe(false);
    await expect(writtenIf(async () => Promise.reject(new Error('throttled')))).rejects.toThrow('throttled');
  });
});
