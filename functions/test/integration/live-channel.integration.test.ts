import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRuntime } from '../../../infra/local/src/runtime.ts';
import { ramTempDir } from '../../../infra/local/test-support/ram-dir.ts';
import type * as AccessTokenModule from '../../src/auth/access-token.ts';
import type * as UserEntityModule from '../../src/data/user-entity.ts';
import type * as SessionEntityModule from '../../src/data/session-entity.ts';
import { eventsOf } from './support/live.ts';

/**
 * The live channel end to end on the local runtime: the real gateway, DynamoDB Local and its
 * stream, the bundled socket and broadcaster handlers.
 */
let runtime: Awaited<ReturnType<typeof startRuntime>>;
let dataDir: string;
let data: {
  userEntity: typeof UserEntityModule.userEntity;
  sessionEntity: typeof SessionEntityModule.sessionEntity;
  signAccessToken: typeof AccessTokenModule.signAccessToken;
};

beforeAll(async () => {
  dataDir = ramTempDir('live');
  // No warm-up: functions load on their first call, as with `npm start` (a start is seconds, not ~25).
  runtime = await startRuntime({ port: 0, dataDir, quiet: true, warmUp: false });
  // The runtime set TABLE_NAME, DYNAMODB_ENDPOINT and JWT_SECRET for this process, so the data
  // layer is imported only now.
  data = {
    userEntity: (await import('../../src/data/user-entity.ts')).userEntity,
    sessionEntity: (await import('../../src/data/session-entity.ts')).sessionEntity,
    signAccessToken: (await import('../../src/auth/access-token.ts')).signAccessToken,
  };
});

afterAll(async () => {
  await runtime?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const wsUrl = (token?: string) => `${runtime.url.replace(/^http/, 'ws')}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;

function connect(token?: string): Promise<{ socket: WebSocket; messages: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(token));
    const messages: unknown[] = [];
    socket.on('message', (raw) => messages.push(...eventsOf(raw)));
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

async function until<T>(probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A user with a live session `s` (a socket's token must name the user's current session). */
async function createUser(companyId: number, id: number, name: string) {
  await data.userEntity.put({ companyId, id, name, email: `${name}@example.com`, passwordHash: 'not-used', profile: 'admin', queueIds: [] }).go();
  const now = Math.floor(Date.now() / 1000);
  await data.sessionEntity.put({ companyId, userId: id, sessionId: 's', refreshHash: 'not-used', rotatedAt: now, expiresAt: now + 3600 }).go();
}

describe('the local runtime serves the REST API', () => {
  it('answers GET /api/version with 6.0.0', async () => {
    const answer = await fetch(`${runtime.url}/api/version`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ version: '6.0.0' });
  });

  it('answers an unknown API path in the spec error shape', async () => {
    const answer = await fetch(`${runtime.url}/api/nothing-here`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: 'ERR_ROUTE_NOT_FOUND' });
  });
});

describe('the live channel', () => {
  it('refuses a WebSocket client without a valid token', async () => {
    await expect(connect()).rejects.toThrow('refused 401');
    await expect(connect('forged.token.value')).rejects.toThrow('refused 401');
  });

  it("delivers a record's change to its company's clients and to no other company", async () => {
    await createUser(101, 1, 'ana');
    await createUser(202, 1, 'bruno');
    const principal = { userId: 1, profile: 'admin' as const, isSuper: false, sessionId: 's' };
    const companyA = await connect(await data.signAccessToken({ ...principal, companyId: 101 }));
    const companyB = await connect(await data.signAccessToken({ ...principal, companyId: 202 }));

    await data.userEntity.patch({ companyId: 101, id: 1 }).set({ name: 'Ana Maria' }).go();
    const seenByA = await until(() =>
      companyA.messages.find((m) => (m as { data?: { user?: { name?: string } } }).data?.user?.name === 'Ana Maria'),
    );
    expect(seenByA).toMatchObject({ event: 'user', data: { action: 'update', user: { companyId: 101, id: 1 } } });

    // A later change in company B reaches B; by then A's change would have arrived too if it leaked.
    await data.userEntity.patch({ companyId: 202, id: 1 }).set({ name: 'Bruno Costa' }).go();
    await until(() => companyB.messages.find((m) => (m as { data?: { user?: { name?: string } } }).data?.user?.name === 'Bruno Costa'));
    expect(JSON.stringify(companyB.messages)).not.toContain('Ana Maria');
    expect(JSON.stringify(companyA.messages)).not.toContain('Bruno Costa');

    companyA.socket.close();
    companyB.socket.close();
  });
});
