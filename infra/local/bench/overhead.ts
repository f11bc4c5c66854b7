/**
 * Per-request overhead, in about a minute: a local runtime of its own (in a child process, data in
 * /dev/shm), a company made through the API (a queue, a sandbox connection, a few agents each with
 * one customer's ticket accepted), then autocannon on two requests that read almost nothing:
 *
 * - `GET /api/dashboard?days=90` as the admin (no table call: the aggregator's buckets are kept);
 * - `GET /api/messages/{ticketId}` as each agent on its own ticket (two table calls).
 *
 * What a request costs beyond its table calls — the gateway, the hand-off to the function's
 * thread, token verification, the session check and company budget, the middy stack, logging —
 * shows in these two. Besides req/s and p99 (which depend on what else the machine runs), it
 * prints the CPU milliseconds per answered request of the runtime's process and of DynamoDB
 * Local's JVM (from /proc), the figure that survives a shared machine; what both spend idle
 * (measured for 3 s before the operations) is taken out first.
 *
 *   npx tsx infra/local/bench/overhead.ts [--duration=10] [--connections=50] [--agents=10] [--rounds=1] [--profile]
 *
 * `--rounds=N` repeats both operations N times on the same runtime (alternating), to see the
 * spread. `--profile` writes CPU profiles of the runtime into .bench/profiles/overhead-* (with
 * ATENDE_FUNCTION_THREADS=false the functions run on the profiled main thread; list the top
 * functions with `npx tsx infra/local/bench/profile.ts <file>`). The result is also written
 * to .bench/overhead-latest.json.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOperation, type LoadRequest } from './load.ts';
import { cpuSeconds, findDynamoPid } from './memory.ts';
import { startRuntimeProcess } from './runtime-process.ts';
import { inLanes, setUpCompany, signIn, superUser } from './setup.ts';

const flag = (name: string): string | undefined =>
  process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))?.split('=')[1] ??
  (process.argv.includes(`--${name}`) ? '' : undefined);
const numberFlag = (name: string, fallback: number) => {
  const value = flag(name);
  const parsed = value ? Number(value) : NaN;
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

const durationSeconds = numberFlag('duration', 10);
const connections = numberFlag('connections', 50);
const agentCount = numberFlag('agents', 10);
const rounds = numberFlag('rounds', 1);
const profile = flag('profile') !== undefined;

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const benchDir = join(root, '.bench');
await mkdir(benchDir, { recursive: true });
const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const dataDir = await mkdtemp(join(base, 'atende-overhead-'));
const logFile = join(benchDir, 'runtime-overhead.log');
await writeFile(logFile, '');

const say = (line: string) => console.log(`[${(performance.now() / 1000).toFixed(0).padStart(4)} s] ${line}`);

const runtime = await startRuntimeProcess({
  dataDir,
  logFile,
  env: {
    ADMIN_EMAIL: superUser.email,
    ADMIN_PASSWORD: superUser.password,
    // One address at full speed: the per-address budget (the WAF rule's stand-in) is off, the
    // per-company budget on and far above what this sends, so its cost is in the figures.
    ATENDE_RATE_LIMIT_PER_ADDRESS: '0',
    ATENDE_RATE_LIMIT_PER_COMPANY: '100000000',
  },
  ...(profile
    ? {
        cpuProfileDir: join(
          benchDir,
          'profiles',
          `overhead-${new Date().toISOString().replace(/[:.]/g, '-')}`,
        ),
      }
    : {}),
});
const dynamoPid = runtime.dynamoPid ?? findDynamoPid(join(dataDir, 'dynamodb'));
say(`runtime ready at ${runtime.url} (pid ${runtime.pid}, DynamoDB Local ${dynamoPid ?? '?'})`);

interface Row {
  name: string;
  round: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  cpuMsNode: number;
  cpuMsDynamo: number;
  /** The same with the idle CPU left in (at low throughput the idle share dominates). */
  rawCpuMsNode: number;
  rawCpuMsDynamo: number;
  /** The run's window on the monotonic clock in µs (a V8 CPU profile's sample times). */
  windowUs: [number, number];
}
const rows: Row[] = [];
const idle = { node: 0, dynamo: 0 };

