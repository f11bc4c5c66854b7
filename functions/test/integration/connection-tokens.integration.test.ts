import { DeleteCommand, GetCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { connectionTokenHash } from '../../src/domain/connection-token.ts';
import { badWriteKeys, keyAttributes } from '../../src/domain/key-guard.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRuntimeDynamoClients,
  type RuntimeDynamoClients,
} from '../../../infra/local/src/dynamo-clients.ts';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * Connection tokens (docs/decisions.md, "Connection tokens"): the server makes every token, a
 * client's value is ignored, an empty one asks for a new token that works at once while the old
 * one stops at once, each token is claimed platform-wide by its hash, and saving the connection
 * modal (with no change, or only queues) leaves the token working and every key whole.
 */
let env: TestRuntime;
let table: RuntimeDynamoClients;

beforeAll(async () => {
  env = await startTestRuntime();
  table = createRuntimeDynamoClients(env.runtime.env.DYNAMODB_ENDPOINT!);
});
afterAll(async () => {
  table?.destroy();
  await env?.stop();
});

type Connection = { id: number; token: string; queueIds: number[]; name: string; provider: string };

async function send(token: string, number: string, body: string) {
  const answer = await fetch(`${env.runtime.url}/api/messages/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ number, body }),
  });
  return answer.status;
}

/** What the spec's connection modal sends on save: every field, the token as it shows it. */
function modalBody(connection: Connection, changes: Partial<Connection> = {}) {
  return {
    name: connection.name,
    provider: connection.provider,
    isDefault: true,
    greetingMessage: 'Hola',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    expiresInactiveMessage: '',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    timeToTransfer: null,
    transferQueueId: null,
    token: connection.token,
    queueIds: connection.queueIds,
    ...changes,
  };
}

/** Every item of the table (a Scan: only a test may). */
async function everyItem(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.documents.send(
      new ScanCommand({ TableName: env.runtime.env.TABLE_NAME!, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** The stored keys the key guard would refuse to write (a missing value's text no attribute holds). */
const brokenKeys = async () =>
  (await everyItem()).flatMap((item) =>
    badWriteKeys({ Item: item }).map((line) => `${String(item.pk)} | ${String(item.sk)}: ${line}`),
  );

/** The keys and index keys that hold a token's text. */
const keysHolding = async (token: string) =>
  (await everyItem()).flatMap((item) =>
    [...keyAttributes]
      .filter((name) => String(item[name] ?? '').includes(token))
      .map((name) => `${String(item.pk)} ${name}`),
  );

async function companyWithConnection(label: string) {
  const admin = env.client();
  const { companyId } = await signUpCompany(admin, label);
  const whatsappId = await connectSandbox(admin, { token: '1' });
  const connection = (await admin.get<Connection>(`/whatsapp/${whatsappId}`)).body;
  return { admin, companyId, whatsappId, connection };
}

const sentTo = (admin: ApiClient, whatsappId: number, number: string, count: number) =>
  until(async () => {
    const items = await outboxOf(admin, whatsappId, number);
    return items.length >= count ? items : undefined;
  }, `${count} message(s) to ${number}`);

describe('connection tokens', () => {
  it('are made by the server: a token the client sends is ignored, and each is unguessable', async () => {
    const { admin, connection } = await companyWithConnection('Token propio');
    expect(connection.token).not.toBe('1');
    expect(connection.token).toMatch(/^[\w-]{32}$/);
    // A token sent on a later save is ignored too.
    const saved = await admin.put<Connection>(`/whatsapp/${connection.id}`, { token: 'elegido-por-mi' });
    expect(saved.status).toBe(200);
    expect(saved.body.token).toBe(connection.token);
    // The token is no key of any item, in the table or an index (only its hash is).
    expect(await keysHolding(connection.token)).toEqual([]);
  });

  it("never lets a company take another's token: B asking for A's token gets its own", async () => {
    const a = await companyWithConnection('Token A');
    const b = env.client();
    await signUpCompany(b, 'Token B');
    const bConnection = await b.post<Connection>('/whatsapp', {
      name: 'Copia',
      provider: 'sandbox',
      isDefault: true,
      token: a.connection.token,
    });
    expect(bConnection.status).toBe(201);
    expect(bConnection.body.token).not.toBe(a.connection.token);
    expect(
      (await b.put<Connection>(`/whatsapp/${bConnection.body.id}`, { token: a.connection.token })).body.token,
    ).toBe(bConnection.body.token);
    // A's token still sends through A's WhatsApp, and only there.
    expect(await send(a.connection.token, '5511977700001', 'de A')).toBe(201);
    expect(
      (await sentTo(a.admin, a.whatsappId, '5511977700001', 1)).map((m) => (m as { body: string }).body),
    ).toEqual(['de A']);
  });

  it('keeps working after the modal is saved twice with nothing changed, and after queues are assigned', async () => {
    const { admin, whatsappId, connection } = await companyWithConnection('Token guardado');
    const queue = await admin.post<{ id: number }>('/queue', { name: 'Ventas', color: '#2196f3' });
    expect(queue.status).toBe(201);
    for (const body of [
      modalBody(connection),
      modalBody(connection),
      modalBody(connection, { queueIds: [queue.body.id] }),
    ]) {
      const saved = await admin.put<Connection>(`/whatsapp/${whatsappId}`, body);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.token).toBe(connection.token);
      expect(await send(connection.token, '5511977700002', 'sigue')).toBe(201);
      // The sandbox's connection routes take the token too (the demo script's way in).
      const script = env.client();
      script.token = connection.token;
      const found = await script.get<{ id: number }>('/sandbox/connection');
      expect(found.status).toBe(200);
      expect(found.body.id).toBe(whatsappId);
    }
    expect(await brokenKeys()).toEqual([]);
  });

  it('makes a new token on an empty one: the new works at once, the old stops at once, and delete ends it', async () => {
    const { admin, whatsappId, connection } = await companyWithConnection('Token nuevo');
    const rotated = await admin.put<Connection>(`/whatsapp/${whatsappId}`, { token: '' });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.token;
    expect(fresh).toMatch(/^[\w-]{32}$/);
    expect(fresh).not.toBe(connection.token);
    expect(await send(connection.token, '5511977700003', 'vieja')).toBe(401);
    expect(await send(fresh, '5511977700003', 'nueva')).toBe(201);
    // Saving the modal again, as it now shows the new token, keeps it.
    expect(
      (await admin.put<Connection>(`/whatsapp/${whatsappId}`, modalBody({ ...connection, token: fresh })))
        .body.token,
    ).toBe(fresh);
    expect(await send(fresh, '5511977700003', 'otra')).toBe(201);
    expect(await brokenKeys()).toEqual([]);

    // A second connection, so the default one may go; deleting a connection ends its token.
    const spare = await admin.post<Connection>('/whatsapp', { name: 'Otra', provider: 'sandbox' });
    expect(spare.status).toBe(201);
    expect((await admin.delete(`/whatsapp/${spare.body.id}`)).status).toBe(204);
    expect(await send(spare.body.token, '5511977700004', 'borrada')).toBe(401);
  });

  it('keeps a token saved before tokens were claimed working, and its first use claims it and takes it out of the index', async () => {
    const { companyId, whatsappId, connection } = await companyWithConnection('Token antiguo');
    const TableName = env.runtime.env.TABLE_NAME!;
    const claimKey = { pk: `WTOKEN#${connectionTokenHash(connection.token)}`, sk: 'CLAIM' };
    // What an older version stored: the token in the gsi1 index, and no claim.
    expect((await table.documents.send(new GetCommand({ TableName, Key: claimKey }))).Item).toMatchObject({
      whatsappId,
    });
    await table.documents.send(new DeleteCommand({ TableName, Key: claimKey }));
    const connectionKey = { pk: `C#${companyId}`, sk: `WAPP#${whatsappId}` };
    await table.documents.send(
      new UpdateCommand({
        TableName,
        Key: connectionKey,
        UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': `WAPPTOKEN#${connection.token}`, ':sk': 'WAPP' },
      }),
    );
    await until(
      async () => ((await send(connection.token, '5511977700005', 'de antes')) === 201 ? true : undefined),
      'the legacy token (index)',
    );
    expect(
      (await table.documents.send(new GetCommand({ TableName, Key: claimKey, ConsistentRead: true }))).Item,
    ).toMatchObject({ companyId, whatsappId });
    const migrated = (
      await table.documents.send(new GetCommand({ TableName, Key: connectionKey, ConsistentRead: true }))
    ).Item!;
    expect(migrated.gsi1pk).toBeUndefined();
    expect(migrated.gsi1sk).toBeUndefined();
    expect(await keysHolding(connection.token)).toEqual([]);
    expect(await send(connection.token, '5511977700005', 'después')).toBe(201);
  });

  it('names neither connection with a legacy token two companies both saved: 401 to each, nothing claimed, and a new token works', async () => {
    // Older versions took the token from the client, so two companies could save the same one.
    // Whichever connection the index happens to list first must not get the other's calls.
    const a = await companyWithConnection('Legado A');
    const b = await companyWithConnection('Legado B');
    const TableName = env.runtime.env.TABLE_NAME!;
    // At least 20 characters, so only the sharing refuses it (see the next test for short ones).
    const shared = `legado-compartido-${Date.now().toString(36)}`;
    const sharedClaim = { pk: `WTOKEN#${connectionTokenHash(shared)}`, sk: 'CLAIM' };
    for (const company of [a, b]) {
      await table.documents.send(
        new DeleteCommand({
          TableName,
          Key: { pk: `WTOKEN#${connectionTokenHash(company.connection.token)}`, sk: 'CLAIM' },
        }),
      );
      await table.documents.send(
        new UpdateCommand({
          TableName,
          Key: { pk: `C#${company.companyId}`, sk: `WAPP#${company.whatsappId}` },
          UpdateExpression: 'SET #token = :token, gsi1pk = :pk, gsi1sk = :sk',
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: { ':token': shared, ':pk': `WAPPTOKEN#${shared}`, ':sk': 'WAPP' },
        }),
      );
    }
    // Both entries are in the (eventually consistent) index before the token is used.
    await until(async () => {
      const listed = await table.documents.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': `WAPPTOKEN#${shared}` },
        }),
      );
      return (listed.Items ?? []).length === 2 ? true : undefined;
    }, 'both legacy entries indexed');
    expect(await send(shared, '5511977700006', 'ambiguo')).toBe(401);
    const script = await fetch(`${env.runtime.url}/api/sandbox/connection`, {
      headers: { authorization: `Bearer ${shared}` },
    });
    expect(script.status).toBe(401);
    expect(
      (await table.documents.send(new GetCommand({ TableName, Key: sharedClaim, ConsistentRead: true })))
        .Item,
    ).toBeUndefined();
    expect(await outboxOf(a.admin, a.whatsappId, '5511977700006')).toEqual([]);
    expect(await outboxOf(b.admin, b.whatsappId, '5511977700006')).toEqual([]);
    // Each admin asks for a new token (an empty one on save): it is the company's own and works.
    for (const company of [a, b]) {
      const saved = await company.admin.put<Connection>(`/whatsapp/${company.whatsappId}`, { token: '' });
      expect(saved.status).toBe(200);
      expect(saved.body.token).not.toBe(shared);
      const owner = await fetch(`${env.runtime.url}/api/sandbox/connection`, {
        headers: { authorization: `Bearer ${saved.body.token}` },
      });
      expect(((await owner.json()) as { id: number }).id).toBe(company.whatsappId);
    }
  });

  it('refuses a legacy token that two companies hold, or one short enough to guess, for every holder, also when the modal saves a new one', async () => {
    const TableName = env.runtime.env.TABLE_NAME!;
    // What an older version let admins do: choose the token, the same in two companies, or `1`.
    const asLegacy = async (
      holder: Awaited<ReturnType<typeof companyWithConnection>>,
      token: string,
    ): Promise<void> => {
      await table.documents.send(
        new DeleteCommand({
          TableName,
          Key: { pk: `WTOKEN#${connectionTokenHash(holder.connection.token)}`, sk: 'CLAIM' },
        }),
      );
      await table.documents.send(
        new UpdateCommand({
          TableName,
          Key: { pk: `C#${holder.companyId}`, sk: `WAPP#${holder.whatsappId}` },
          UpdateExpression: 'SET #token = :token, gsi1pk = :pk, gsi1sk = :sk',
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: { ':token': token, ':pk': `WAPPTOKEN#${token}`, ':sk': 'WAPP' },
        }),
      );
    };
    const a = await companyWithConnection('Legado A');
    const b = await companyWithConnection('Legado B');
    const shared = `compartido-${Date.now()}-elegido-a-mano`;
    await asLegacy(a, shared);
    await asLegacy(b, shared);
    const short = await companyWithConnection('Legado corto');
    await asLegacy(short, '1');
    // The index is eventually consistent: wait until the shared token is visible there twice.
    await until(
      async () => ((await keysHolding(shared)).length >= 2 ? true : undefined),
      'the shared legacy token in the index',
    );
    expect(await send(shared, '5511977700006', 'de quién')).toBe(401);
    expect(await send('1', '5511977700007', 'adivinado')).toBe(401);
    // Neither was claimed by the refused calls.
    for (const token of [shared, '1']) {
      expect(
        (
          await table.documents.send(
            new GetCommand({
              TableName,
              Key: { pk: `WTOKEN#${connectionTokenHash(token)}`, sk: 'CLAIM' },
              ConsistentRead: true,
            }),
          )
        ).Item,
      ).toBeUndefined();
    }
    // A new token generated by either admin works at once.
    const fresh = (
      await a.admin.put<Connection>(`/whatsapp/${a.whatsappId}`, modalBody({ ...a.connection, token: '' }))
    ).body.token;
    expect(await send(fresh, '5511977700006', 'nueva')).toBe(201);
  });
});
