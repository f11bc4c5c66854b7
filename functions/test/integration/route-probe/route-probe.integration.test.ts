import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client.ts';
import { randomBytes } from 'node:crypto';
import { agentOf } from '../support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { connectSandbox } from '../support/sandbox.ts';
import { inPool, probeCall } from './call.ts';
import { setUpCompanyA, type CompanyA } from './company-a.ts';
import { connectionTokenRouteFixtures, routeFixtures } from './fixtures.ts';
import {
  callsFor,
  connectionTokenFixtureProblems,
  fixtureProblems,
  judge,
  planCalls,
  planConnectionTokenCalls,
  type Caller,
  type PlannedCall,
} from './plan.ts';
import { connectionTokenRoutesFromCode, routesFromCode } from './routes-from-code.ts';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createRuntimeDynamoClients } from '../../../../infra/local/src/dynamo-clients.ts';
import { badWriteKeys } from '../../../src/domain/key-guard.ts';
import { collidingValueChecks, type CompanyB } from './unique-values.ts';

/**
 * The route probe (docs/security.md, "The route probe"): every route the code serves, called by company B's
 * admin and agent with company A's ids, by A's agent with the records of a queue not theirs, and
 * by every caller that is not a super user on the super users' routes. None may answer 500 or
 * carry a byte of what the caller must not see, and none may change A's records.
 */
// The worker's runtime first: the data layer takes its table name when a module is first
// imported, and the files after this one in the worker import the same module instances.
const runtime = await startTestRuntime();
const routes = await routesFromCode();
const tokenRoutes = await connectionTokenRoutesFromCode();

describe('route probe: fixtures', () => {
  it('has an entry for every route the code serves, and a route for every entry', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(fixtureProblems(routes, routeFixtures)).toEqual([]);
    expect(tokenRoutes.map((r) => r.key)).toContain('POST /messages/send');
    expect(tokenRoutes.map((r) => r.key)).toContain('GET /sandbox/connection');
    expect(connectionTokenFixtureProblems(tokenRoutes, connectionTokenRouteFixtures)).toEqual([]);
  });

  it('names a write route left without a queue-agent case, and a token route without an entry', () => {
    const added = {
      method: 'POST',
      path: '/novedades',
      access: 'user',
      module: 'novedades',
      key: 'POST /novedades',
    } as const;
    expect(
      fixtureProblems([...routes, added], { ...routeFixtures, 'POST /novedades': { otherCompany: 'own' } }),
    ).toEqual([
      "POST /novedades (module novedades, access user) is a write agents may call: its entry needs `queueAgent` (what A's agent limited to one queue gets given the other queue's records)",
    ]);
    const { 'POST /contacts': contacts, ...rest } = routeFixtures;
    const { queueAgent: _dropped, ...withoutAgent } = contacts!;
    expect(fixtureProblems(routes, { ...rest, 'POST /contacts': withoutAgent })).toEqual([
      "POST /contacts (module contacts, access user) is a write agents may call: its entry needs `queueAgent` (what A's agent limited to one queue gets given the other queue's records)",
    ]);
    const tokenAdded = {
      method: 'POST',
      path: '/sandbox/{id}/novedad',
      access: 'public',
      module: 'sandbox',
      key: 'POST /sandbox/{id}/novedad',
    } as const;
    const { 'GET /sandbox/connection': _gone, ...withoutConnection } = connectionTokenRouteFixtures;
    expect(connectionTokenFixtureProblems([...tokenRoutes, tokenAdded], withoutConnection)).toEqual([
      'GET /sandbox/connection (module sandbox, connection token) has no entry in connectionTokenRouteFixtures',
      'POST /sandbox/{id}/novedad (module sandbox, connection token) has no entry in connectionTokenRouteFixtures',
    ]);
  });

  it('names a route added without an entry, and an entry left without its route', () => {
    const added = {
      method: 'GET',
      path: '/novedades/{id}',
      access: 'user',
      module: 'novedades',
      key: 'GET /novedades/{id}',
    } as const;
    const { 'GET /version': _removed, ...withoutVersion } = routeFixtures;
    expect(fixtureProblems([...routes, added], withoutVersion)).toEqual([
      'GET /version (module version, access public) has no entry in route-probe/fixtures.ts',
      'GET /novedades/{id} (module novedades, access user) has no entry in route-probe/fixtures.ts',
    ]);
    expect(
      fixtureProblems(
        routes.filter((r) => r.key !== 'GET /tickets/{id}'),
        routeFixtures,
      ),
    ).toEqual(['fixture "GET /tickets/{id}" names a route the code no longer serves']);
  });
});

