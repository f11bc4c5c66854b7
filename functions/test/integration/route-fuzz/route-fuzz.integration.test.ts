/**
 * The route fuzz suite (docs/testing.md, "The route fuzz suite"): every route the code serves,
 * called by company B's admin with inputs generated from the route's own zod schemas —
 * valid-looking, of the wrong types, past their bounds, deeply nested, with company A's ids and
 * odd path parameters. No answer may be a 500, every error must be `{ "error": "ERR_..." }` from
 * the catalogue, and a refused write must leave the company's items as they were.
 *
 * `npm test` runs a few cases a route, half with a fixed seed and half with a new one (printed
 * with any failure: replay with ATENDE_FUZZ_SEED); `npm run fuzz` runs many more
 * (ATENDE_FUZZ_RUNS).
 */
import { resolve } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { errorCatalogue } from '@atende/shared/errors';
import { routeSchemasOf, type RouteSchemas } from '#http/route-list';
import { createRuntimeDynamoClients } from '../../../../infra/local/src/dynamo-clients.ts';
import { restModules } from '../../../src/manifest.ts';
import { routeKey, routesFromCode, type ListedRoute } from '../route-probe/routes-from-code.ts';
import type { ApiClient } from '../support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { arbitraryFor, deeplyNested, pathParamArbitrary, type Mode } from './arbitraries.ts';

// The worker's runtime first: the data layer names its table when a module is first imported.
const runtime = await startTestRuntime();
const routes = await routesFromCode();
const schemasByKey = await routeSchemas();

