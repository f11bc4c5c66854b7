import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client.ts';
import { agentOf } from '../support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { inPool, probeCall } from './call.ts';
import { setUpCompanyA, type CompanyA } from './company-a.ts';
import { routeFixtures } from './fixtures.ts';
import { fixtureProblems, judge, planCalls, type Caller, type PlannedCall } from './plan.ts';
import { routesFromCode } from './routes-from-code.ts';

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

describe('route probe: fixtures', () => {
  it('has an entry for every route the code serves, and a route for every entry', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(fixtureProblems(routes, routeFixtures)).toEqual([]);
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

  beforeAll(async () => {
    env = runtime;
    companyA = await setUpCompanyA(env);
    const adminB: ApiClient = env.client();
    const companyB = await signUpCompany(adminB, 'Empresa B');
    ownEmailOfB = companyB.admin.email.toLowerCase();
    const { agent: agentB } = await agentOf(adminB, companyB.companyId, 'sonda-b');
    tokens['B admin'] = adminB.token!;
    tokens['B agent'] = agentB.token!;
    tokens['A queue agent'] = companyA.agent.token!;
    tokens['A admin'] = companyA.admin.token!;
  });
  afterAll(async () => env?.stop());

  it("never answers a caller with another company's, another queue's or a super user's data, and changes nothing of A", async () => {
    // Read twice before: a first read settles what reading changes (unread counts), the second is the reference.
    await companyA.snapshot();
    const before = await companyA.snapshot();
    const planned = planCalls(routes, routeFixtures, companyA);
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    const run = async (planned: PlannedCall) => {
      const answer = await probeCall(env.runtime.url, { ...planned.call, token: tokens[planned.caller] });
      const seen = `${planned.caller} ${answer.status}`;
      statuses[seen] = (statuses[seen] ?? 0) + 1;
      failures.push(...judge(planned, answer));
    };
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

    // Every route that needs a token was called; the public ones not called say why in their entry.
    const called = new Set(planned.map((p) => p.route.key));
    expect(routes.filter((r) => r.access !== 'public' && !called.has(r.key)).map((r) => r.key)).toEqual([]);
    expect(await companyA.snapshot()).toEqual(before);
  });

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

    // And the snapshot sees a change to one of A's records.
    const before = await companyA.snapshot();
    expect(
      (await companyA.admin.put(`/tags/${companyA.forOtherCompany.tagId}`, { color: '#654321' })).status,
    ).toBe(200);
    expect(await companyA.snapshot()).not.toEqual(before);
  });
});
