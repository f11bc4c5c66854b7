import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announcementCreateInputSchema } from '@atende/shared/entities/announcement';
import { documentClient } from '../src/aws/dynamo.ts';
import { shardOf, wsConnectionShards } from '../src/data/ws-connections.ts';
import {
  announcementImageOf,
  announcementMediaKey,
  announcementsFor,
  mayReadAnnouncement,
} from '../src/domain/announcement-rules.ts';
import type { LiveListener } from '../src/domain/live-audience.ts';
import { startFakeConnections, type FakeConnections } from './fake-connections.ts';
import { fanOut, forgetSocketLists } from '../src/live/fan-out.ts';
import { allCompanies, type LiveEvent } from '../src/live/live-event.ts';
import { announcementEventRule } from '../src/modules/announcements/events.ts';
import { listener } from './live-listener.ts';

const old = {
  id: 1,
  title: 'Mantenimiento',
  text: 'El sábado',
  status: true,
  priority: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const withdrawn = {
  id: 2,
  title: 'Oferta',
  text: 'Ya pasó',
  status: false,
  priority: 2,
  createdAt: '2026-02-01T00:00:00.000Z',
};
const newest = {
  id: 3,
  title: 'Novedad',
  text: 'Nueva pantalla de anuncios',
  status: true,
  priority: 3,
  createdAt: '2026-03-01T00:00:00.000Z',
};
const all = [old, withdrawn, newest];

const superUser = { isSuper: true };
const agent = { isSuper: false };

describe('announcement input', () => {
  it('requires title and text (Requerido), defaults priority 3 and active, and takes only priorities 1 to 3', () => {
    expect(announcementCreateInputSchema.safeParse({ title: ' ', text: 'x' }).error?.issues[0]).toMatchObject(
      {
        path: ['title'],
        message: 'Requerido',
      },
    );
    expect(announcementCreateInputSchema.parse({ title: 'A', text: 'B' })).toEqual({
      title: 'A',
      text: 'B',
      priority: 3,
      status: true,
    });
    expect(announcementCreateInputSchema.safeParse({ title: 'A', text: 'B', priority: 0 }).success).toBe(
      false,
    );
    expect(announcementCreateInputSchema.safeParse({ title: 'A'.repeat(201), text: 'B' }).success).toBe(
      false,
    );
  });
});

describe('who reads which announcements', () => {
  it('gives users other than super users only the active ones, newest first', () => {
    expect(announcementsFor(all, agent, '').map((a) => a.id)).toEqual([3, 1]);
    expect(mayReadAnnouncement(agent, withdrawn)).toBe(false);
    expect(mayReadAnnouncement(agent, old)).toBe(true);
  });

  it('gives super users every announcement, newest first, and searches title and text without accents', () => {
    expect(announcementsFor(all, superUser, '').map((a) => a.id)).toEqual([3, 2, 1]);
    expect(announcementsFor(all, superUser, 'SABADO').map((a) => a.id)).toEqual([1]);
    expect(announcementsFor(all, agent, 'oferta')).toEqual([]);
  });

  it('keeps priority out of the order: an old high-priority one stays below a newer one', () => {
    expect(announcementsFor([old, newest], agent, '')[0]!.priority).toBe(3);
  });
});

describe('announcement images', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const jpeg = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  ]);
  const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');

  it('takes PNG and JPEG by their bytes, whatever the browser claims', async () => {
    await expect(announcementImageOf(png, 'application/octet-stream')).resolves.toEqual({
      mimetype: 'image/png',
    });
    await expect(announcementImageOf(jpeg, 'image/png')).resolves.toEqual({ mimetype: 'image/jpeg' });
  });

  it('refuses other pictures, text and HTML called .png (415)', async () => {
    await expect(announcementImageOf(gif, 'image/gif')).rejects.toMatchObject({
      code: 'ERR_UNSUPPORTED_MEDIA_TYPE',
    });
    await expect(announcementImageOf(Buffer.from('hola'), 'text/plain')).rejects.toMatchObject({
      code: 'ERR_UNSUPPORTED_MEDIA_TYPE',
    });
    await expect(
      announcementImageOf(Buffer.from('<html><script>x</script>'), 'image/png'),
    ).rejects.toMatchObject({
      code: 'ERR_UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('stores each upload under a new platform key, outside every company prefix', () => {
    const first = announcementMediaKey(4);
    expect(first).toMatch(/^platform\/announcements\/4\/[0-9a-f-]{36}$/);
    expect(announcementMediaKey(4)).not.toBe(first);
  });
});

const superListener: LiveListener = { ...listener(1, 'admin'), isSuper: true };
const events = (change: Parameters<typeof announcementEventRule>[0]) =>
  announcementEventRule(change) as LiveEvent[];
const heard = (outputs: LiveEvent[], who: LiveListener) =>
  outputs.filter((o) => o.audience(who)).map((o) => o.data);

