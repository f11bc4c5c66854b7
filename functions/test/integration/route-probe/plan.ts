/**
 * Turns the routes the code serves and their fixtures into the probe's calls: who calls, with
 * which of company A's records, and what the answer may be (docs/security.md, "The route probe").
 */
import type { ProbeCall } from './call.ts';
import type { Outcome, ProbeRecords, RouteFixture } from './fixtures.ts';
import type { ListedRoute } from './routes-from-code.ts';

export type Caller = 'B admin' | 'B agent' | 'A queue agent' | 'A admin';

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
}

export interface PlanContext {
  forOtherCompany: ProbeRecords;
  forQueueAgent: ProbeRecords;
  otherCompanyMustNotSee: readonly string[];
  queueAgentMustNotSee: readonly string[];
}

const statusesOf = (outcome: Outcome): readonly number[] =>
  outcome === 'denied' ? [403, 404] : outcome === 'own' ? [200, 201, 202, 204] : outcome;

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
    const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const sample = fixture.params?.(sampleRecords) ?? {};
    for (const name of names)
      if (!(name in sample)) problems.push(`${where}: \`params\` does not fill {${name}}`);
  }
  for (const key of Object.keys(fixtures))
    if (!keys.has(key)) problems.push(`fixture "${key}" names a route the code no longer serves`);
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
  marker: 'x',
};

function callsFor(
  route: ListedRoute,
  fixture: RouteFixture,
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
  const add = (route: ListedRoute, caller: Caller, outcome: Outcome | 'below500', late = false) => {
    const fixture = fixtures[route.key]!;
    const queueAgent = caller === 'A queue agent';
    const records = queueAgent ? context.forQueueAgent : context.forOtherCompany;
    const mustNotSee =
      caller === 'A admin' ? [] : queueAgent ? context.queueAgentMustNotSee : context.otherCompanyMustNotSee;
    const allowed = outcome === 'below500' ? outcome : statusesOf(outcome);
    for (const call of callsFor(route, fixture, records))
      planned.push({ route, caller, call, allowed, mustNotSee, late });
  };
  for (const route of routes) {
    const fixture = fixtures[route.key]!;
    if (route.access === 'public') {
      if (fixture.public?.probe) add(route, 'B admin', fixture.public.probe);
    } else if (route.access === 'super') {
      for (const caller of ['B admin', 'B agent', 'A queue agent', 'A admin'] as const)
        add(route, caller, [403]);
    } else {
      const otherCompany = fixture.otherCompany!;
      const late = otherCompany !== 'denied' && route.method !== 'GET';
      add(route, 'B admin', otherCompany, late);
      add(route, 'B agent', route.access === 'admin' ? [403] : otherCompany, late);
      if (route.access === 'admin') add(route, 'A queue agent', [403]);
      else if (fixture.queueAgent) add(route, 'A queue agent', fixture.queueAgent);
      else if (route.method === 'GET') add(route, 'A queue agent', 'below500');
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
