/**
 * `npm run bench`: the product's speed on this machine, per size of company (docs/performance.md).
 *
 * For each size: a fresh runtime (its own process and data folder), the company made through the
 * API, the seeded history written straight into DynamoDB Local's file (seed.ts; or copied from
 * .bench/seed), a restart, then the agents signed in with their WebSockets: one request of each
 * operation alone, then each agent operation under autocannon for --duration seconds, with the
 * customers' burst before the replies at the largest size. Results go to
 * .bench/results-<timestamp>.json and .bench/latest.json, and a table to stdout.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildWeb, ensureFunctionBundles, webBuildExists } from '../src/build-steps.ts';
import { javaIsUsable, javaMissingMessage } from '../src/java.ts';
import { parseBenchArgs, usage, type BenchOptions } from './args.ts';
import { runBurst, type BurstResult } from './burst.ts';
import { estimatedItemCount } from './items.ts';
import { runOperation, type LoadRequest } from './load.ts';
import { cpuSeconds as processCpuSeconds, cpuUsage, MemorySampler, rssMb, waitUntilIdle, type MemoryPeak } from './memory.ts';
import { anchors, evaluateTargets, operationLabels, printReport, type DynamoCalls, type MeasuredOperation, type SizeReport } from './report.ts';
import { startRuntimeProcess, type RuntimeProcess } from './runtime-process.ts';
import { idleRates, probe, type ProbeResult } from './probe.ts';
import { sqliteAvailable } from './bulk-load.ts';
import { seedClient, seedCompany, seedCounters, seedIntoFile, setStream } from './seed.ts';
import { benchDir, hasSeed, restoreSeed, saveSeed, seedKey, type CachedSeed } from './seed-cache.ts';
import { openLiveSocket, type LiveSocket } from './live-socket.ts';
import { setUpCompany, signIn, inLanes, superUser } from './setup.ts';
import { setUpKanbanLanes } from './kanban-lanes.ts';
import { runScheduledBurst, type ScheduledBurstResult } from './scheduled-burst.ts';
import { runExternalApiBench, type ExternalApiBenchResult } from './external-api-run.ts';
import { runCampaignBench, type CampaignBenchResult } from './campaign-run.ts';
import { runWebhookBench, webhookBenchText, type WebhookBenchResult } from './webhook-run.ts';
import { burstPlan, generateShape, shapeVersion, type Shape } from './shape.ts';
import { formatDuration, rounded } from './stats.ts';
import { stageLines, stageSplit, type TracedMessage } from './stages.ts';
import { footprintText, measureFootprint, type Footprint } from './footprint.ts';
import { currentPhase, runPhase, type PhaseFailure } from './phases.ts';
import { billedUsage, callsByOperation, perRequestUsage, splitCalls, withoutFunction } from './usage.ts';
import { costOf, costText } from './cost.ts';
import { countedUsageFile, countedUsageOf } from './counted-usage.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const started = Date.now();
const clock = () => formatDuration((Date.now() - started) / 1000).padStart(9);
const interactive = process.stdout.isTTY;
let statusLine = '';
/** A progress line that rewrites itself on a terminal and prints every few seconds otherwise. */
let lastPrinted = 0;
function status(text: string, { force = false } = {}): void {
  statusLine = `[${clock()}] ${text}`;
  if (interactive) process.stdout.write(`\r\x1b[2K${statusLine}`);
  else if (force || Date.now() - lastPrinted > 5000) {
    console.log(statusLine);
    lastPrinted = Date.now();
  }
}
function say(text: string): void {
  if (interactive && statusLine) process.stdout.write('\r\x1b[2K');
  console.log(`[${clock()}] ${text}`);
  statusLine = '';
}

const cleanups: (() => Promise<void>)[] = [];
let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  say('Interrupted: stopping the runtime and removing its data…');
  void (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    process.exit(130);
  })();
});