try {
  const setup = await setUpCompany(runtime.url, { agents: agentCount, label: 'overhead' });
  const admin = await signIn(runtime.url, setup.admin);
  // One customer per agent writes in; the agent accepts that ticket and reads it once (its unread
  // count goes to zero there, so the measured reads write nothing).
  const customers = Array.from({ length: agentCount }, (_, i) => ({
    from: `5511977${String(100000 + i)}`,
    name: `Cliente ${i + 1}`,
  }));
  for (const [i, customer] of customers.entries()) {
    const answer = await admin.post(`/sandbox/${setup.whatsappId}/inbound`, {
      ...customer,
      body: `Hola ${i}`,
      id: `overhead-${i}`,
    });
    if (answer.status !== 202)
      throw new Error(`inbound ${i}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  type TicketPage = { tickets: { id: number; contact?: { number?: string } }[] };
  let tickets: TicketPage['tickets'] = [];
  for (let attempt = 0; attempt < 300 && tickets.length < agentCount; attempt += 1) {
    tickets =
      (await admin.get<TicketPage>('/tickets?status=pending&showAll=true&pageNumber=1')).body.tickets ?? [];
    if (tickets.length < agentCount) await new Promise((wake) => setTimeout(wake, 100));
  }
  if (tickets.length < agentCount) throw new Error(`only ${tickets.length} of ${agentCount} tickets arrived`);
  const agents = await inLanes(setup.agents, 4, async (account, i) => {
    const client = await signIn(runtime.url, account);
    const ticketId = tickets[i]!.id;
    const accepted = await client.put(`/tickets/${ticketId}`, { status: 'open' });
    if (accepted.status !== 200)
      throw new Error(
        `agent ${i + 1} accepting ticket ${ticketId}: HTTP ${accepted.status} ${JSON.stringify(accepted.body)}`,
      );
    const read = await client.get(`/messages/${ticketId}`);
    if (read.status !== 200)
      throw new Error(`agent ${i + 1} reading ticket ${ticketId}: HTTP ${read.status}`);
    return { token: client.token!, ticketId };
  });
  say(`company ${setup.companyId}: ${agents.length} agents, each on its own ticket`);

  const operations: { name: string; requestsOf: (connection: number) => LoadRequest[] }[] = [
    {
      name: 'dashboard 90 d',
      requestsOf: () => [
        { method: 'GET', path: '/dashboard?days=90', token: admin.token!, tag: 'dashboard' },
      ],
    },
    {
      name: 'messages',
      requestsOf: (connection) => {
        const agent = agents[connection % agents.length]!;
        return [{ method: 'GET', path: `/messages/${agent.ticketId}`, token: agent.token, tag: 'messages' }];
      },
    },
  ];
  // Warm-up: each path's JIT and caches, not counted.
  for (const operation of operations)
    await runOperation({
      url: runtime.url,
      name: operation.name,
      requestsOf: operation.requestsOf,
      connections,
      durationSeconds: 2,
    });
  // What the idle runtime spends on its own (stream readers, queues and schedulers polling), per
  // second: taken out of each operation's CPU so a slower run is not charged more of it.
  await new Promise((wake) => setTimeout(wake, 1000));
  const idleStart = {
    at: performance.now(),
    node: cpuSeconds(runtime.pid) ?? 0,
    dynamo: dynamoPid ? (cpuSeconds(dynamoPid) ?? 0) : 0,
  };
  await new Promise((wake) => setTimeout(wake, 3000));
  const idleSeconds = (performance.now() - idleStart.at) / 1000;
  idle.node = ((cpuSeconds(runtime.pid) ?? 0) - idleStart.node) / idleSeconds;
  idle.dynamo = ((dynamoPid ? (cpuSeconds(dynamoPid) ?? 0) : 0) - idleStart.dynamo) / idleSeconds;
  say(
    `idle runtime: ${(idle.node * 1000).toFixed(0)} ms CPU a second, DynamoDB Local ${(idle.dynamo * 1000).toFixed(0)} ms a second`,
  );

  for (let round = 1; round <= rounds; round += 1) {
    for (const operation of operations) {
      await new Promise((wake) => setTimeout(wake, 500));
      const startUs = Number(process.hrtime.bigint() / 1000n);
      const before = {
        at: performance.now(),
        node: cpuSeconds(runtime.pid) ?? 0,
        dynamo: dynamoPid ? (cpuSeconds(dynamoPid) ?? 0) : 0,
      };
      const result = await runOperation({
        url: runtime.url,
        name: operation.name,
        requestsOf: operation.requestsOf,
        connections,
        durationSeconds,
      });
      const after = {
        at: performance.now(),
        node: cpuSeconds(runtime.pid) ?? 0,
        dynamo: dynamoPid ? (cpuSeconds(dynamoPid) ?? 0) : 0,
      };
      const answered = Math.max(1, result.ok + result.non2xx);
      const seconds = (after.at - before.at) / 1000;
      const row: Row = {
        name: operation.name,
        round,
        requestsPerSecond: result.requestsPerSecond,
        p50: result.latency.p50,
        p99: result.latency.p99,
        ok: result.ok,
        non2xx: result.non2xx,
        cpuMsNode: (Math.max(0, after.node - before.node - idle.node * seconds) * 1000) / answered,
        cpuMsDynamo: (Math.max(0, after.dynamo - before.dynamo - idle.dynamo * seconds) * 1000) / answered,
        rawCpuMsNode: ((after.node - before.node) * 1000) / answered,
        rawCpuMsDynamo: ((after.dynamo - before.dynamo) * 1000) / answered,
        windowUs: [startUs, Number(process.hrtime.bigint() / 1000n)],
      };
      rows.push(row);
      say(
        `${operation.name.padEnd(15)} ${row.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  ` +
          `CPU/request: runtime ${row.cpuMsNode.toFixed(2)} ms, DynamoDB Local ${row.cpuMsDynamo.toFixed(2)} ms` +
          (row.non2xx ? `  (${row.non2xx} non-2xx)` : ''),
      );
    }
  }
} finally {
  await runtime.stop();
  await rm(dataDir, { recursive: true, force: true });
}

const out = join(benchDir, 'overhead-latest.json');
await writeFile(
  out,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      durationSeconds,
      connections,
      agents: agentCount,
      idleCpuMsPerSecond: { runtime: idle.node * 1000, dynamo: idle.dynamo * 1000 },
      rows,
    },
    null,
    2,
  ),
);
console.log(
  '\n| operation | round | req/s | p50 | p99 | CPU ms/request runtime (idle out) | CPU ms/request DynamoDB Local (idle out) | raw runtime / DDB |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows)
  console.log(
    `| ${row.name} | ${row.round} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50.toFixed(1)} ms | ${row.p99.toFixed(1)} ms | ${row.cpuMsNode.toFixed(2)} | ${row.cpuMsDynamo.toFixed(2)} | ${row.rawCpuMsNode.toFixed(2)} / ${row.rawCpuMsDynamo.toFixed(2)} |`,
  );
console.log(`\n(${out})`);
process.exit(0);
