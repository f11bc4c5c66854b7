import { GetCommand, PutCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/auth/access-token.ts';
import { documentClient } from '../src/aws/dynamo.ts';
import { handler } from '../src/live/socket-handler.ts';

const dynamo = mockClient(documentClient);

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
  queueIds: [4, 5],
};

function socketEvent(routeKey: string, options: { token?: string; body?: string } = {}) {
  return {
    requestContext: { routeKey, connectionId: 'conn-1=', eventType: routeKey === '$connect' ? 'CONNECT' : 'MESSAGE' },
    queryStringParameters: options.token ? { token: options.token } : null,
    body: options.body,
    isBase64Encoded: false,
  } as unknown as Parameters<typeof handler>[0];
}

const sessionItem = (sessionId: string) => ({
  pk: 'C#3', sk: 'SESSION#7', __edb_e__: 'session', __edb_v__: '1',
  companyId: 3, userId: 7, sessionId, refreshHash: 'h', rotatedAt: 1, expiresAt: 4_000_000_000,
});

const status = (result: APIGatewayProxyResult) => result.statusCode;

describe('the WebSocket handler', () => {
  beforeEach(() => dynamo.reset());

  it('refuses $connect without a token or with a forged one, writing nothing', async () => {
    expect(status(await handler(socketEvent('$connect')))).toBe(401);
    expect(status(await handler(socketEvent('$connect', { token: 'not-a-jwt' })))).toBe(401);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('records the connection with company, profile and queues from the token and the user record', async () => {
    dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'USER#7' } }).resolves({ Item: userItem });
    dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'SESSION#7' } }).resolves({ Item: sessionItem('s9') });
    dynamo.on(PutCommand).resolves({});
    const token = await signAccessToken({ userId: 7, companyId: 3, profile: 'user', isSuper: false, sessionId: 's9' });
    expect(status(await handler(socketEvent('$connect', { token })))).toBe(200);
    const get = dynamo.commandCalls(GetCommand).find((call) => call.args[0].input.Key?.sk === 'USER#7')!.args[0].input;
    expect(get.ConsistentRead).toBe(true);
    const put = dynamo.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item).toMatchObject({
      pk: 'WS#conn-1=',
      sk: 'CONN',
      gsi1pk: 'C#3#WS',
      companyId: 3,
      userId: 7,
      profile: 'user',
      queueIds: [4, 5],
      allTicket: 'enabled',
      sessionId: 's9',
    });
    expect(put.Item?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 7000);
  });

  it('refuses the token of an ended or replaced session', async () => {
    dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'USER#7' } }).resolves({ Item: userItem });
    const token = await signAccessToken({ userId: 7, companyId: 3, profile: 'user', isSuper: false, sessionId: 's9' });
    dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'SESSION#7' } }).resolves({});
    expect(status(await handler(socketEvent('$connect', { token })))).toBe(401);
    dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'SESSION#7' } }).resolves({ Item: sessionItem('newer') });
    expect(status(await handler(socketEvent('$connect', { token })))).toBe(401);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('refuses a token whose user no longer exists', async () => {
    dynamo.on(GetCommand).resolves({});
    const token = await signAccessToken({ userId: 8, companyId: 3, profile: 'admin', isSuper: false, sessionId: 's' });
    expect(status(await handler(socketEvent('$connect', { token })))).toBe(401);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  const agentConnection = {
    pk: 'WS#conn-1=', sk: 'CONN', __edb_e__: 'wsConnection', __edb_v__: '1', connectionId: 'conn-1=', companyId: 3, userId: 7,
    profile: 'user', isSuper: false, sessionId: 's', queueIds: [4], allTicket: 'desabled', connectedAt: 1,
    expiresAt: Math.floor(Date.now() / 1000) + 60,
  };
  const ticket = (id: number, queueId: number) => ({
    pk: 'C#3', sk: `TICKET#${id}`, __edb_e__: 'ticket', __edb_v__: '1', companyId: 3, id, uuid: 'u', status: 'open',
    contactId: 1, whatsappId: 1, queueId,
  });

  it("adds the chat-box room of a ticket of the agent's queues to the connection only", async () => {
    dynamo.on(GetCommand, { Key: { pk: 'WS#conn-1=', sk: 'CONN' } }).resolves({ Item: agentConnection });
    dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'TICKET#15' } }).resolves({ Item: ticket(15, 4) });
    dynamo.on(UpdateCommand).resolves({});
    const result = await handler(socketEvent('$default', { body: JSON.stringify({ action: 'joinChatBox', ticketId: '15' }) }));
    expect(status(result)).toBe(200);
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ pk: 'WS#conn-1=', sk: 'CONN' });
    expect(update.UpdateExpression).toMatch(/ADD #rooms :rooms_u0/);
    expect(update.ConditionExpression).toMatch(/attribute_exists/);
    expect([...(Object.values(update.ExpressionAttributeValues ?? {}).find((v) => v instanceof Set) as Set<string>)]).toEqual(['ticket:15']);
  });

  it("refuses the chat box of a ticket outside the agent's queues, or of no ticket", async () => {
    dynamo.on(GetCommand, { Key: { pk: 'WS#conn-1=', sk: 'CONN' } }).resolves({ Item: agentConnection });
    dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'TICKET#16' } }).resolves({ Item: ticket(16, 9) });
    dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'TICKET#17' } }).resolves({});
    expect(status(await handler(socketEvent('$default', { body: '{"action":"joinChatBox","ticketId":16}' })))).toBe(403);
    expect(status(await handler(socketEvent('$default', { body: '{"action":"joinChatBox","ticketId":17}' })))).toBe(403);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers unknown actions and malformed messages with ERR_VALIDATION', async () => {
    expect(status(await handler(socketEvent('$default', { body: '{"action":"joinCompany","companyId":2}' })))).toBe(400);
    expect(status(await handler(socketEvent('$default', { body: 'hello' })))).toBe(400);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('ignores actions from a connection it does not know', async () => {
    dynamo.on(GetCommand).resolves({});
    expect(status(await handler(socketEvent('$default', { body: '{"action":"joinNotification"}' })))).toBe(410);
  });

  it('answers 410, not a failure, when the connection closes between its read and the room change', async () => {
    dynamo.on(GetCommand, { Key: { pk: 'WS#conn-1=', sk: 'CONN' } }).resolves({ Item: agentConnection });
    dynamo.on(UpdateCommand).rejects(
      Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }),
    );
    const result = await handler(socketEvent('$default', { body: '{"action":"joinNotification"}' }));
    expect(status(result)).toBe(410);
    expect(JSON.parse(result.body)).toEqual({ error: 'ERR_SESSION_EXPIRED' });
  });

  it('forgets the connection on $disconnect', async () => {
    dynamo.on(DeleteCommand).resolves({});
    expect(status(await handler(socketEvent('$disconnect')))).toBe(200);
    expect(dynamo.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({ pk: 'WS#conn-1=', sk: 'CONN' });
  });
});