function machine() {
  const model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim();
  return {
    cpus: availableParallelism(),
    cpuModel: model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

/**
 * Rough seconds each phase takes, for the ETA; measured on 2 shared cores (docs/performance.md):
 * the company ~10 s; the seed ~19,000 items/s into the file (~1,500/s through the API); the
 * restart 6 s plus ~1 s per 150,000 items; sign-ins, idle polling and probes ~30 s; each
 * operation its duration plus ~1 s of waiting, and ~10 s for what the searches leave queued; the
 * steady phase its messages over its rate plus ~5 s; the burst ~1 s per 40 messages. (The replies' queued sends, ~2.5 times their duration, are not
 * waited for: they come last.)
 */
function estimateSeconds(options: BenchOptions, size: number, cached: boolean): number {
  const items = estimatedItemCount(generateShapeCount(size));
  const seeding = cached ? 5 + items / 200_000 : 10 + (seedMethod(options) === 'file' ? 2 + items / 19_000 : items / 1_500);
  const restart = 6 + items / 150_000;
  const operations = 7 * (options.durationSeconds + options.warmUpSeconds + 2) + 10;
  const burst = options.burst > 0 && (options.burstEverySize || size === Math.max(...options.sizes)) ? 5 + options.burst / 40 : 0;
  const steady = options.steady > 0 ? 5 + options.steady / options.steadyRate : 0;
  // 1,000 contacts and schedules through the API, the minute they are due in, and their sends.
  const schedules = size === Math.max(...options.sizes) ? 240 : 0;
  // The campaign: its .xlsx import (~90 rows/s), its sends (~6 recipients/s: 8.7 at 10,000 and
  // 6.1 at 1,000 on an AMD EPYC in 2026-12's runs; the 2/s before the claims' batches made the
  // full run's ETA 108 min for 52) and the pacing (~60 s).
  const recipients = Math.min(size, 10_000);
  const campaign = size === Math.max(...options.sizes) ? recipients / 90 + recipients / 6 + 90 : 0;
  return seeding + restart + 30 + operations + steady + burst + schedules + campaign;
}
function generateShapeCount(size: number): Shape {
  // estimatedItemCount only needs the lengths: a shape-like object without generating it.
  const contacts = Math.max(1, Math.round(size * 0.1) + Math.round(size * 0.3));
  return { tickets: { length: size }, contacts: { length: contacts } } as unknown as Shape;
}

interface AgentSession {
  token: string;
  userId: number;
}

function operationRequests(shape: Shape, agents: AgentSession[], admin: AgentSession, queueId: number) {
  const withTickets = shape.openedByAgent.map((ids, index) => ({ ids, index })).filter((entry) => entry.ids.length > 0);
  const openedFor = (connection: number) => {
    const own = shape.openedByAgent[connection % agents.length] ?? [];
    if (own.length > 0) return { agent: agents[connection % agents.length]!, ids: own };
    // An agent with no open ticket of its own (tiny sizes) works as a colleague who has some.
    const other = withTickets[connection % Math.max(1, withTickets.length)];
    return other ? { agent: agents[other.index]!, ids: other.ids } : undefined;
  };
  const agentOf = (connection: number) => agents[connection % agents.length]!;
  const list = (status: string) => (connection: number): LoadRequest[] => [
    { method: 'GET', path: `/tickets?status=${status}&showAll=false&pageNumber=1`, token: agentOf(connection).token, tag: status },
  ];
  return {
    listOpen: list('open'),
    listPending: list('pending'),
    // The kanban board of an agent (its queues, as the screen asks): every lane's first page.
    kanban: (connection: number): LoadRequest[] => [
      { method: 'GET', path: `/ticket/kanban?queueIds=${encodeURIComponent(`[${queueId}]`)}`, token: agentOf(connection).token, tag: 'kanban' },
    ],
    search: (connection: number): LoadRequest[] =>
      shape.searchesByAgent[connection % agents.length]!.map((query) => ({
        method: 'GET',
        path: `/tickets?searchParam=${encodeURIComponent(query.text)}&pageNumber=1`,
        token: agentOf(connection).token,
        tag: query.kind,
      })),
    messages: (connection: number): LoadRequest[] => {
      const opened = openedFor(connection);
      return opened ? opened.ids.map((id) => ({ method: 'GET', path: `/messages/${id}`, token: opened.agent.token, tag: 'messages' })) : [];
    },
    dashboard: (): LoadRequest[] => [{ method: 'GET', path: '/dashboard?days=90', token: admin.token, tag: 'dashboard' }],
    reply: (connection: number): LoadRequest[] => {
      const opened = openedFor(connection);
      return opened
        ? opened.ids.map((id, i) => ({ method: 'POST', path: `/messages/${id}`, body: { body: `Hola, ya lo reviso (${i + 1})` }, token: opened.agent.token, tag: 'reply' }))
        : [];
    },
  };
}

/**
 * Calls of every kind (and what the cost needs) per inbound message of the phase, idle polling
 * taken out, and without the sandbox's own (its POST stands for the customer writing on WhatsApp;
 * in AWS the connector hears the message from WhatsApp through no REST request).
 */
function perMessage(before: Record<string, number>, after: Record<string, number>, background: Record<string, number>, seconds: number, messages: number): DynamoCalls {
  const usage = withoutFunction(perRequestUsage(before, after, background, seconds, messages), 'sandbox');
  const byOperation = callsByOperation(usage);
  const total = Math.round(Object.values(byOperation).reduce((sum, n) => sum + n, 0) * 10) / 10;
  return { perRequest: total, byOperation, total: total * messages, ...splitCalls(usage), usage };
}

/** The probe's requests: each distinct request of the first connections, at most 4. */
function probeRequests(requestsOf: (connection: number) => LoadRequest[]): LoadRequest[] {
  const distinct = new Map<string, LoadRequest>();
  for (let connection = 0; connection < 4 && distinct.size < 4; connection += 1) {
    for (const request of requestsOf(connection)) if (distinct.size < 4) distinct.set(`${request.method} ${request.path} ${request.token}`, request);
  }
  return [...distinct.values()];
}

type OperationName = keyof ReturnType<typeof operationRequests>;

let sqliteFound: boolean | undefined;
/** Straight into DynamoDB Local's file when the `sqlite3` command is there (bulk-load.ts). */
function seedMethod(options: BenchOptions): 'file' | 'api' {
  sqliteFound ??= sqliteAvailable();
  return options.seedViaApi || !sqliteFound ? 'api' : 'file';
}

function seedKeyOf(options: BenchOptions, size: number): Promise<string> {
  return seedKey({ shapeVersion, size, agents: options.agents, opened: options.openedPerAgent });
}
/**
 * The reads first and the replies last (after the burst at the largest size): every phase starts
 * on an idle runtime, so what the previous one left queued is waited for, and 20 s of replies
 * leave ~50 s of queued sends (the connector, the stream work); after the last phase the runtime
 * just stops. What the reads leave is a few seconds.
 */
const operationOrder: OperationName[] = ['messages', 'dashboard', 'listOpen', 'listPending', 'kanban', 'search', 'reply'];

async function runSize(options: BenchOptions, size: number, index: number, remainingEstimate: () => number): Promise<SizeReport> {
  const label = `${size >= 1000 ? `${size / 1000}k` : size} tickets (${index + 1}/${options.sizes.length})`;
  const eta = () => `ETA ~${formatDuration(remainingEstimate())}`;
  const base = options.dataDir ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
  await mkdir(base, { recursive: true });
  const dataDir = await mkdtemp(join(base, `atende-bench-${size}-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const logFile = join(benchDir, `runtime-${size}.log`);
  await writeFile(logFile, '');
  // 50 agents on one address at full speed: the gateway's per-address budget (the WAF rule's
  // stand-in) would measure itself instead of the product, so it is off. The per-company budget
  // stays on, far above what the bench sends, so its cost (the REST functions' shared counter,
  // written at most every 2 s per company and container) is in every table-call figure.
  const runtimeEnv = {
    ADMIN_EMAIL: superUser.email,
    ADMIN_PASSWORD: superUser.password,
    ATENDE_RATE_LIMIT_PER_ADDRESS: '0',
    ATENDE_RATE_LIMIT_PER_COMPANY: '100000000',
    // The call counter asks DynamoDB Local for each call's capacity units (call-counter.mjs).
    ATENDE_BENCH_CAPACITY: '1',
  };
  let runtime: RuntimeProcess | undefined;
  const stopRuntime = async () => {
    await runtime?.stop();
    runtime = undefined;
  };
  cleanups.push(stopRuntime);

  const key = await seedKeyOf(options, size);
  let seed: CachedSeed | undefined = options.freshSeed ? undefined : await restoreSeed(size, key, dataDir);
  const seedCached = seed !== undefined;
  if (seed) {
    say(`${label}: seeded data copied from .bench/seed (${seed.items.toLocaleString('en-US')} items; --fresh-seed to write it again)`);
  } else {
    status(`${label}: starting a runtime to create the company… ${eta()}`, { force: true });
    runtime = await startRuntimeProcess({ dataDir, env: runtimeEnv, logFile });
    const setup = await setUpCompany(runtime.url, { agents: options.agents, label: `s${size}` });
    const nowMs = Date.now();
    const shape = generateShape({ tickets: size, agents: options.agents, openedPerAgent: options.openedPerAgent, nowMs });
    const client = seedClient(runtime.env.DYNAMODB_ENDPOINT!);
    const expected = estimatedItemCount(shape);
    const target = { companyId: setup.companyId, whatsappId: setup.whatsappId, queueId: setup.queueId, agentUserIds: setup.agents.map((a) => a.userId) };
    const method = seedMethod(options);
    let seedStart = performance.now();
    const progress = (written: number) => {
      const seconds = (performance.now() - seedStart) / 1000;
      const rate = written / Math.max(0.001, seconds);
      status(
        `${label}: seeding ${written.toLocaleString('en-US')}/~${expected.toLocaleString('en-US')} items ${method === 'file' ? 'into the file ' : ''}` +
          `(${Math.round(rate).toLocaleString('en-US')}/s, ~${formatDuration(Math.max(0, expected - written) / Math.max(1, rate))} left) ${eta()}`,
      );
    };
    await setStream(client, false);
    let written: { items: number; counts: Record<string, number> };
    if (method === 'file') {
      // The few writes that update items made through the API go through it too; then the
      // items, straight into the stopped DynamoDB Local's file.
      await seedCounters(client, shape, target);
      await setStream(client, true);
      client.destroy();
      await stopRuntime();
      seedStart = performance.now();
      written = await seedIntoFile(join(dataDir, 'dynamodb'), shape, target, progress);
    } else {
      written = await seedCompany(client, shape, target, progress);
      await setStream(client, true);
      client.destroy();
      await stopRuntime();
    }
    const { items, counts } = written;
    const seedSeconds = (performance.now() - seedStart) / 1000;
    seed = { setup, nowMs, items, counts, seedSeconds, itemsPerSecond: items / seedSeconds, method };
    say(`${label}: seeded ${items.toLocaleString('en-US')} items ${method === 'file' ? "into DynamoDB Local's file" : 'through the API'} in ${formatDuration(seedSeconds)} (${Math.round(seed.itemsPerSecond)}/s)`);
    // A copy saves the half hour the API takes at 100k; the file write takes about as long as the copy.
    if (!options.noSeedCache && method === 'api') {
      status(`${label}: keeping a copy of the seeded data in .bench/seed… ${eta()}`, { force: true });
      await saveSeed(size, key, dataDir, seed);
    }
  }
  const shape = generateShape({ tickets: size, agents: options.agents, openedPerAgent: options.openedPerAgent, nowMs: seed.nowMs });
  const { setup } = seed;

  status(`${label}: starting the runtime on the seeded data… ${eta()}`, { force: true });
  const restartStart = performance.now();
  runtime = await startRuntimeProcess({
    dataDir,
    env: runtimeEnv,
    logFile,
    ...(options.profile ? { cpuProfileDir: join(benchDir, 'profiles', `runtime-${size}-${new Date().toISOString().replace(/[:.]/g, '-')}`) } : {}),
  });
  const startSeconds = (performance.now() - restartStart) / 1000;
  const rt = runtime;
  const memory = new MemorySampler({ runtime: rt.pid, dynamodb: rt.dynamoPid, bench: process.pid }, currentPhase);
  const memoryAtStart = { runtime: rssMb(rt.pid), dynamodb: rt.dynamoPid ? rssMb(rt.dynamoPid) : undefined };
  memory.start();

  status(`${label}: signing in ${options.agents} agents and opening their WebSockets… ${eta()}`, { force: true });
  const admin = await signIn(rt.url, setup.admin);
  const agentClients = await inLanes(setup.agents, 4, (account) => signIn(rt.url, account));
  const agents: AgentSession[] = agentClients.map((client, i) => ({ token: client.token!, userId: setup.agents[i]!.userId }));
  const adminSession: AgentSession = { token: admin.token!, userId: setup.admin.userId };
  const adminSocket = await openLiveSocket(rt.url, admin.token!);
  const agentSockets: LiveSocket[] = await inLanes(agents, 10, (agent) => openLiveSocket(rt.url, agent.token));
  const closeSockets = async () => {
    await Promise.all([adminSocket, ...agentSockets].map((socket) => socket.close()));
  };
  cleanups.push(closeSockets);
  // Access tokens last 15 minutes: refreshed (same sessions, so the sockets stay valid) when old.
  let signedInAt = Date.now();
  const freshTokens = async () => {
    if (Date.now() - signedInAt < 8 * 60_000) return;
    const refreshed = await inLanes([admin, ...agentClients], 4, async (client) => {
      const answer = await client.post<{ token: string }>('/auth/refresh_token');
      if (answer.status !== 200) throw new Error(`refreshing a token: HTTP ${answer.status}`);
      return answer.body.token;
    });
    adminSession.token = refreshed[0]!;
    refreshed.slice(1).forEach((token, i) => (agents[i]!.token = token));
    signedInAt = Date.now();
  };

  const dashboardProbe = await admin.get('/dashboard?days=90');
  const dashboardAvailable = dashboardProbe.status === 200;
  if (!dashboardAvailable) say(`${label}: GET /api/dashboard?days=90 answered HTTP ${dashboardProbe.status}: dashboard not available`);
  status(`${label}: two kanban lanes, three of each agent's open tickets on them… ${eta()}`, { force: true });
  await setUpKanbanLanes(admin, agentClients, shape.openedByAgent);
  const requests = operationRequests(shape, agents, adminSession, setup.queueId);
  // --counts-only: the reply alone (and the steady customers before it), nothing under load.
  const measured = options.countsOnly
    ? (['reply'] as OperationName[])
    : operationOrder.filter((name) => name !== 'dashboard' || dashboardAvailable);

  // Nothing left to do: no live event for a second (queued sends, stream work) and, at the same
  // time, the runtime and DynamoDB Local idle over the last half second. What an operation left
  // running (requests autocannon stopped waiting for, queued sends) finishes before the next phase.
  const busyPids = [rt.pid, ...(rt.dynamoPid ? [rt.dynamoPid] : [])];
  let lastLiveEvent = performance.now();
  adminSocket.onEvent(() => (lastLiveEvent = performance.now()));
  // A runtime under --cpu-prof spends ~0.4 of a core sampling its threads even when idle, which
  // the default threshold (0.3) would take for work: every wait would run out its maximum.
  const busyShare = options.profile ? 0.8 : 0.3;
  const quiet = (maxMs = 180_000) =>
    waitUntilIdle(busyPids, { maxMs, busyShare, also: () => performance.now() - lastLiveEvent >= 1000 });
  // What the runtime calls on its own when idle (stream and queue polling), to tell apart from
  // what the requests cost; the probes below take it out of their figures too.
  const idle = await idleRates(rt, 2, quiet);
  const background = idle.calls;

  // First, one request of each kind alone on the idle runtime (also the warm-up: first calls of
  // each path, JIT, connection pools): its own wall time, CPU and calls, before any load.
  // A phase that fails is reported with its error; the others keep their figures (phases.ts).
  const failedPhases: PhaseFailure[] = [];
  const reportFailure = (failure: PhaseFailure) => say(`${label}: ${failure.phase} failed: ${failure.error}`);
  const single: Partial<Record<OperationName, ProbeResult>> = {};
  for (const name of measured) {
    status(`${label}: one ${operationLabels[name]} request alone… ${eta()}`, { force: true });
    single[name] = await runPhase(failedPhases, `${operationLabels[name]} alone`, () => probe(rt, probeRequests(requests[name]), quiet, idle), reportFailure);
  }

  const operations: Partial<Record<OperationName, MeasuredOperation>> = {};
  let burst: BurstResult | undefined;
  let steady: BurstResult | undefined;
  const largest = Math.max(...options.sizes);
  const customersWrite = async (kind: 'steady' | 'burst', count: number, ratePerSecond?: number): Promise<BurstResult> => {
    const what = kind === 'burst' ? 'the burst' : `${count} messages at ${ratePerSecond}/s`;
    status(`${label}: waiting for the runtime to finish the previous phase before ${what}… ${eta()}`, { force: true });
    await quiet();
    await freshTokens();
    admin.token = adminSession.token;
    const tag = Date.now().toString(36).toUpperCase();
    const prefix = kind === 'burst' ? 'BENCH' : 'STEADY';
    const plan = burstPlan(shape, count, Math.min(options.burstContacts, count), kind === 'burst' ? 7 : 11).map((message, i) => ({
      ...message,
      id: `${prefix}${tag}${String(i).padStart(5, '0')}`,
    }));
    const phaseCpu = cpuUsage({ runtime: rt.pid, dynamodb: rt.dynamoPid, bench: process.pid });
    const callsBefore = await rt.dynamoCalls();
    const phaseStart = performance.now();
    let settled: { calls: Record<string, number>; cpuSeconds: Record<string, number>; atMs: number } | undefined;
    // The steady phase is traced stage by stage (stages.ts); the burst is a throughput figure.
    let timeline: TracedMessage[] = [];
    if (kind === 'steady') await rt.startTracing(`${prefix}${tag}\\d{5}`);
    // What the sockets heard, by event and action: where the phase's socket posts go.
    const heard = new Map<string, number>();
    const stopHearing = [adminSocket, ...agentSockets].map((socket) =>
      socket.onEvent((event) => {
        const name = `${event.event}:${String(event.data.action ?? '')}`;
        heard.set(name, (heard.get(name) ?? 0) + 1);
      }),
    );
    const result = await runBurst({
      admin,
      adminSocket,
      whatsappId: setup.whatsappId,
      messages: plan,
      concurrency: options.agents,
      ...(ratePerSecond ? { ratePerSecond } : {}),
      // The phase's calls and CPU end here: the storage check after it reads every touched
      // ticket's messages, which is the bench's verification, not the messages' cost.
      settled: async () => {
        await quiet();
        settled = { calls: await rt.dynamoCalls(), cpuSeconds: phaseCpu(), atMs: performance.now() };
      },
      onProgress: (posted, onScreen) => status(`${label}: ${kind}: ${posted}/${plan.length} posted, ${onScreen} on the agent's screen ${eta()}`),
      onTimeline: (messages) => (timeline = messages),
    });
    const stages = kind === 'steady' ? stageSplit(timeline, await rt.traces()) : undefined;
    for (const stop of stopHearing) stop();
    const eventsHeard = Object.fromEntries([...heard].sort((a, b) => b[1] - a[1]).map(([name, count]) => [name, rounded(count / plan.length, 2)]));
    say(`${label}: ${kind} live events per message, all sockets: ${Object.entries(eventsHeard).map(([name, count]) => `${name} ${count}`).join(', ')}`);
    const end = settled ?? { calls: await rt.dynamoCalls(), cpuSeconds: phaseCpu(), atMs: performance.now() };
    const cpuSeconds = end.cpuSeconds;
    const calls = perMessage(callsBefore, end.calls, background, (end.atMs - phaseStart) / 1000, result.messages);
    say(
      `${label}: ${kind === 'burst' ? 'burst' : `steady ${ratePerSecond}/s`}: ${result.messages} from ${result.customers} customers: on screen p50 ${result.screenLatency.p50.toFixed(0)} ms, ` +
        `p99 ${result.screenLatency.p99.toFixed(0)} ms; lost ${result.lost}, duplicated ${result.duplicated}`,
    );
    // A real message comes from the connector through SQS, not through API Gateway: no REST request.
    const split = splitCalls(calls.usage ?? {});
    const cost = costOf(billedUsage(calls.usage ?? {}), 0);
    say(
      `${label}: ${kind} per message: ${split.tableCalls} table calls, ${split.standInCalls} stand-in calls, ${split.streamReads} stream reads, ` +
        `${split.socketPosts} socket posts; AWS ${costText(cost)} per 100,000 messages`,
    );
    if (stages) for (const line of stageLines(stages)) say(`${label}: ${kind} stages: ${line}`);
    return Object.assign(result, { cpuSeconds, dynamoCalls: calls, ...split, cost, ...(ratePerSecond ? { ratePerSecond } : {}), ...(stages ? { stages } : {}), eventsHeard });
  };
  // The same load as the operation's, not counted: its path optimised by V8 (a warm Lambda's
  // state), then whatever it left running (a reply's queued sends) finished. Its own rate and p99
  // are kept beside the measured ones, so a slow first seconds still shows.
  const warmUpOperation = async (name: OperationName): Promise<MeasuredOperation['warmUp']> => {
    await freshTokens();
    const started = Date.now();
    const result = await runPhase(
      failedPhases,
      `${operationLabels[name] ?? name} warm-up`,
      () =>
        runOperation({
          url: rt.url,
          name,
          connections: options.agents,
          durationSeconds: options.warmUpSeconds,
          requestsOf: requests[name],
          onTick: () => status(`${label}: ${operationLabels[name]} warm-up ${formatDuration((Date.now() - started) / 1000)}/${options.warmUpSeconds} s ${eta()}`),
        }),
      reportFailure,
    );
    status(`${label}: waiting for the runtime to finish the warm-up of ${operationLabels[name]}… ${eta()}`, { force: true });
    await quiet();
    return result ? { seconds: options.warmUpSeconds, requestsPerSecond: rounded(result.requestsPerSecond, 1), p99: rounded(result.latency.p99, 1) } : undefined;
  };
  for (const name of measured) {
    // The customers, before the agents' replies (whose queued sends take a minute): first at a
    // steady pace (every size), then all at once (the burst, at the largest size by default).
    if (name === 'reply') {
      if (options.steady > 0) steady = await runPhase(failedPhases, 'steady inbound', () => customersWrite('steady', options.steady, options.steadyRate), reportFailure);
      if (!options.countsOnly && options.burst > 0 && (options.burstEverySize || size === largest))
        burst = await runPhase(failedPhases, 'inbound burst', () => customersWrite('burst', options.burst), reportFailure);
    }

    if (options.countsOnly) continue;
    status(`${label}: waiting for the runtime to finish the previous phase before ${operationLabels[name]}… ${eta()}`, { force: true });
    const drainedSeconds = await quiet();
    const warmUp = options.warmUpSeconds > 0 ? await warmUpOperation(name) : undefined;
    await freshTokens();
    const loadAverage = loadavg()[0]!;
    const cpu = cpuUsage({ runtime: rt.pid, dynamodb: rt.dynamoPid, bench: process.pid });
    const opStart = Date.now();
    const result = await runPhase(
      failedPhases,
      operationLabels[name] ?? name,
      () =>
        runOperation({
          url: rt.url,
          name,
          connections: options.agents,
          durationSeconds: options.durationSeconds,
          requestsOf: requests[name],
          onTick: (completed) =>
            status(
              `${label}: ${operationLabels[name]} ${formatDuration((Date.now() - opStart) / 1000)}/${options.durationSeconds} s, ` +
                `${completed.toLocaleString('en-US')} answers ${eta()}`,
            ),
        }),
      reportFailure,
    );
    if (!result) continue;
    const alone = single[name];
    operations[name] = {
      ...result,
      cpuSeconds: cpu(),
      single: alone,
      loadAverage,
      drainedBeforeSeconds: drainedSeconds,
      ...(warmUp ? { warmUp } : {}),
      // One request alone, its calls apart and its AWS cost (one REST request each).
      ...(alone ? { ...splitCalls(alone.usage), cost: costOf(billedUsage(alone.usage), 1) } : {}),
    };
    say(
      `${label}: ${(operationLabels[name] ?? name).padEnd(16)} ${Math.round(result.requestsPerSecond).toString().padStart(5)} req/s  ` +
        `p50 ${result.latency.p50.toFixed(1)} ms  p99 ${result.latency.p99.toFixed(1)} ms  max ${result.latency.max.toFixed(1)} ms` +
        (result.non2xx + result.errors > 0 ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : '') +
        (drainedSeconds > 10 ? `  [waited ${Math.round(drainedSeconds)} s for the previous phase]` : '') +
        (warmUp ? `  (warm-up ${warmUp.seconds} s: ${Math.round(warmUp.requestsPerSecond)} req/s, p99 ${warmUp.p99.toFixed(0)} ms)` : '') +
        (operations[name]?.cost
          ? `  alone: ${operations[name].tableCalls} table calls, ${operations[name].standInCalls} stand-in, ${operations[name].streamReads} stream, ` +
            `${operations[name].socketPosts} posts; AWS ${costText(operations[name].cost)} per 100,000`
          : ''),
    );
  }

  // Outbound webhooks at the largest size (docs/decisions.md, "Outbound webhooks"): a webhook for
  // message.created on a local receiver, then customer messages until each has its delivery.
  let webhooks: WebhookBenchResult | undefined;
  if (size === largest && !options.countsOnly) {
    status(`${label}: waiting for the runtime to finish the previous phase before the webhooks… ${eta()}`, { force: true });
    await quiet();
    await freshTokens();
    admin.token = adminSession.token;
    webhooks = await runPhase(
      failedPhases,
      'webhooks',
      () =>
        runWebhookBench({
          admin,
          whatsappId: setup.whatsappId,
          count: options.quick ? 100 : 500,
          onProgress: (line) => status(`${label}: ${line} ${eta()}`),
        }),
      reportFailure,
    );
    if (webhooks) say(`${label}: ${webhookBenchText(webhooks)}`);
  }

  // Campaigns at the largest size: an .xlsx list of `size` rows (at most 10,000), a campaign to it
  // without waits (the replies measured again while it sends), and the pacing with real intervals.
  let campaigns: CampaignBenchResult | undefined;
  if (size === largest && !options.countsOnly) {
    status(`${label}: waiting for the runtime to finish the previous phase before the campaign… ${eta()}`, { force: true });
    await quiet();
    await freshTokens();
    admin.token = adminSession.token;
    const recipients = Math.min(size, 10_000);
    // A failure here is reported and the size goes on: the other rows keep their figures.
    campaigns = await runPhase(failedPhases, 'campaign', () => runCampaignBench({
      admin,
      url: rt.url,
      dynamoEndpoint: rt.env.DYNAMODB_ENDPOINT!,
      tableName: rt.env.TABLE_NAME!,
      companyId: setup.companyId,
      whatsappId: setup.whatsappId,
      count: recipients,
      ...(measured.includes('reply')
        ? {
            replyLoad: () =>
              runOperation({
                url: rt.url,
                name: 'reply',
                connections: options.agents,
                durationSeconds: options.durationSeconds,
                requestsOf: requests.reply,
              }),
          }
        : {}),
      ...(operations.reply ? { replyWithout: operations.reply } : {}),
      onProgress: (line) => status(`${label}: ${line} ${eta()}`),
    }), reportFailure);
    if (campaigns) say(
      `${label}: campaign to ${campaigns.recipients}: ${campaigns.recipientsPerSecond.toFixed(1)} recipients/s; sent once ${campaigns.sentOnce}, ` +
        `missing ${campaigns.missing}, duplicated ${campaigns.duplicated}; reply p99 ${campaigns.replyWithout?.p99 ?? '—'} ms without, ` +
        `${campaigns.replyDuring?.p99 ?? '—'} ms during; .xlsx import of ${campaigns.importRows} rows ${formatDuration(campaigns.importSeconds)}; ` +
        `pacing: ${campaigns.pacing.claimsEarly} sends earlier than planned, ${campaigns.pacing.outboxUnderMinimum} gaps under the minimum`,
    );
  }

  // The external message API at the largest size: 50 callers of one company (req/s, p99, table
  // calls per send), then a second company's callers held to their plan's rate.
  let externalApi: ExternalApiBenchResult | undefined;
  if (size === largest && !options.countsOnly) {
    status(`${label}: waiting for the runtime to finish the previous phase before the external API… ${eta()}`, { force: true });
    await quiet();
    await freshTokens();
    admin.token = adminSession.token;
    externalApi = await runPhase(failedPhases, 'external API', () => runExternalApiBench({
      url: rt.url,
      admin,
      companyId: setup.companyId,
      whatsappId: setup.whatsappId,
      callers: 50,
      durationSeconds: options.durationSeconds,
      calls: () => rt.dynamoCalls(),
      background,
      quiet: () => quiet(),
      onProgress: (line) => status(`${label}: ${line} ${eta()}`, { force: true }),
    }), reportFailure);
    if (externalApi) {
      const { sends, tableCallsPerSend, throttle } = externalApi;
      say(
        `${label}: external API, ${externalApi.callers} callers: ${Math.round(sends.requestsPerSecond)} sends/s, p50 ${sends.latency.p50.toFixed(1)} ms, ` +
          `p99 ${sends.latency.p99.toFixed(1)} ms, ${tableCallsPerSend.perRequest} table calls per send ${JSON.stringify(tableCallsPerSend.byOperation)}` +
          (sends.non2xx + sends.errors > 0 ? ` (${JSON.stringify(sends.statusCodes)}, ${sends.errors} errors)` : ''),
      );
      say(
        `${label}: external API throttle: a company on ${throttle.plan.rateLimit}/s (burst ${throttle.plan.burstLimit}) got ` +
          `${throttle.throttledAcceptedPerSecond.toFixed(1)} sends/s accepted and ${throttle.throttled429} answers 429; the other ` +
          `${throttle.unaffectedRequestsPerSecond.toFixed(1)} sends/s with ${throttle.unaffected429} answers 429`,
      );
    }
  }

  // 1,000 schedules due in the same minute, at the largest size: all sent once, due → outbox.
  let schedules: ScheduledBurstResult | undefined;
  if (size === largest && !options.countsOnly) {
    status(`${label}: waiting for the runtime to finish the previous phase before the schedules… ${eta()}`, { force: true });
    await quiet();
    await freshTokens();
    admin.token = adminSession.token;
    schedules = await runPhase(
      failedPhases,
      'schedules',
      () =>
        runScheduledBurst({
          admin,
          dynamoEndpoint: rt.env.DYNAMODB_ENDPOINT!,
          tableName: rt.env.TABLE_NAME!,
          companyId: setup.companyId,
          whatsappId: setup.whatsappId,
          count: 1000,
          onProgress: (line) => status(`${label}: ${line} ${eta()}`),
          // The sending window's CPU and calls per schedule (scheduled-burst.ts).
          sample: async () => ({
            'cpu.runtime': processCpuSeconds(rt.pid) ?? 0,
            ...(rt.dynamoPid ? { 'cpu.dynamodb': processCpuSeconds(rt.dynamoPid) ?? 0 } : {}),
            ...(await rt.dynamoCalls()),
          }),
        }),
      reportFailure,
    );
    if (schedules) say(
      `${label}: ${schedules.schedules} schedules due in one minute: to the outbox p50 ${schedules.latencySeconds.p50.toFixed(1)} s, ` +
        `p99 ${schedules.latencySeconds.p99.toFixed(1)} s; sent once ${schedules.sentOnce}, missing ${schedules.missing}, duplicated ${schedules.duplicated}` +
        (schedules.perSchedule
          ? `; CPU per schedule while sending: runtime ${((schedules.perSchedule['cpu.runtime'] ?? 0) * 1000).toFixed(1)} ms, ` +
            `DynamoDB Local ${((schedules.perSchedule['cpu.dynamodb'] ?? 0) * 1000).toFixed(1)} ms`
          : ''),
    );
  }

  const memoryPeaks: Record<string, MemoryPeak> = memory.stop();
  // What the runtime logged while measured: the replies' sends still queued when it stops fail
  // to reach the closed gateway ("post to connection failed"), which is not counted.
  const runtimeLogLines = rt.logLines();
  await closeSockets();
  status(`${label}: stopping the runtime… ${eta()}`, { force: true });
  await stopRuntime();
  await rm(dataDir, { recursive: true, force: true });
  cleanups.length = 0;
  return {
    size,
    counts: shape.counts,
    contacts: shape.contacts.length,
    seed: { cached: seedCached, method: seed.method ?? 'api', items: seed.items, counts: seed.counts, seconds: seed.seedSeconds, itemsPerSecond: seed.itemsPerSecond },
    runtimeStartSeconds: startSeconds,
    backgroundCalls: background,
    dashboardAvailable,
    dashboardStatus: dashboardProbe.status,
    operations,
    ...(single.reply ? { replyProbe: single.reply } : {}),
    burst,
    steady,
    ...(schedules ? { schedules } : {}),
    ...(externalApi ? { externalApi } : {}),
    ...(campaigns ? { campaigns } : {}),
    ...(webhooks ? { webhooks } : {}),
    failedPhases,
    memoryAtStart,
    memoryPeaks,
    runtimeLogLines,
    runtimeLog: logFile,
  };
}

async function main(): Promise<void> {
  let options: BenchOptions;
  try {
    options = parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  if (options.help) {
    console.log(usage);
    return;
  }
  if (!(await javaIsUsable())) {
    console.error(javaMissingMessage);
    process.exit(1);
  }
  await mkdir(benchDir, { recursive: true });
  const info = machine();
  say(
    `atende benchmark: sizes ${options.sizes.join(', ')} tickets; ${options.agents} agents; ${options.durationSeconds} s per operation; ` +
      `burst ${options.burst} from ${options.burstContacts} customers. Machine: ${info.cpus} CPUs (${info.cpuModel}), ${info.memoryGb} GB, Node ${info.node}; load ${loadavg()[0]!.toFixed(2)}`,
  );
  await ensureFunctionBundles({ quiet: true, log: (line) => say(line) });
  if (!webBuildExists()) {
    say('Building the web app (missing)…');
    await buildWeb();
  }

  const cached = await Promise.all(options.sizes.map(async (size) => !options.freshSeed && hasSeed(size, await seedKeyOf(options, size))));
  const estimates = options.sizes.map((size, i) => estimateSeconds(options, size, cached[i]!));
  let done = 0;
  const sizeStarted = { at: Date.now() };
  const remaining = () => {
    const current = estimates[done] ?? 0;
    const spent = (Date.now() - sizeStarted.at) / 1000;
    return Math.max(0, current - spent) + estimates.slice(done + 1).reduce((sum, s) => sum + s, 0);
  };
  say(
    `Estimated time: ~${formatDuration(estimates.reduce((a, b) => a + b, 0))} ` +
      `(seeded data ${cached.every(Boolean) ? 'copied from .bench/seed' : `${cached.some(Boolean) ? 'partly copied from .bench/seed, partly ' : ''}written ${seedMethod(options) === 'file' ? "straight into DynamoDB Local's file" : `through DynamoDB Local's API (${options.seedViaApi ? '--seed-via-api' : 'no sqlite3 command'}: slow; later runs copy it from .bench/seed)`}`})`,
  );

  const loadBefore = loadavg();
  const reports: SizeReport[] = [];
  const failed: { size: number; error: string }[] = [];
  for (const [index, size] of options.sizes.entries()) {
    sizeStarted.at = Date.now();
    try {
      reports.push(await runSize(options, size, index, remaining));
    } catch (error) {
      // One size failing (the runtime, a setup step) still leaves the others' figures.
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      say(`${size} tickets failed: ${message}`);
      failed.push({ size, error: message });
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      cleanups.length = 0;
    }
    done += 1;
  }
  const loadAfter = loadavg();
  // Bundles' weight and cold import, the runtime's start, restart and memory (footprint.ts).
  if (!options.countsOnly) say('Measuring the bundles and the runtime start…');
  const footprint: Footprint | { error: string } = options.countsOnly
    ? { error: 'not measured (--counts-only)' }
    : await measureFootprint({ bundles: true, start: true }).catch((error: unknown) => ({ error: String(error) }));

  const finishedAt = new Date();
  const results = {
    startedAt: new Date(started).toISOString(),
    finishedAt: finishedAt.toISOString(),
    totalSeconds: (Date.now() - started) / 1000,
    machine: { ...info, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
    options,
    sizes: reports,
    failed,
    targets: evaluateTargets(reports),
    anchors,
    footprint,
  };
  const stamp = finishedAt.toISOString().replace(/[:.]/g, '-');
  const file = join(benchDir, `results-${stamp}.json`);
  const json = JSON.stringify(results, null, 2);
  await writeFile(file, json);
  await writeFile(join(benchDir, 'latest.json'), json);
  // The cost model's input (docs/cost.md): the last size that measured a reply and the steady customers.
  const counted = reports
    .map((size) =>
      countedUsageOf(size, {
        measuredAt: finishedAt.toISOString().slice(0, 10),
        command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
        agents: options.agents,
        loadAverage: { before: loadBefore[0]!, after: loadAfter[0]! },
      }),
    )
    .filter((usage) => usage !== undefined)
    .at(-1);
  if (counted) await writeFile(countedUsageFile, `${JSON.stringify(counted, null, 2)}\n`);
  if (interactive && statusLine) process.stdout.write('\r\x1b[2K');
  printReport(results);
  console.log(`\n${'error' in footprint ? `Footprint failed: ${footprint.error}` : footprintText(footprint)}`);
  console.log(`\nResults: ${file} (and .bench/latest.json); total ${formatDuration(results.totalSeconds)}.`);
  if (counted) console.log(`Counted calls of a reply and an inbound message: ${countedUsageFile} (the cost model's input; \`npm run cost\` rewrites docs/cost.md).`);
}

main().catch(async (error: unknown) => {
  say(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  process.exit(1);
});

