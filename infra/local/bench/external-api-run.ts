/**
 * The external message API (docs/performance.md, "External message API"): POST /api/messages/send
 * from 50 concurrent callers of one company (its plan's limits set high, so the API itself is
 * measured: req/s, p99 and table calls per send), then the throttle: a second company on a plan
 * of a few requests a second sends as fast as it can while the first keeps sending, and only the
 * second is held to its rate. Both go through the local gateway's authorizer and usage plans.
 */
import { ApiClient } from '../../../functions/test/integration/support/api-client.ts';
import { runOperation, type LoadRequest, type OperationResult } from './load.ts';
import { superUser } from './setup.ts';
import { callsByOperation, perRequestUsage, splitCalls, type CallSplit, type UsageCounts } from './usage.ts';

export interface ExternalApiBenchResult {
  callers: number;
  sends: Pick<OperationResult, 'requestsPerSecond' | 'latency' | 'statusCodes' | 'ok' | 'sent' | 'non2xx' | 'errors'>;
  /** DynamoDB calls per send written (answered or still in flight at the end), idle polling taken out, by operation. */
  tableCallsPerSend: { perRequest: number; byOperation: Record<string, number> };
  /** Per send, every kind of call apart, and every counter (usage.ts). */
  callsPerSend?: CallSplit;
  usagePerSend?: UsageCounts;
  throttle: {
    durationSeconds: number;
    /** The throttled company's plan. */
    plan: { rateLimit: number; burstLimit: number };
    /** Its accepted sends per second over the run, and the 429s it got. */
    throttledAcceptedPerSecond: number;
    throttled429: number;
    /** The first company's figures during the same seconds. */
    unaffectedRequestsPerSecond: number;
    unaffected429: number;
  };
}

