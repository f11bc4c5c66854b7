import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { handler } from '../src/tasks/bootstrap.ts';

const dynamo = mockClient(documentClient);
const secrets = mockClient(SecretsManagerClient);
const secretArn = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:first-super-user-AbCdEf';
const planItem = {
  pk: 'PLATFORM', sk: 'PLAN#1', __edb_e__: 'plan', __edb_v__: '1',
  id: 1, name: 'Plano 1', nameKey: 'plano 1', users: 10, connections: 10, queues: 10, value: 30,
};

/** An empty platform: no company 1, one plan, no user with the e-mail. */
function emptyPlatform() {
  dynamo.on(GetCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [planItem] });
  dynamo.on(UpdateCommand).resolves({ Attributes: { value: 1 } });
  dynamo.on(TransactWriteCommand).resolves({});
}

describe('the first-start bootstrap', () => {
  const saved = { ...process.env };
  let logged: string[];

  beforeEach(() => {
    dynamo.reset();
    secrets.reset();
    logged = [];
    for (const method of ['log', 'info'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    delete process.env.ADMIN_PASSWORD;
    delete process.env.ADMIN_PASSWORD_SECRET_ARN;
    process.env.ADMIN_EMAIL = 'root@example.com';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.env = { ...saved };
  });

  it('in AWS, takes the password from the generated secret and logs only where it is', async () => {
    emptyPlatform();
    process.env.APP_STAGE = 'prod';
    process.env.ADMIN_PASSWORD_SECRET_ARN = secretArn;
    secrets.on(GetSecretValueCommand, { SecretId: secretArn }).resolves({ SecretString: 'Generated-Secret-Password-1' });
    const answer = await handler();
    expect(answer).toEqual({ created: true, email: 'root@example.com', passwordSecretArn: secretArn });
    expect(JSON.stringify(answer)).not.toContain('Generated-Secret-Password-1');
    expect(logged.join('\n')).toContain(secretArn);
    expect(logged.join('\n')).not.toContain('Generated-Secret-Password-1');
    // The stored user holds a hash of the secret's password, not the password.
    const write = JSON.stringify(dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input);
    expect(write).toContain('root@example.com');
    expect(write).not.toContain('Generated-Secret-Password-1');
  });

  it('outside the local runtime, refuses to generate a password it could only log', async () => {
    emptyPlatform();
    process.env.APP_STAGE = 'prod';
    await expect(handler()).rejects.toThrow('ADMIN_PASSWORD_SECRET_ARN');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(logged).toEqual([]);
  });

  it('locally, generates one and hands it to the runtime (for .data/first-start.txt), logging nothing', async () => {
    emptyPlatform();
    process.env.APP_STAGE = 'local';
    const answer = await handler();
    expect(answer.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(logged).toEqual([]);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('reads no secret once the platform exists', async () => {
    dynamo.on(GetCommand).resolves({ Item: { pk: 'PLATFORM', sk: 'COMPANY#1', __edb_e__: 'company', __edb_v__: '1', id: 1, name: 'Atende' } });
    process.env.ADMIN_PASSWORD_SECRET_ARN = secretArn;
    expect(await handler()).toEqual({ created: false });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
