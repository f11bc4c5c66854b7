/**
 * The kanban board's, the inbox lists' and the search's cost at one size, alone (issue #26):
 * `npx tsx infra/local/bench/board-calls.ts [--size=100000] [--dir=/dev/shm/atende-board-100000]
 * [--requests=100] [--seconds=10] [--only=kanban,open,pending,name,phone,order,word] [--profile=<dir>]`.
 *
 * The first run makes the bench's company (50 agents, two kanban lanes with three of each
 * agent's open tickets: bench/kanban-lanes.ts) and writes the seed into DynamoDB Local's file in
 * `--dir`, which is kept: later runs (after `npm run build -w functions`) start a runtime on it
 * in seconds. Then, per operation: `--requests` requests one after the other (table calls, items
 * read as read units, runtime and DynamoDB Local CPU per request, the idle runtime's polling
 * taken out), and 50 agents at once for `--seconds` (requests/s, p50, p99). Prints JSON.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setUpKanbanLanes } from './kanban-lanes.ts';
import { runOperation, type LoadRequest } from './load.ts';
import { cpuSeconds } from './memory.ts';
import { idleRates } from './probe.ts';
import { startRuntimeProcess, type RuntimeProcess } from './runtime-process.ts';
import { seedClient, seedCounters, seedIntoFile, setStream } from './seed.ts';
import { setUpCompany, signIn, inLanes, superUser, type CompanySetup } from './setup.ts';
import { generateShape } from './shape.ts';
import { flag, numberFlag } from './tool-flags.ts';

const size = numberFlag('size', 100_000);
const dataDir = flag('dir') || `/dev/shm/atende-board-${size}`;
const sequential = numberFlag('requests', 100);
const seconds = numberFlag('seconds', 10);
const only = (flag('only') || 'kanban,name,phone,order,word').split(',');
const agentsCount = 50;
const opened = 10;

const env = {
  ADMIN_EMAIL: superUser.email,
  ADMIN_PASSWORD: superUser.password,
  ATENDE_RATE_LIMIT_PER_ADDRESS: '0',
  ATENDE_RATE_LIMIT_PER_COMPANY: '100000000',
  ATENDE_BENCH_CAPACITY: '1',
};
const logFile = `${dataDir}.log`;
const seedFile = `${dataDir}.seed.json`;

interface Seeded {
  setup: CompanySetup;
  nowMs: number;
  lanes: boolean;
}

async function seedOnce(): Promise<Seeded> {
  if (existsSync(seedFile)) return JSON.parse(await readFile(seedFile, 'utf8')) as Seeded;
  await mkdir(dataDir, { recursive: true });
  const runtime = await startRuntimeProcess({ dataDir, env, logFile });
  const setup = await setUpCompany(runtime.url, { agents: agentsCount, label: `b${size}` });
  const nowMs = Date.now();
  const shape = generateShape({ tickets: size, agents: agentsCount, openedPerAgent: opened, nowMs });
  const client = seedClient(runtime.env.DYNAMODB_ENDPOINT!);
  const target = { companyId: setup.companyId, whatsappId: setup.whatsappId, queueId: setup.queueId, agentUserIds: setup.agents.map((a) => a.userId) };
  await setStream(client, false);
  await seedCounters(client, shape, target);
  await setStream(client, true);
  client.destroy();
  await runtime.stop();
  const started = performance.now();
  const { items } = await seedIntoFile(join(dataDir, 'dynamodb'), shape, target, () => undefined);
  console.error(`seeded ${items} items in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const seeded: Seeded = { setup, nowMs, lanes: false };
  await writeFile(seedFile, JSON.stringify(seeded));
  return seeded;
}

async function measure(runtime: RuntimeProcess, name: string, requestsOf: (connection: number) => LoadRequest[]) {
  const send = async (request: LoadRequest) => {
    const answer = await fetch(`${runtime.url}/api${request.path}`, { headers: { authorization: `Bearer ${request.token}` } });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${name} ${request.path}: HTTP ${answer.status}`);
  };
  // Warm-up: every agent's request once.
  await inLanes(
    Array.from({ length: agentsCount }, (_, i) => i),
    4,
    async (i) => send(requestsOf(i)[0]!),
  );
  const idle = await idleRates(runtime, 2);
  const before = await runtime.dynamoCalls();
  const cpuBefore = { runtime: cpuSeconds(runtime.pid) ?? 0, dynamodb: runtime.dynamoPid ? (cpuSeconds(runtime.dynamoPid) ?? 0) : 0 };
  const started = performance.now();
  for (let i = 0; i < sequential; i += 1) await send(requestsOf(i % agentsCount)[0]!);
  const elapsed = (performance.now() - started) / 1000;
  const after = await runtime.dynamoCalls();
  const per = (key: string) => {
    const value = (after[key] ?? 0) - (before[key] ?? 0) - (idle.calls[key] ?? 0) * elapsed;
    return Math.round((value / sequential) * 100) / 100;
  };
  const tableCalls = Object.fromEntries(
    Object.keys(after)
      .filter((key) => key.startsWith('table.'))
      .map((key) => [key.slice(6), per(key)])
      .filter(([, value]) => (value as number) > 0.01),
  );
  const cpu = {
    runtime: (((cpuSeconds(runtime.pid) ?? 0) - cpuBefore.runtime - idle.cpu.runtime * elapsed) * 1000) / sequential,
    dynamodb: runtime.dynamoPid ? (((cpuSeconds(runtime.dynamoPid) ?? 0) - cpuBefore.dynamodb - idle.cpu.dynamodb * elapsed) * 1000) / sequential : 0,
  };
  const load =
    seconds > 0
      ? await runOperation({ url: runtime.url, name, requestsOf, connections: agentsCount, durationSeconds: seconds })
      : undefined;
  return {
    name,
    sequential: {
      requests: sequential,
      wallMs: Math.round((elapsed * 1000) / sequential),
      tableCalls,
      readUnits: per('units.table.read'),
      cpuMsRuntime: Math.round(cpu.runtime),
      cpuMsDynamo: Math.round(cpu.dynamodb),
    },
    ...(load
      ? {
          load: {
            requestsPerSecond: Math.round(load.requestsPerSecond),
            p50: Math.round(load.latency.p50),
            p99: Math.round(load.latency.p99),
            non2xx: load.non2xx,
          },
        }
      : {}),
  };
}

const seeded = await seedOnce();
const { setup, nowMs } = seeded;
const shape = generateShape({ tickets: size, agents: agentsCount, openedPerAgent: opened, nowMs });
const runtime = await startRuntimeProcess({
  dataDir,
  env,
  logFile,
  ...(flag('profile') ? { cpuProfileDir: flag('profile') } : {}),
});
try {
  const agentClients = await inLanes(setup.agents, 4, (account) => signIn(runtime.url, account));
  if (!seeded.lanes) {
    const admin = await signIn(runtime.url, setup.admin);
    await setUpKanbanLanes(admin, agentClients, shape.openedByAgent);
    await writeFile(seedFile, JSON.stringify({ ...seeded, lanes: true }));
    // The moves' stream work (links' list keys) before anything is measured.
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  const tokens = agentClients.map((client) => client.token!);
  const results = [];
  if (only.includes('kanban'))
    results.push(
      await measure(runtime, 'kanban', (connection) => [
        { method: 'GET', path: `/ticket/kanban?queueIds=${encodeURIComponent(`[${setup.queueId}]`)}`, token: tokens[connection % agentsCount]!, tag: 'kanban' },
      ]),
    );
  // The agents' inbox tabs, as the bench's list operations ask them (main.ts operationRequests).
  for (const status of ['open', 'pending'] as const) {
    if (!only.includes(status)) continue;
    results.push(
      await measure(runtime, `${status} list`, (connection) => [
        { method: 'GET', path: `/tickets?status=${status}&showAll=false&pageNumber=1`, token: tokens[connection % agentsCount]!, tag: status },
      ]),
    );
  }
  for (const kind of ['name', 'phone', 'order', 'word'] as const) {
    if (!only.includes(kind)) continue;
    results.push(
      await measure(runtime, `search ${kind}`, (connection) => {
        const query = shape.searchesByAgent[connection % agentsCount]!.find((q) => q.kind === kind)!;
        return [{ method: 'GET', path: `/tickets?searchParam=${encodeURIComponent(query.text)}&pageNumber=1`, token: tokens[connection % agentsCount]!, tag: kind }];
      }),
    );
  }
  console.log(JSON.stringify(results, null, 1));
} finally {
  await runtime.stop();
}