describe('announcement live events', () => {
  it('tells every company (all companies scope) about a published one', () => {
    const outputs = events({
      entity: 'announcement',
      kind: 'create',
      newItem: { ...newest, mediaKey: 'k' },
      oldItem: undefined,
    });
    expect(outputs.every((o) => o.companyId === allCompanies)).toBe(true);
    expect(heard(outputs, listener(5))).toEqual([
      {
        action: 'create',
        record: expect.objectContaining({ id: 3, title: 'Novedad', isMedia: true, mediaPath: null }),
      },
    ]);
    expect(heard(outputs, superListener)).toHaveLength(1);
  });

  it('tells users a withdrawn one is gone, while super users get it updated', () => {
    const outputs = events({
      entity: 'announcement',
      kind: 'update',
      oldItem: old,
      newItem: { ...old, status: false },
    });
    expect(heard(outputs, listener(5))).toEqual([{ action: 'delete', id: 1 }]);
    expect(heard(outputs, superListener)).toEqual([
      { action: 'update', record: expect.objectContaining({ id: 1, status: false }) },
    ]);
  });

  it('keeps an inactive one from users, and tells everyone who had a deleted one', () => {
    expect(
      heard(
        events({ entity: 'announcement', kind: 'create', newItem: withdrawn, oldItem: undefined }),
        listener(5),
      ),
    ).toEqual([]);
    const deleted = events({ entity: 'announcement', kind: 'delete', oldItem: old, newItem: undefined });
    expect(heard(deleted, listener(5))).toEqual([{ action: 'delete', id: 1 }]);
    expect(
      heard(
        events({ entity: 'announcement', kind: 'delete', oldItem: withdrawn, newItem: undefined }),
        listener(5),
      ),
    ).toEqual([]);
  });
});

describe('the platform-wide audience', () => {
  const dynamo = mockClient(documentClient);
  const sockets = mockClient(ApiGatewayManagementApiClient);
/** Posts reach a local @connections server; closes stay on the mocked SDK client. */
let connections: FakeConnections;
beforeAll(async () => {
  connections = await startFakeConnections();
});
afterAll(() => connections.close());
  const connection = (connectionId: string, companyId: number, shard: number) => ({
    pk: `WS#${connectionId}`,
    sk: 'CONN',
    gsi2pk: `WSALL#${shard}`,
    gsi2sk: connectionId,
    __edb_e__: 'wsConnection',
    __edb_v__: '1',
    connectionId,
    companyId,
    userId: 7,
    profile: 'user',
    isSuper: false,
    sessionId: 's',
    shard,
    connectedAt: 1,
    expiresAt: Math.floor(Date.now() / 1000) + 600,
  });

  beforeEach(() => {
    // Each case mocks the sockets anew: none kept from the case before.
    forgetSocketLists();
    dynamo.reset();
    sockets.reset();
    connections.reset();
  });

  it('spreads connections over the shards by their id, the same way every time', () => {
    const shards = new Set(Array.from({ length: 200 }, (_, i) => shardOf(`conn-${i}=`)));
    expect([...shards].sort()).toEqual([...Array(wsConnectionShards).keys()]);
    expect(shardOf('abc=')).toBe(shardOf('abc='));
  });

  it('reads each shard once per batch and posts to every company’s sockets', async () => {
    dynamo.on(QueryCommand).callsFake((input: { ExpressionAttributeValues?: Record<string, unknown> }) => {
      const pk = Object.values(input.ExpressionAttributeValues ?? {}).find((v) =>
        String(v).startsWith('WSALL#'),
      );
      const shard = Number(String(pk).slice('WSALL#'.length));
      return { Items: shard === 0 ? [connection('a=', 3, 0)] : shard === 2 ? [connection('b=', 9, 2)] : [] };
    });
    const announcement = { companyId: allCompanies, event: 'announcement', audience: () => true };
    await fanOut([
      { ...announcement, data: { n: 1 } },
      { ...announcement, data: { n: 2 } },
    ]);
    const queried = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.IndexName);
    expect(queried).toEqual(Array(wsConnectionShards).fill('gsi2'));
    const to = connections
      .posts()
      .map((post) => post.ConnectionId)
      .sort();
    expect(to).toEqual(['a=', 'b=']);
  });

  it('sends a platform-wide event nothing after a close of the same socket earlier in the batch', async () => {
    sockets.on(DeleteConnectionCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});
    const close = {
      companyId: 3,
      control: 'close' as const,
      audience: (l: LiveListener) => l.sessionId === 'ended',
    };
    const announcement = {
      companyId: allCompanies,
      event: 'announcement',
      data: { n: 1 },
      audience: () => true,
    };
    // Both reads (the company's and the platform's shards) answer the same two sockets of company 3.
    dynamo.on(QueryCommand).callsFake(() => ({
      Items: [
        { ...connection('ended=', 3, 0), sessionId: 'ended' },
        { ...connection('open=', 3, 0), sessionId: 'open' },
      ],
    }));
    await fanOut([close, announcement]);
    const to = connections.posts().map((post) => post.ConnectionId);
    expect(to).toEqual(['open=']);
    expect(
      sockets.commandCalls(DeleteConnectionCommand).map((call) => call.args[0].input.ConnectionId),
    ).toEqual(['ended=']);
  });
});
