/**
 * Turns the routes the code serves and their fixtures into the probe's calls: who calls, with
 * which of company A's records, and what the answer may be (docs/security.md, "The route probe").
 */
import type { ProbeCall } from './call.ts';
import type { ConnectionTokenRouteFixture, Outcome, ProbeRecords, RouteFixture } from './fixtures.ts';
import type { ListedRoute } from './routes-from-code.ts';

/** Callers of the routes that take a connection token: B's own token, none, and one nobody holds. */
export type TokenCaller = 'B connection token' | 'no token' | 'unknown token';
/** `anonymous`: a public route called without any credential, from an address of its own. */
export type Caller = 'B admin' | 'B agent' | 'A queue agent' | 'A admin' | 'anonymous' | TokenCaller;

export interface PlannedCall {
  route: ListedRoute;
  caller: Caller;
  call: Omit<ProbeCall, 'token'>;
  /** Statuses the answer may have; `below500` for a read whose status is the route's own business. */
  allowed: readonly number[] | 'below500';
  /** Lower-case texts the answer must not contain. */
  mustNotSee: readonly string[];
  /** Writes in the caller's own company run after every other call, so their new ids cannot meet A's. */
  late: boolean;
  /**
   * A write A's queue agent may make in A by design (company-wide records: contacts, tags,
   * schedules): it changes A, so it runs after A's records are compared, deletions last.
   */
  changesA?: boolean;
}

export interface PlanContext {
  forOtherCompany: ProbeRecords;
  forQueueAgent: ProbeRecords;
  otherCompanyMustNotSee: readonly string[];
  queueAgentMustNotSee: readonly string[];
}

const statusesOf = (outcome: Outcome): readonly number[] =>
  outcome === 'denied' ? [403, 404] : outcome === 'own' ? [200, 201, 202, 204] : outcome;

const isWrite = (route: Pick<ListedRoute, 'method'>) => route.method !== 'GET';

/** Every `{param}` of the route's path the entry does not fill. */
function unfilledParams(route: ListedRoute, fixture: Pick<RouteFixture, 'params'>, where: string): string[] {
  const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const sample = fixture.params?.(sampleRecords) ?? {};
  return names
    .filter((name) => !(name in sample))
    .map((name) => `${where}: \`params\` does not fill {${name}}`);
}

/** Problems with the fixtures themselves: routes without one, entries without a route, missing parts. */
export function fixtureProblems(
  routes: readonly ListedRoute[],
  fixtures: Record<string, RouteFixture>,
): string[] {
  const problems: string[] = [];
  const keys = new Set(routes.map((route) => route.key));
  for (const route of routes) {
    const fixture = fixtures[route.key];
    const where = `${route.key} (module ${route.module}, access ${route.access})`;
    if (!fixture) {
      problems.push(`${where} has no entry in route-probe/fixtures.ts`);
      continue;
    }
    if (route.access === 'public' && !fixture.public)
      problems.push(`${where} is public: its entry needs \`public: { why }\``);
    if (route.access !== 'public' && fixture.public)
      problems.push(`${where} is not public: remove \`public\` from its entry`);
    if ((route.access === 'user' || route.access === 'admin') && !fixture.otherCompany)
      problems.push(`${where} needs \`otherCompany\`: what company B's users may get given company A's ids`);
    if (route.access === 'super' && (fixture.otherCompany || fixture.queueAgent))
      problems.push(
        `${where} is for super users: every other caller gets 403, drop \`otherCompany\`/\`queueAgent\``,
      );
    // A write open to agents is called by A's agent limited to one queue, with the other queue's
    // records: what it may do there is for the entry to say, never left out.
    if (route.access === 'user' && isWrite(route) && !fixture.queueAgent)
      problems.push(
        `${where} is a write agents may call: its entry needs \`queueAgent\` (what A's agent limited to one queue gets given the other queue's records)`,
      );
    problems.push(...unfilledParams(route, fixture, where));
  }
  for (const key of Object.keys(fixtures))
    if (!keys.has(key)) problems.push(`fixture "${key}" names a route the code no longer serves`);
  return problems;
}

/** Problems with the connection-token routes' entries: missing, left without a route, params unfilled. */
export function connectionTokenFixtureProblems(
  routes: readonly ListedRoute[],
  fixtures: Record<string, ConnectionTokenRouteFixture>,
): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const fixture = fixtures[route.key];
    const where = `${route.key} (module ${route.module}, connection token)`;
    if (!fixture) problems.push(`${where} has no entry in connectionTokenRouteFixtures`);
    else problems.push(...unfilledParams(route, fixture, where));
  }
  const keys = new Set(routes.map((route) => route.key));
  for (const key of Object.keys(fixtures))
    if (!keys.has(key))
      problems.push(`connection-token fixture "${key}" names a route the code no longer serves`);
  return problems;
}

const sampleRecords: ProbeRecords = {
  companyId: 1,
  userId: 1,
  ticketId: 1,
  ticketUuid: '00000000-0000-4000-8000-000000000000',
  contactId: 1,
  messageId: 'm',
  mediaMessageId: 'm',
  noteId: 1,
  tagId: 1,
  queueId: 1,
  agentQueueId: 1,
  queueOptionId: 1,
  whatsappId: 1,
  quickMessageId: 1,
  fileListId: 1,
  chatId: 1,
  scheduleId: 1,
  contactListId: 1,
  campaignId: 1,
  contactListItemId: 1,
  email: 'a@example.com',
  helpId: 1,
  planId: 1,
  announcementId: 1,
  webhookId: 1,
  webhookDeliveryId: '000000000-000000000000',
  queueIntegrationId: 1,
  promptId: 1,
  customerNumber: '5511900000000',
  marker: 'x',
};

