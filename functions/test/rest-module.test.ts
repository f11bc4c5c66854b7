import { BatchGetCommand, GetCommand, UpdateCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { resetCompanyBudget } from '../src/http/company-budget-check.ts';
import { forgetCompanyContext } from '../src/http/company-context.ts';
import { forgetSession, sessionTrustMs } from '../src/auth/session-check.ts';
import { SignJWT } from 'jose';
import * as z from 'zod';
import { signAccessToken } from '../src/auth/access-token.ts';
import type { Principal } from '../src/auth/principal.ts';
import { fail } from '../src/domain/app-error.ts';
import { restModule } from '../src/http/rest-module.ts';
import { route } from '../src/http/route.ts';
import { HttpAnswer } from '../src/http/types.ts';
import { apiEvent, lambdaContext } from './api-event.ts';

const dynamo = mockClient(documentClient);
const company = (overrides: Record<string, unknown> = {}) => ({
  pk: 'C#3', sk: 'COMPANY', __edb_e__: 'company', __edb_v__: '1',
  id: 3, name: 'Acme', nameKey: 'acme', planId: 1, status: true, dueDate: '2999-01-01', ...overrides,
});
const plan = (overrides: Record<string, unknown> = {}) => ({
  pk: 'PLATFORM', sk: 'PLAN#1', __edb_e__: 'plan', __edb_v__: '1',
  id: 1, name: 'Plano', nameKey: 'plano', users: 5, connections: 1, queues: 3, value: 30, ...overrides,
});
const session = (userId: number, sessionId: string) => ({
  pk: 'C#3', sk: `SESSION#${userId}`, __edb_e__: 'session', __edb_v__: '1',
  companyId: 3, userId, sessionId, refreshHash: 'h', rotatedAt: 1, expiresAt: 4_000_000_000,
});
const storedSessions = new Map<number, string | undefined>();
/**
 * The stored session of a user: the one the REST check compares the token's `sid` with (an
 * admin's read alone, an agent's in one BatchGet with their user, whose queues the lists use).
 */
function sessionIs(userId: number, sessionId: string | undefined) {
  storedSessions.set(userId, sessionId);
  dynamo
    .on(GetCommand, { Key: { pk: 'C#3', sk: `SESSION#${userId}` } })
    .resolves(sessionId ? { Item: session(userId, sessionId) } : {});
}
function answerSessionBatches() {
  dynamo.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const [table, request] = Object.entries(input.RequestItems!)[0]!;
    const found = (request.Keys as { sk: string }[]).flatMap((key) => {
      const userId = Number(key.sk.replace('SESSION#', ''));
      const sessionId = key.sk.startsWith('SESSION#') ? storedSessions.get(userId) : undefined;
      return sessionId ? [session(userId, sessionId)] : [];
    });
    return { Responses: { [table]: found } };
  });
}
function companyIs(companyOverrides: Record<string, unknown>, planOverrides: Record<string, unknown> = {}) {
  forgetCompanyContext(3);
  forgetSession(3, 7);
  forgetSession(3, 1);
  dynamo.reset();
  answerSessionBatches();
  dynamo.on(GetCommand, { Key: { pk: 'C#3', sk: 'COMPANY' } }).resolves({ Item: company(companyOverrides) });
  dynamo.on(GetCommand, { Key: { pk: 'PLATFORM', sk: 'PLAN#1' } }).resolves({ Item: plan(planOverrides) });
  sessionIs(7, 's1');
  sessionIs(1, 's1');
}
const sessionReads = () =>
  dynamo.commandCalls(GetCommand).filter((call) => String(call.args[0].input.Key?.sk).startsWith('SESSION#')).length +
  dynamo
    .commandCalls(BatchGetCommand)
    .filter((call) => Object.values(call.args[0].input.RequestItems!).some((r) => (r.Keys as { sk: string }[]).some((k) => k.sk.startsWith('SESSION#')))).length;

const agent: Principal = { userId: 7, companyId: 3, profile: 'user', isSuper: false, sessionId: 's1' };
const admin: Principal = { ...agent, userId: 1, profile: 'admin' };