const runsPerRoute = Number(process.env.ATENDE_FUZZ_RUNS ?? 2);
const fixedSeed = 24;
const changingSeed = Number(process.env.ATENDE_FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Routes fuzzed side by side, each lane as its own company B. */
const laneCount = 4;

/** Outside services may be down: their errors say so (502/503 in the catalogue), never a 500. */
const outsideServiceStatuses = new Set([502, 503]);
/** Items that change on any request, refused or not: sessions, request budgets, attempt counters. */
const volatileSk = /^(SESSION#|BUDGET|ATTEMPT|RATE|USAGE|API#|LOGIN)/;

async function routeSchemas(): Promise<Map<string, RouteSchemas>> {
  const all = new Map<string, RouteSchemas>();
  const functionsRoot = resolve(import.meta.dirname, '../../..');
  for (const module of restModules) {
    const loaded = (await import(resolve(functionsRoot, module.entry))) as { handler?: unknown };
    for (const [key, schemas] of routeSchemasOf(loaded.handler) ?? []) all.set(key, schemas);
  }
  return all;
}

interface FuzzCase {
  params: Record<string, string>;
  query: string;
  /** A JSON value, or raw text sent as JSON (deep nesting, oversized bodies). */
  body: { json: unknown } | { raw: string } | undefined;
  kind: string;
}

function caseArbitrary(
  route: ListedRoute,
  schemas: RouteSchemas,
  ids: readonly number[],
): fc.Arbitrary<FuzzCase> {
  const names = [...route.path.matchAll(/\{([^}+]+)\+?\}/g)].map((m) => m[1]!);
  const params = fc.record(Object.fromEntries(names.map((name) => [name, pathParamArbitrary(ids)])));
  const schemaArb = (schema: z.core.$ZodType | undefined, mode: Mode, huge = true) =>
    schema ? arbitraryFor(schema, mode, ids, huge) : fc.constant(undefined);
  const query = fc
    .oneof(
      schemaArb(schemas.query, 'valid'),
      schemaArb(schemas.query, 'oversized', false),
      schemaArb(schemas.query, 'invalid'),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
    )
    .map(toQueryString);
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const body = withBody
    ? fc.oneof(
        schemaArb(schemas.body, 'valid').map((json) => ({ kind: 'valid', body: { json } })),
        schemaArb(schemas.body, 'oversized').map((json) => ({ kind: 'oversized', body: { json } })),
        schemaArb(schemas.body, 'invalid').map((json) => ({ kind: 'invalid', body: { json } })),
        fc.anything({ maxDepth: 3 }).map((json) => ({ kind: 'any', body: { json } })),
        fc
          .record({ depth: fc.constantFrom(50, 2_000, 20_000), arrays: fc.boolean() })
          .map(({ depth, arrays }) => ({ kind: 'nested', body: { raw: deeplyNested(depth, arrays) } })),
        fc.constantFrom(
          { kind: 'large', body: { raw: JSON.stringify({ name: 'x'.repeat(300 * 1024) }) } },
          { kind: 'malformed', body: { raw: '{"name": "sin cerrar' } },
        ),
      )
    : fc.constant({ kind: 'none', body: undefined });
  return fc
    .record({ params, query, body })
    .map(({ params, query, body }) => ({ params, query, body: body.body, kind: body.kind }) as FuzzCase);
}

function toQueryString(value: unknown): string {
  if (value === null || typeof value !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    for (const one of Array.isArray(item) ? item : [item])
      search.append(key, typeof one === 'string' ? one : JSON.stringify(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function pathOf(route: ListedRoute, params: Record<string, string>): string {
  return route.path.replace(/\{([^}+]+)\+?\}/g, (_, name: string) => params[name] ?? '');
}

describe('route fuzz', () => {
  let env: TestRuntime;
  /** Company B's of each lane: its admin calls, its items are checked after each refused write. */
  let lanes: { admin: ApiClient; companyId: number }[] = [];
  let companyA = 0;
  let ids: number[] = [];
  const counts = { routes: 0, cases: 0 };

  beforeAll(async () => {
    env = runtime;
    const adminA = env.client();
    companyA = (await signUpCompany(adminA, 'Fuzz A')).companyId;
    lanes = await Promise.all(
      Array.from({ length: laneCount }, async (_, lane) => {
        const admin = env.client();
        return { admin, companyId: (await signUpCompany(admin, `Fuzz B${lane}`)).companyId };
      }),
    );
    // A few of A's records, so ids in paths and bodies name another company's things.
    const tag = await adminA.post<{ id: number }>('/tags', { name: 'Etiqueta A', color: '#0a7cff' });
    const queue = await adminA.post<{ id: number }>('/queue', { name: 'Cola A', color: '#e91e63' });
    const contact = await adminA.post<{ id: number }>('/contacts', {
      name: 'Cliente A',
      number: '5511912345678',
    });
    const note = await adminA.post<{ id: number }>('/quick-messages', { shortcode: 'hola', message: 'Hola' });
    ids = [companyA, tag.body.id, queue.body.id, contact.body.id, note.body.id].filter(
      (id) => typeof id === 'number',
    );
    expect(ids.length).toBe(5);
  });

  afterAll(() => {
    console.info(
      `route fuzz: ${counts.routes} routes, ${counts.cases} cases (${runsPerRoute} a route), seeds ${fixedSeed} and ${changingSeed}`,
    );
  });

  async function companyItems(companyId: number): Promise<string> {
    const clients = createRuntimeDynamoClients(env.runtime.env.DYNAMODB_ENDPOINT!);
    try {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await clients.documents.send(
          new QueryCommand({
            TableName: env.runtime.env.TABLE_NAME!,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `C#${companyId}` },
            ExclusiveStartKey: start,
          }),
        );
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start);
      return JSON.stringify(items.filter((item) => !volatileSk.test(String(item.sk))));
    } finally {
      clients.destroy();
    }
  }

  async function send(admin: ApiClient, route: ListedRoute, fuzz: FuzzCase) {
    const headers: Record<string, string> = {};
    if (admin.token) headers.authorization = `Bearer ${admin.token}`;
    let body: string | undefined;
    if (fuzz.body) {
      headers['content-type'] = 'application/json';
      body = 'raw' in fuzz.body ? fuzz.body.raw : JSON.stringify(fuzz.body.json ?? null);
    }
    const answer = await fetch(`${env.runtime.url}/api${pathOf(route, fuzz.params)}${fuzz.query}`, {
      method: route.method,
      headers,
      body,
    });
    return { status: answer.status, text: await answer.text() };
  }

  function judge(status: number, text: string, what: string): void {
    const outside = outsideServiceStatuses.has(status);
    expect(status < 500 || outside, `${what} answered ${status}: ${text.slice(0, 300)}`).toBe(true);
    if (status < 400) return;
    let code: unknown;
    try {
      code = (JSON.parse(text) as { error?: unknown }).error;
    } catch {
      code = undefined;
    }
    expect(
      typeof code === 'string' && /^ERR_[A-Z0-9_]+$/.test(code),
      `${what} answered ${status} without an error code: ${text.slice(0, 300)}`,
    ).toBe(true);
    expect(Object.keys(errorCatalogue), `${what}: ${String(code)} is not in the catalogue`).toContain(code);
    if (outside) expect(errorCatalogue[code as keyof typeof errorCatalogue].status).toBe(status);
  }

  it('no route answers 500, every error is in the catalogue, refused writes change nothing', async () => {
    const before = await companyItems(companyA);
    const fuzzRoute = async (route: ListedRoute, lane: { admin: ApiClient; companyId: number }) => {
      const schemas = schemasByKey.get(routeKey(route)) ?? {};
      counts.routes += 1;
      const property = fc.asyncProperty(caseArbitrary(route, schemas, ids), async (fuzz) => {
        counts.cases += 1;
        const writes = route.method !== 'GET';
        const itemsBefore = writes ? await companyItems(lane.companyId) : '';
        const { status, text } = await send(lane.admin, route, fuzz);
        const what = `${route.key} (${fuzz.kind}) ${pathOf(route, fuzz.params).slice(0, 120)}${fuzz.query.slice(0, 120)}`;
        judge(status, text, what);
        if (writes && status >= 400 && !outsideServiceStatuses.has(status)) {
          expect(
            await companyItems(lane.companyId),
            `${what} was refused (${status}) but changed the company's items`,
          ).toBe(itemsBefore);
        }
      });
      const half = Math.max(1, Math.ceil(runsPerRoute / 2));
      await fc.assert(property, { seed: fixedSeed, numRuns: half, endOnFailure: true });
      await fc.assert(property, { seed: changingSeed, numRuns: half, endOnFailure: true });
    };
    // Each lane fuzzes every laneCount-th route with its own company B, so refused writes are
    // judged on a company no other lane writes to.
    await Promise.all(
      lanes.map(async (lane, index) => {
        for (const route of routes.filter((_, i) => i % laneCount === index)) await fuzzRoute(route, lane);
      }),
    );
    // Company A was only ever named, never changed.
    expect(await companyItems(companyA)).toBe(before);
  }, Math.max(600_000, runsPerRoute * 60_000));
});