export function callsFor(
  route: ListedRoute,
  fixture: Pick<RouteFixture, 'params' | 'query' | 'body' | 'form'>,
  records: ProbeRecords,
): Omit<ProbeCall, 'token'>[] {
  const params = fixture.params?.(records) ?? {};
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
  const queries = fixture.query?.(records) ?? [''];
  return queries.map((query) => ({
    method: route.method,
    path: query ? `${path}?${query}` : path,
    // A fresh body per call: a FormData is read once.
    ...(fixture.form ? { form: fixture.form(records) } : {}),
    ...(fixture.body ? { json: fixture.body(records) } : {}),
  }));
}

/** Every call of the probe, for routes whose fixtures have no problems. */
export function planCalls(
  routes: readonly ListedRoute[],
  fixtures: Record<string, RouteFixture>,
  context: PlanContext,
): PlannedCall[] {
  const planned: PlannedCall[] = [];
  const add = (
    route: ListedRoute,
    caller: Caller,
    outcome: Outcome | 'below500',
    late = false,
    changesA = false,
  ) => {
    const fixture = fixtures[route.key]!;
    const queueAgent = caller === 'A queue agent';
    const records = queueAgent ? context.forQueueAgent : context.forOtherCompany;
    const mustNotSee =
      caller === 'A admin' ? [] : queueAgent ? context.queueAgentMustNotSee : context.otherCompanyMustNotSee;
    const allowed = outcome === 'below500' ? outcome : statusesOf(outcome);
    for (const call of callsFor(route, fixture, records))
      planned.push({
        route,
        caller,
        call: caller === 'anonymous' ? { ...call, address: anonymousAddress } : call,
        allowed,
        mustNotSee,
        late,
        ...(changesA ? { changesA } : {}),
      });
  };
  for (const route of routes) {
    const fixture = fixtures[route.key]!;
    if (route.access === 'public') {
      if (fixture.public?.probe) add(route, 'B admin', fixture.public.probe);
      const anonymous = fixture.public?.anonymous ?? fixture.public?.probe;
      if (anonymous) add(route, 'anonymous', anonymous);
    } else if (route.access === 'super') {
      for (const caller of ['B admin', 'B agent', 'A queue agent', 'A admin'] as const)
        add(route, caller, [403]);
    } else {
      const otherCompany = fixture.otherCompany!;
      const late = otherCompany !== 'denied' && route.method !== 'GET';
      add(route, 'B admin', otherCompany, late);
      add(route, 'B agent', route.access === 'admin' ? [403] : otherCompany, late);
      if (route.access === 'admin') add(route, 'A queue agent', [403]);
      else if (fixture.queueAgent) {
        const mayWrite = isWrite(route) && statusesOf(fixture.queueAgent).some((status) => status < 300);
        add(route, 'A queue agent', fixture.queueAgent, false, mayWrite);
      } else if (route.method === 'GET') add(route, 'A queue agent', 'below500');
    }
  }
  return planned;
}

/**
 * The anonymous caller's address (the test runtime reads it from a header, as CloudFront's
 * viewer address): one of its own, so its tries spend no other client's per-address budget.
 */
const anonymousAddress = '203.0.113.77';

export interface ConnectionTokenPlanContext {
  forOtherCompany: ProbeRecords;
  otherCompanyMustNotSee: readonly string[];
}

/**
 * The calls of the routes that take a connection token: B's connection token with A's records
 * (the fixture's `otherCompany`), no token and a token nobody holds (401 unless the entry says).
 */
export function planConnectionTokenCalls(
  routes: readonly ListedRoute[],
  fixtures: Record<string, ConnectionTokenRouteFixture>,
  context: ConnectionTokenPlanContext,
): PlannedCall[] {
  const planned: PlannedCall[] = [];
  for (const route of routes) {
    const fixture = fixtures[route.key]!;
    const outcomes: [TokenCaller, Outcome][] = [
      ['B connection token', fixture.otherCompany],
      ['no token', fixture.noToken ?? [401]],
      ['unknown token', [401]],
    ];
    for (const [caller, outcome] of outcomes) {
      const allowed = statusesOf(outcome);
      const late = isWrite(route) && allowed.some((status) => status < 300);
      for (const call of callsFor(route, fixture, context.forOtherCompany))
        planned.push({ route, caller, call, allowed, mustNotSee: context.otherCompanyMustNotSee, late });
    }
  }
  return planned;
}

/** What is wrong with an answer to a planned call: its status, or bytes the caller must not see. */
export function judge(planned: PlannedCall, answer: { status: number; text: string }): string[] {
  const { route, caller, call, allowed, mustNotSee } = planned;
  const what = `${caller}: ${call.method} ${call.path} (route ${route.key})`;
  const problems: string[] = [];
  const statusOk = allowed === 'below500' ? answer.status < 500 : allowed.includes(answer.status);
  if (!statusOk)
    problems.push(
      `${what} answered ${answer.status}, expected ${String(allowed)}: ${answer.text.slice(0, 300)}`,
    );
  const leaked = mustNotSee.filter((text) => answer.text.includes(text));
  if (leaked.length > 0)
    problems.push(
      `${what} answered ${answer.status} with ${leaked.join(', ')}: ${answer.text.slice(0, 300)}`,
    );
  return problems;
}