const handler = restModule([
  route({
    method: 'POST',
    path: '/things/{thingId}',
    access: 'user',
    params: z.object({ thingId: z.coerce.number().int().positive() }),
    query: z.object({ tags: z.array(z.string()).optional(), flag: z.string().optional() }),
    body: z.object({ name: z.string().min(2, 'muy corto') }),
    handler: async ({ params, query, body, principal }) => ({
      thingId: params.thingId,
      tags: query.tags,
      name: body.name,
      companyId: principal.companyId,
    }),
  }),
  route({ method: 'DELETE', path: '/things/{thingId}', access: 'admin', handler: async () => undefined }),
  route({ method: 'GET', path: '/things/kanban', access: 'user', feature: 'useKanban', handler: async () => ({ lanes: [] }) }),
  route({ method: 'GET', path: '/things/billing', access: 'user', allowBlockedCompany: true, handler: async () => ({ due: true }) }),
  route({ method: 'GET', path: '/things/boom', access: 'public', handler: async () => { throw new Error('secret detail'); } }),
  route({ method: 'GET', path: '/things/conflict', access: 'public', handler: async () => fail('ERR_OTHER_OPEN_TICKET', { userId: 9 }) }),
  route({
    method: 'GET',
    path: '/things/cookie',
    access: 'public',
    handler: async () => new HttpAnswer(201, { ok: true }, { cookies: [{ name: 'jrt', value: 'abc', maxAgeSeconds: 60 }] }),
  }),
]);

const bearer = async (principal: Principal) => ({ Authorization: `Bearer ${await signAccessToken(principal)}` });
const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

