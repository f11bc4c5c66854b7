import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { recordAttempt } from '../src/data/webhooks.ts';

const dynamo = mockClient(documentClient);

describe("a webhook attempt's outcome", () => {
  beforeEach(() => dynamo.reset());

  it('is written only while its attempt is still the delivery’s latest', async () => {
    dynamo.on(UpdateCommand).resolves({});
    const written = await recordAttempt(4, 2, 'D1', 3, {
      status: 'retrying',
      responseStatus: 503,
      nextAttemptAt: '2026-12-05T00:00:04.000Z',
    });
    expect(written).toBe(true);
    const [call] = dynamo.commandCalls(UpdateCommand);
    const input = call!.args[0].input;
    expect(input.ConditionExpression).toMatch(/attempts/);
    expect(Object.values(input.ExpressionAttributeValues ?? {})).toContain(3);
    expect(Object.values(input.ExpressionAttributeValues ?? {})).toContain('retrying');
  });

  it('is dropped, without failing, once the retry it scheduled has claimed the delivery', async () => {
    // Attempt 3 was slow to write "retrying": attempt 4 already ran (and wrote "failed").
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'stale', $metadata: {} }));
    await expect(recordAttempt(4, 2, 'D1', 3, { status: 'retrying' })).resolves.toBe(false);
  });

  it('still reports any other failure', async () => {
    dynamo.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(recordAttempt(4, 2, 'D1', 3, { status: 'failed', error: 'disabled' })).rejects.toThrow(
      'ProvisionedThroughputExceededException',
    );
  });
});