describe('route probe: calls', () => {
  let env: TestRuntime;
  let companyA: CompanyA;
  const tokens = {} as Record<Caller, string>;
  let ownEmailOfB = '';
  let companyB: CompanyB;

  beforeAll(async () => {
    env = runtime;
    companyA = await setUpCompanyA(env);
    const adminB: ApiClient = env.client();
    const signedUpB = await signUpCompany(adminB, 'Empresa B');
    ownEmailOfB = signedUpB.admin.email.toLowerCase();
    const { agent: agentB, userId: agentIdB } = await agentOf(adminB, signedUpB.companyId, 'sonda-b');
    // B's sandbox connection, with an id that is not A's (ids count per company): a first one,
    // deleted, takes the id A's connection has, so B's token naming A's id proves something.
    const first = await adminB.post<{ id: number }>('/whatsapp', { name: 'Primera', provider: 'sandbox' });
    expect(first.status).toBe(201);
    expect((await adminB.delete(`/whatsapp/${first.body.id}`)).status).toBeLessThan(300);
    const whatsappIdB = await connectSandbox(adminB);
    expect(whatsappIdB).not.toBe(companyA.whatsappId);
    const tokenB = (await adminB.get<{ token: string }>(`/whatsapp/${whatsappIdB}`)).body.token;
    companyB = {
      admin: adminB,
      agent: agentB,
      agentId: agentIdB,
      companyId: signedUpB.companyId,
      whatsappId: whatsappIdB,
      connectionToken: tokenB,
    };
    tokens['B admin'] = adminB.token!;
    tokens['B agent'] = agentB.token!;
    tokens['A queue agent'] = companyA.agent.token!;
    tokens['A admin'] = companyA.admin.token!;
    tokens['B connection token'] = tokenB;
    // A token of the server's shape that no connection holds.
    tokens['unknown token'] = randomBytes(24).toString('base64url');
  });
  afterAll(async () => env?.stop());

  // About 700 calls, four at a time: a minute alone, more on a shared 2-core machine.
  it(
    "never answers a caller with another company's, another queue's or a super user's data, and changes nothing of A",
    { timeout: 180_000 },
    async () => {
      // Read twice before: a first read settles what reading changes (unread counts), the second is the reference.
      await companyA.snapshot();
      const before = await companyA.snapshot();
      const planned = [
        ...planCalls(routes, routeFixtures, companyA).filter((p) => !p.changesA),
        ...planConnectionTokenCalls(tokenRoutes, connectionTokenRouteFixtures, companyA),
      ];
      const failures: string[] = [];
      const statuses: Record<string, number> = {};
      const run = runner(failures, statuses);
      // Calls that create records in the caller's own company go last: their fresh ids (counted per
      // company) could otherwise be the very ids the other calls name as A's.
      await inPool(
        planned.filter((p) => !p.late),
        4,
        run,
      );
      await inPool(
        planned.filter((p) => p.late),
        4,
        run,
      );
      if (process.env.ROUTE_PROBE_VERBOSE) console.log(`${planned.length} calls`, statuses);
      expect(failures).toEqual([]);

      // Every route that needs a token was called, and every connection-token route; the public
      // ones not called say why in their entry.
      const called = new Set(planned.map((p) => p.route.key));
      expect(routes.filter((r) => r.access !== 'public' && !called.has(r.key)).map((r) => r.key)).toEqual([]);
      expect(tokenRoutes.filter((r) => !called.has(r.key)).map((r) => r.key)).toEqual([]);
      expect(await companyA.snapshot()).toEqual(before);
    },
  );

  /** Calls a planned call with its caller's credential and judges the answer. */
  const runner =
    (failures: string[], statuses: Record<string, number>) =>
    async (planned: PlannedCall): Promise<void> => {
      const answer = await probeCall(env.runtime.url, { ...planned.call, token: tokens[planned.caller] });
      const seen = `${planned.caller} ${answer.status}`;
      statuses[seen] = (statuses[seen] ?? 0) + 1;
      failures.push(...judge(planned, answer));
    };

  it('sees what is there: bytes a caller must not get, and a change to A', async () => {
    // Guards the probe itself: a check that could never find anything would pass every route.
    const me = routes.find((r) => r.key === 'GET /auth/me')!;
    const canary: PlannedCall = {
      route: me,
      caller: 'B admin',
      call: { method: 'GET', path: '/auth/me' },
      allowed: [403, 404],
      mustNotSee: [ownEmailOfB],
      late: false,
    };
    const problems = judge(
      canary,
      await probeCall(env.runtime.url, { ...canary.call, token: tokens['B admin'] }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('answered 200, expected 403,404');
    expect(problems[1]).toContain(ownEmailOfB);

    // A connection-token call too: B's token on B's own connection is answered, with its name.
    const own: PlannedCall = {
      route: tokenRoutes.find((r) => r.key === 'GET /sandbox/{id}')!,
      caller: 'B connection token',
      call: { method: 'GET', path: `/sandbox/${companyB.whatsappId}` },
      allowed: [403, 404],
      mustNotSee: ['"name":"sandbox"'],
      late: false,
    };
    const ownProblems = judge(
      own,
      await probeCall(env.runtime.url, { ...own.call, token: tokens['B connection token'] }),
    );
    expect(ownProblems).toHaveLength(2);
    expect(ownProblems[0]).toContain('answered 200, expected 403,404');

    // And the snapshot sees a change to one of A's records.
    const before = await companyA.snapshot();
    expect(
      (await companyA.admin.put(`/tags/${companyA.forOtherCompany.tagId}`, { color: '#654321' })).status,
    ).toBe(200);
    expect(await companyA.snapshot()).not.toEqual(before);
  });

  it("public routes tell a stranger nothing of A: A's e-mail is answered as an unknown one", async () => {
    // Sign-in, the reset code and its guess, each called without a credential with A's admin's
    // e-mail and with one nobody has, from addresses of their own: the answers must be the same
    // (sign-up must say an e-mail is taken, and says only that: the plan's public probe).
    const unknown = `nadie-${randomBytes(5).toString('hex')}@example.com`;
    const calls: [string, (email: string) => { method: string; path: string; json?: unknown }][] = [
      [
        'sign-in',
        (email) => ({ method: 'POST', path: '/auth/login', json: { email, password: 'not-the-password' } }),
      ],
      ['reset code', (email) => ({ method: 'POST', path: `/forgetpassword/${encodeURIComponent(email)}` })],
      [
        'reset guess',
        (email) => ({
          method: 'POST',
          path: `/resetpasswords/${encodeURIComponent(email)}/000000`,
          json: { newPassword: 'Hacked-1' },
        }),
      ],
    ];
    let address = 0;
    const answer = async (call: { method: string; path: string; json?: unknown }) => {
      address += 1;
      const { status, text } = await probeCall(env.runtime.url, {
        ...call,
        address: `203.0.113.${100 + address}`,
      });
      // Only the body: headers carry dates and request ids.
      return `${status} ${text.split('\n')[0]}`;
    };
    for (const [what, callOf] of calls) {
      const ofA = await answer(callOf(companyA.forOtherCompany.email));
      const ofNobody = await answer(callOf(unknown));
      if (what === 'reset code') {
        // The spec's one exception (extended §7: "404 means e-mail not found"): the status and
        // the code, and nothing else.
        expect([ofA, ofNobody], what).toEqual(['200 {"status":"ok"}', '404 {"error":"err_no_user_found"}']);
        continue;
      }
      expect(ofA, what).toBe(ofNobody);
      expect(ofA, what).toMatch(/^(400|401|404) \{"error":"err_[a-z_]+"\}$/);
    }
  });

  it('two companies holding the same unique values: each claim is platform-wide or per company, and neither sees or acts on the other', async () => {
    const problems = await collidingValueChecks(env, companyA, companyB);
    expect(problems).toEqual([]);
  });
  it("A's queue agent: each write its role allows on company-wide records, given the other queue's", async () => {
    // These change A by design (contacts, tags, schedules are the company's, not a queue's), so
    // they run after A's records were compared, one at a time, deletions last.
    const planned = planCalls(routes, routeFixtures, companyA)
      .filter((p) => p.changesA)
      .sort(
        (a, b) =>
          Number(a.call.method === 'DELETE') - Number(b.call.method === 'DELETE') ||
          b.call.path.length - a.call.path.length,
      );
    expect(planned.map((p) => p.route.key)).toContain('DELETE /schedules/{id}');
    const failures: string[] = [];
    await inPool(planned, 1, runner(failures, {}));
    expect(failures).toEqual([]);
  });

  // Last: it changes A. The key guard refuses such writes since issue #24; this shows every update
  // route keeps its records' keys whole when saved, and saved again with nothing changed.
  it("A's admin saves every update route twice, and no key or index attribute of the table holds a missing value", async () => {
    // The session's restart (PUT /whatsappsession) goes last: a message edit after it would wait
    // for the reconnecting session and may answer ERR_EDIT_WAPP_MSG (502) on a busy machine.
    const restartsSession = (route: (typeof routes)[number]) => route.path.startsWith('/whatsappsession/');
    const updates = routes
      .filter((route) => (route.method === 'PUT' || route.method === 'PATCH') && route.access !== 'super')
      .sort((a, b) => Number(restartsSession(a)) - Number(restartsSession(b)));
    expect(updates.length).toBeGreaterThan(20);
    const answered: Record<string, number[]> = {};
    for (const route of updates) {
      for (const call of callsFor(route, routeFixtures[route.key]!, companyA.forOtherCompany)) {
        for (let time = 0; time < 2; time++) {
          const answer = await probeCall(env.runtime.url, { ...call, token: tokens['A admin'] });
          (answered[route.key] ??= []).push(answer.status);
        }
      }
    }
    const failed = Object.entries(answered).filter(([, statuses]) =>
      statuses.some((status) => status >= 500),
    );
    expect(failed).toEqual([]);
    // Most saves are A's own records with valid bodies: they must have been written, twice.
    const saved = Object.values(answered).filter((statuses) => statuses.every((status) => status < 300));
    expect(saved.length).toBeGreaterThan(updates.length / 2);

    const clients = createRuntimeDynamoClients(env.runtime.env.DYNAMODB_ENDPOINT!);
    const broken: string[] = [];
    try {
      let start: Record<string, unknown> | undefined;
      do {
        // A Scan: only a test may.
        const page = await clients.documents.send(
          new ScanCommand({ TableName: env.runtime.env.TABLE_NAME!, ExclusiveStartKey: start }),
        );
        for (const item of page.Items ?? [])
          broken.push(
            ...badWriteKeys({ Item: item }).map((line) => `${String(item.pk)} | ${String(item.sk)}: ${line}`),
          );
        start = page.LastEvaluatedKey;
      } while (start);
    } finally {
      clients.destroy();
    }
    expect(broken).toEqual([]);
  }, 180_000);
});