describe('the REST module stack', () => {
  beforeEach(() => companyIs({}));

  it('validates params, query and body and passes the caller from the token', async () => {
    const event = apiEvent('POST', '/things/12', { body: { name: 'Ana' }, headers: await bearer(agent) });
    event.multiValueQueryStringParameters = { 'tags[]': ['a', 'b'] };
    event.queryStringParameters = { 'tags[]': 'b' };
    const result = await handler(event, lambdaContext);
    expect(result.statusCode).toBe(200);
    expect(json(result.body)).toEqual({ thingId: 12, tags: ['a', 'b'], name: 'Ana', companyId: 3 });
  });

  it('answers bad input with 400 ERR_VALIDATION and the field messages', async () => {
    const result = await handler(apiEvent('POST', '/things/12', { body: { name: 'A' }, headers: await bearer(agent) }), lambdaContext);
    expect(result.statusCode).toBe(400);
    expect(json(result.body)).toEqual({ error: 'ERR_VALIDATION', issues: [{ path: 'name', message: 'muy corto' }] });
  });

  it('answers a bad path parameter and malformed JSON with ERR_VALIDATION', async () => {
    const headers = await bearer(agent);
    const badParam = await handler(apiEvent('POST', '/things/abc', { body: { name: 'Ana' }, headers }), lambdaContext);
    expect(badParam.statusCode).toBe(400);
    const badJson = await handler(apiEvent('POST', '/things/1', { body: '{"name":', headers }), lambdaContext);
    expect(badJson.statusCode).toBe(400);
    expect(json(badJson.body).error).toBe('ERR_VALIDATION');
  });

  it('refuses a missing token with 401 and a forged one with 403 so the client refreshes', async () => {
    const missing = await handler(apiEvent('POST', '/things/1', { body: { name: 'Ana' } }), lambdaContext);
    expect(missing.statusCode).toBe(401);
    expect(json(missing.body)).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    const token = (await bearer(agent)).Authorization;
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const result = await handler(apiEvent('POST', '/things/1', { body: { name: 'Ana' }, headers: { Authorization: forged } }), lambdaContext);
    expect(result.statusCode).toBe(403);
    expect(json(result.body)).toEqual({ error: 'ERR_SESSION_EXPIRED' });
  });

  it('keeps admin routes from agents and lets admins through', async () => {
    const denied = await handler(apiEvent('DELETE', '/things/1', { headers: await bearer(agent) }), lambdaContext);
    expect(denied.statusCode).toBe(403);
    expect(json(denied.body)).toEqual({ error: 'ERR_NO_PERMISSION' });
    const allowed = await handler(apiEvent('DELETE', '/things/1', { headers: await bearer(admin) }), lambdaContext);
    expect(allowed.statusCode).toBe(204);
  });

  it('answers unexpected failures with ERR_INTERNAL and no detail', async () => {
    const result = await handler(apiEvent('GET', '/things/boom'), lambdaContext);
    expect(result.statusCode).toBe(500);
    expect(result.body).toBe(JSON.stringify({ error: 'ERR_INTERNAL' }));
    expect(result.body).not.toContain('secret');
  });

  it('answers domain errors with their catalogue status and details', async () => {
    const result = await handler(apiEvent('GET', '/things/conflict'), lambdaContext);
    expect(result.statusCode).toBe(409);
    expect(json(result.body)).toEqual({ error: 'ERR_OTHER_OPEN_TICKET', userId: 9 });
  });

  it('sets cookies as httpOnly, Secure and SameSite=Strict', async () => {
    const result = await handler(apiEvent('GET', '/things/cookie'), lambdaContext);
    expect(result.statusCode).toBe(201);
    expect(result.multiValueHeaders?.['set-cookie']).toEqual([
      'jrt=abc; Path=/api/auth; Max-Age=60; HttpOnly; Secure; SameSite=Strict',
    ]);
  });

  it('lets a company whose due date passed reach only the routes for paying', async () => {
    companyIs({ dueDate: '2020-01-01' });
    const headers = await bearer(agent);
    const blocked = await handler(apiEvent('POST', '/things/1', { body: { name: 'Ana' }, headers }), lambdaContext);
    expect(blocked.statusCode).toBe(402);
    expect(json(blocked.body)).toEqual({ error: 'ERR_SUBSCRIPTION_EXPIRED' });
    const billing = await handler(apiEvent('GET', '/things/billing', { headers }), lambdaContext);
    expect(billing.statusCode).toBe(200);
  });

  it('treats a company whose status is off as blocked', async () => {
    companyIs({ status: false });
    const result = await handler(apiEvent('DELETE', '/things/1', { headers: await bearer(admin) }), lambdaContext);
    expect(result.statusCode).toBe(402);
  });

  it('gates a route on its plan flag, counting a missing flag as on', async () => {
    const headers = await bearer(agent);
    companyIs({}, {});
    expect((await handler(apiEvent('GET', '/things/kanban', { headers }), lambdaContext)).statusCode).toBe(200);
    companyIs({}, { useKanban: false });
    const refused = await handler(apiEvent('GET', '/things/kanban', { headers }), lambdaContext);
    expect(refused.statusCode).toBe(403);
    expect(json(refused.body)).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  });
});

