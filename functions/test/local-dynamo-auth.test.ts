import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { localDynamoAuthorization, localDynamoAuthScheme } from '../src/aws/local-dynamo-auth.ts';

/** Sends one GetItem through a client and answers the request as it would have left. */
async function requestSentBy(client: DynamoDBClient): Promise<{ headers: Record<string, string> }> {
  let sent: { headers: Record<string, string> } | undefined;
  client.middlewareStack.add(
    () => async (args) => {
      sent = args.request as { headers: Record<string, string> };
      throw new Error('not sent');
    },
    { step: 'finalizeRequest', priority: 'low', name: 'captureRequest' },
  );
  await client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } })).catch(() => undefined);
  if (!sent) throw new Error('no request reached the end of the stack');
  return sent;
}

describe("DynamoDB Local's authorization", () => {
  it('gives a request the SigV4 shape DynamoDB Local reads, without computing a signature', async () => {
    const client = new DynamoDBClient({
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      maxAttempts: 1,
      httpAuthSchemes: [localDynamoAuthScheme],
    });
    const request = await requestSentBy(client);
    expect(request.headers.authorization).toBe(localDynamoAuthorization);
    expect(request.headers['x-amz-date']).toBeUndefined();
    client.destroy();
  });

  it('leaves a client without it signing with SigV4 (the AWS home)', async () => {
    const client = new DynamoDBClient({
      region: 'us-east-1',
      maxAttempts: 1,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    });
    const request = await requestSentBy(client);
    expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/dynamodb\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/);
    expect(request.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    client.destroy();
  });
});
