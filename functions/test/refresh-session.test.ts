import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { AppError } from '../src/domain/app-error.ts';
import {
  encodeRefreshToken,
  hashSecret,
  refreshGraceSeconds,
  sessionMaxLifetimeSeconds,
} from '../src/domain/refresh-token.ts';
import { refresh } from '../src/modules/auth/refresh.ts';

const dynamo = mockClient(documentClient);
const now = 1_900_000_000;
const day = 86_400;

const userItem = {
  pk: 'C#3',
  sk: 'USER#7',
  __edb_e__: 'user',
  __edb_v__: '1',
  companyId: 3,
  id: 7,
  name: 'Ana',
  email: 'ana@example.com',
  profile: 'user',
  isSuper: false,
  allTicket: 'enabled',
  queueIds: [],
};

const token = (secret: string) => encodeRefreshToken({ companyId: 3, userId: 7, sessionId: 's1', secret });

function givenSession(session: { previousSecret?: string; rotatedAt?: number; startedAt?: number }) {
  dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'USER#7' } }).resolves({ Item: userItem });
  dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'SESSION#7' } }).resolves({
    Item: {
      pk: 'C#3',
      sk: 'SESSION#7',
      __edb_e__: 'session',
      __edb_v__: '1',
      companyId: 3,
      userId: 7,
      sessionId: 's1',
      refreshHash: hashSecret('current-secret'),
      ...(session.previousSecret ? { previousHash: hashSecret(session.previousSecret) } : {}),
      rotatedAt: session.rotatedAt ?? now - 10,
      ...(session.startedAt !== undefined ? { startedAt: session.startedAt } : {}),
      expiresAt: now + day,
    },
  });
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(DeleteCommand).resolves({});
}

const expired = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy(
    (error) => error instanceof AppError && error.code === 'ERR_SESSION_EXPIRED',
  );

describe('refreshing a session', () => {
  beforeEach(() => {
    dynamo.reset();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now * 1000);
  });
  afterEach(() => vi.useRealTimers());

  it('rotates the current token, keeping when the session started', async () => {
    givenSession({ startedAt: now - 2 * day });
    const answer = await refresh(token('current-secret'));
    expect(answer.refreshToken).toBeTruthy();
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ExpressionAttributeValues).toMatchObject({ ':startedAt_u0': now - 2 * day });
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('accepts a just-rotated token within the grace, without rotating or revoking', async () => {
    givenSession({
      previousSecret: 'old-secret',
      rotatedAt: now - refreshGraceSeconds + 5,
      startedAt: now - day,
    });
    const answer = await refresh(token('old-secret'));
    expect(answer.refreshToken).toBeUndefined();
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('revokes the whole session when a rotated token comes back after the grace', async () => {
    givenSession({
      previousSecret: 'old-secret',
      rotatedAt: now - refreshGraceSeconds - 1,
      startedAt: now - day,
    });
    await expired(refresh(token('old-secret')));
    const deletes = dynamo.commandCalls(DeleteCommand);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.args[0].input).toMatchObject({ Key: { pk: 'C#3', sk: 'SESSION#7' } });
    // Only that session: a newer sign-in (another sessionId) is not deleted.
    expect(deletes[0]!.args[0].input.ConditionExpression).toContain('sessionId');
  });

  it('refuses a token that matches nothing, without touching the session', async () => {
    givenSession({ previousSecret: 'old-secret', startedAt: now - day });
    await expired(refresh(token('forged-secret')));
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('ends a session at its maximum lifetime however often it refreshed', async () => {
    givenSession({ startedAt: now - sessionMaxLifetimeSeconds });
    await expired(refresh(token('current-secret')));
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('never extends a refresh past the maximum lifetime', async () => {
    givenSession({ startedAt: now - sessionMaxLifetimeSeconds + day });
    await refresh(token('current-secret'));
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ExpressionAttributeValues).toMatchObject({ ':expiresAt_u0': now + day });
  });

  it('gives a session from before the lifetime field its start on the first refresh', async () => {
    givenSession({});
    await refresh(token('current-secret'));
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ExpressionAttributeValues).toMatchObject({ ':startedAt_u0': now });
  });
});