describe('the access token names a live session', () => {
  beforeEach(() => companyIs({}));
  const post = async (principal: Principal) =>
    handler(apiEvent('POST', '/things/1', { body: { name: 'Ana' }, headers: await bearer(principal) }), lambdaContext);

  it('refuses a token whose session was ended or replaced, with 403 so the client tries its refresh cookie', async () => {
    sessionIs(7, undefined);
    const ended = await post(agent);
    expect(ended.statusCode).toBe(403);
    expect(json(ended.body)).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    sessionIs(7, 'newer');
    expect((await post(agent)).statusCode).toBe(403);
  });

  it('reads the session once per user and container while it is trusted, then again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect((await post(agent)).statusCode).toBe(200);
      expect((await post(agent)).statusCode).toBe(200);
      expect(sessionReads()).toBe(1);
      // Logout elsewhere: this container still trusts the session, but not for longer than 30 s.
      sessionIs(7, undefined);
      vi.advanceTimersByTime(sessionTrustMs + 1);
      expect(sessionTrustMs).toBeLessThanOrEqual(30_000);
      expect((await post(agent)).statusCode).toBe(403);
      expect(sessionReads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('accepts a fresh sign-in at once although an older session is cached', async () => {
    expect((await post(agent)).statusCode).toBe(200);
    sessionIs(7, 's2');
    expect((await post({ ...agent, sessionId: 's2' })).statusCode).toBe(200);
  });
});

describe('the company request budget', () => {
  const post = async (principal: Principal) =>
    handler(
      apiEvent('POST', '/things/1', { body: { name: 'Ana' }, headers: await bearer(principal) }),
      lambdaContext,
    );
  const counterUpdates = () =>
    dynamo
      .commandCalls(UpdateCommand)
      .filter((call) => String(call.args[0].input.Key?.pk).startsWith('RATE#company-requests#'));

  beforeEach(() => {
    companyIs({});
    process.env.COMPANY_REQUESTS_PER_MINUTE = '5';
    resetCompanyBudget();
  });
  afterEach(() => {
    delete process.env.COMPANY_REQUESTS_PER_MINUTE;
    resetCompanyBudget();
  });

  it('refuses the company with 429 ERR_TOO_MANY_REQUESTS and Retry-After once every container together spent its minute', async () => {
    // Other containers already counted 4 of the 5: with this request, the counter answers 5.
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: 5 } });
    expect((await post(agent)).statusCode).toBe(200);
    const refused = await post(admin);
    expect(refused.statusCode).toBe(429);
    expect(json(refused.body)).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers?.['retry-after'])).toBeLessThanOrEqual(60);
    const [update] = counterUpdates();
    expect(update?.args[0].input.Key).toMatchObject({ pk: 'RATE#company-requests#3' });
  });

  /** A token the platform did not sign: HS256 with another secret, naming company 3's admin. */
  const forgedToken = () =>
    new SignJWT({ cid: 3, prf: 'admin', sup: false, sid: 's1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('atende')
      .setAudience('atende-api')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('not the platform secret, but as long as one'));
  /** Company 4's genuine token with its claims rewritten to name company 3 (the signature left as it was). */
  const retargetedToken = async () => {
    const [header, payload, signature] = (await signAccessToken({ ...admin, companyId: 4 })).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    return [header, Buffer.from(JSON.stringify({ ...claims, cid: 3 })).toString('base64url'), signature].join('.');
  };
  const postWith = (token: string) =>
    handler(apiEvent('POST', '/things/1', { body: { name: 'Ana' }, headers: { Authorization: `Bearer ${token}` } }), lambdaContext);
  /** Company 3's users get exactly their 5 requests of the minute, then 429. */
  const expectWholeBudgetLeft = async () => {
    for (let i = 0; i < 5; i += 1) expect((await post(agent)).statusCode).toBe(200);
    const refused = await post(agent);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
  };

  it("spends none of a company's budget on forged or retargeted tokens naming it", async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
    for (const token of [await forgedToken(), await retargetedToken()]) {
      for (let i = 0; i < 10; i += 1) {
        const refused = await postWith(token);
        expect(refused.statusCode).toBe(403);
        expect(json(refused.body)).toEqual({ error: 'ERR_SESSION_EXPIRED' });
      }
    }
    expect(counterUpdates()).toHaveLength(0);
    await expectWholeBudgetLeft();
  });

  it('spends none of it on a genuine token whose session ended (logout, sign-in elsewhere)', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
    sessionIs(1, 'a-newer-session');
    for (let i = 0; i < 10; i += 1) expect((await post(admin)).statusCode).toBe(403);
    expect(counterUpdates()).toHaveLength(0);
    await expectWholeBudgetLeft();
  });

  it('writes the count once per flush period rather than once per request', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
    for (let i = 0; i < 4; i += 1) expect((await post(agent)).statusCode).toBe(200);
    expect(counterUpdates()).toHaveLength(1);
    expect((await post(agent)).statusCode).toBe(200);
    expect((await post(agent)).statusCode).toBe(429);
  });

  it('serves the request when the counter cannot be written', async () => {
    dynamo.on(UpdateCommand).rejects(new Error('throttled'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect((await post(agent)).statusCode).toBe(200);
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