function expectStatus(answer: { status: number; body: unknown }, wanted: number, what: string): void {
  if (answer.status !== wanted)
    throw new Error(`${what}: expected ${wanted}, got ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** A plan for the external API with these limits (quota 0: none). */
async function planWithLimits(root: ApiClient, name: string, rate: number, burst: number): Promise<number> {
  const plan = await root.post<{ id: number }>('/plans', {
    name: `${name} ${Date.now().toString(36)}`,
    users: 5,
    connections: 5,
    queues: 5,
    value: 0,
    apiRateLimit: rate,
    apiBurstLimit: burst,
    apiMonthlyQuota: 0,
  });
  expectStatus(plan, 201, `creating the plan ${name}`);
  return plan.body.id;
}

const sendsOf =
  (token: string, prefix: string) =>
  (connection: number): LoadRequest[] => [
    {
      method: 'POST',
      path: '/messages/send',
      // One contact per caller: each caller's sends go to its own conversation.
      body: { number: `${prefix}${String(connection).padStart(4, '0')}`, body: 'Mensaje de la API (bench)' },
      token,
      tag: 'send',
    },
  ];

export async function runExternalApiBench(options: {
  url: string;
  admin: ApiClient;
  companyId: number;
  whatsappId: number;
  callers: number;
  durationSeconds: number;
  calls: () => Promise<Record<string, number>>;
  /** Idle DynamoDB calls per second, by operation. */
  background: Record<string, number>;
  quiet: () => Promise<unknown>;
  onProgress: (line: string) => void;
}): Promise<ExternalApiBenchResult> {
  const root = new ApiClient(options.url);
  expectStatus(await root.login(superUser.email, superUser.password), 200, 'super user sign-in');

  // The measured company on a plan that does not throttle it (the port moves its key at once).
  const open = await planWithLimits(root, 'Bench API abierta', 10_000, 5_000);
  expectStatus(await root.put(`/companies/${options.companyId}`, { planId: open }), 200, 'moving the company to the open plan');
  const connection = await options.admin.get<{ token?: string }>(`/whatsapp/${options.whatsappId}`);
  const token = connection.body.token;
  if (!token) throw new Error('the connection answered no token');

  // Each caller's first send makes its contact and ticket; one send each beforehand, so the
  // measured run is the steady case (a conversation that exists), as an integration sends.
  options.onProgress(`external API: ${options.callers} callers' first sends…`);
  const warmUp = sendsOf(token, '5511990');
  await Promise.all(
    Array.from({ length: options.callers }, async (_, caller) => {
      const [request] = warmUp(caller);
      await fetch(`${options.url}/api${request!.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(request!.body),
      });
    }),
  );
  options.onProgress(`external API: ${options.callers} callers for ${options.durationSeconds} s…`);
  await options.quiet();
  const before = await options.calls();
  const started = performance.now();
  const sends = await runOperation({
    url: options.url,
    name: 'external-api',
    connections: options.callers,
    durationSeconds: options.durationSeconds,
    requestsOf: sendsOf(token, '5511990'),
  });
  // The sends' own work (the connector's command, the sandbox outbox) counts too.
  await options.quiet();
  const seconds = (performance.now() - started) / 1000;
  const after = await options.calls();
  // The product table's calls only (usage.ts): the stand-ins, stream reads and posts apart.
  // Per send written: the ones still in flight when the run ended were carried out too (their
  // calls are in `after`), only unanswered; dividing by the answered ones alone overstated a short
  // run's calls per send by up to a caller's request each (15.9 against 10.9 at 50 callers, 5 s).
  const usage = perRequestUsage(before, after, options.background, seconds, sends.sent);
  const byOperation = Object.fromEntries(Object.entries(callsByOperation(usage)).filter(([name]) => name.startsWith('table.')));
  const perRequest = splitCalls(usage).tableCalls;

  // The throttle: a second company on a plan of 5 requests a second (burst 5).
  const throttledPlan = { rateLimit: 5, burstLimit: 5 };
  const slow = await planWithLimits(root, 'Bench API lenta', throttledPlan.rateLimit, throttledPlan.burstLimit);
  const stamp = Date.now().toString(36);
  const email = `api-lenta-${stamp}@bench.test`;
  expectStatus(
    await root.post('/companies', { name: `Bench API lenta ${stamp}`, email, password: 'admin1', planId: slow }),
    201,
    'creating the throttled company',
  );
  const other = new ApiClient(options.url);
  expectStatus(await other.login(email, 'admin1'), 200, 'the throttled company admin sign-in');
  const otherConnection = await other.post<{ token: string }>('/whatsapp', {
    name: 'API lenta',
    provider: 'sandbox',
    isDefault: true,
  });
  expectStatus(otherConnection, 201, 'the throttled company connection');
  await options.quiet();
  options.onProgress(`external API: throttle, two companies for ${options.durationSeconds} s…`);
  const half = Math.max(1, Math.floor(options.callers / 2));
  const [unaffected, throttled] = await Promise.all([
    runOperation({
      url: options.url,
      name: 'external-api-unaffected',
      connections: half,
      durationSeconds: options.durationSeconds,
      requestsOf: sendsOf(token, '5511980'),
    }),
    runOperation({
      url: options.url,
      name: 'external-api-throttled',
      connections: half,
      durationSeconds: options.durationSeconds,
      requestsOf: sendsOf(otherConnection.body.token, '5511970'),
    }),
  ]);
  return {
    callers: options.callers,
    sends: {
      requestsPerSecond: sends.requestsPerSecond,
      latency: sends.latency,
      statusCodes: sends.statusCodes,
      ok: sends.ok,
      sent: sends.sent,
      non2xx: sends.non2xx,
      errors: sends.errors,
    },
    tableCallsPerSend: { perRequest, byOperation },
    callsPerSend: splitCalls(usage),
    usagePerSend: usage,
    throttle: {
      durationSeconds: options.durationSeconds,
      plan: throttledPlan,
      throttledAcceptedPerSecond: throttled.requestsPerSecond,
      throttled429: throttled.statusCodes['429'] ?? 0,
      unaffectedRequestsPerSecond: unaffected.requestsPerSecond,
      unaffected429: unaffected.statusCodes['429'] ?? 0,
    },
  };
}
