/**
 * Per-request overhead, in about a minute: a local runtime of its own (in a child process, data in
 * /dev/shm), a company made through the API (a queue, a sandbox connection, a few agents each with
 * one customer's ticket accepted), then autocannon on two requests that read almost nothing:
 *
 * - `GET /api/dashboard?days=90` as the admin (no table call: the aggregator's buckets are kept);
 * - `GET /api/messages/{ticketId}` as each agent on its own ticket of five customer messages (two
 *   table calls);
 * - `POST /api/messages/{ticketId}`, the agent's reply (a short text) on a second ticket of its own,
 *   with everything it sets off: the queued send through the sandbox connection, the stream
 *   consumers (live fan-out to every open WebSocket — the admin's and each agent's, opened as the
 *   SPA opens them —, the dashboard aggregator, webhooks, kanban lane links, schedule outcomes…).
 *   Its CPU is counted from the start of the load until the runtime and DynamoDB Local are idle
 *   again (at most 2 minutes), so the work left queued at autocannon's end is charged to it.
 *
 * What a request costs beyond its table calls — the gateway, the hand-off to the function's
 * thread, token verification, the session check and company budget, the middy stack, logging —
 * shows in these two. Besides req/s and p99 (which depend on what else the machine runs), it
 * prints the CPU milliseconds per answered request of the runtime's process and of DynamoDB
 * Local's JVM (from /proc), the figure that survives a shared machine; what both spend idle
 * (measured for 3 s before the operations) is taken out first.
 *
 *   npx tsx infra/local/bench/overhead.ts [--duration=10] [--connections=50] [--agents=10] [--rounds=1] [--profile]
 *     [--ops=dashboard,messages,open,reply] [--no-sockets]
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
import { cpuSeconds, findDynamoPid, waitUntilIdle } from './memory.ts';
import { openLiveSocket, type LiveSocket } from './live-socket.ts';
import { startRuntimeProcess } from './runtime-process.ts';
import { inLanes, setUpCompany, signIn, superUser } from './setup.ts';
import { flag, numberFlag } from './tool-flags.ts';


const durationSeconds = numberFlag('duration', 10);
const connections = numberFlag('connections', 50);
const agentCount = numberFlag('agents', 10);
const rounds = numberFlag('rounds', 1);
const profile = flag('profile') !== undefined;
const wantedOps = (flag('ops') || 'dashboard,messages,reply').split(',');
const withSockets = flag('no-sockets') === undefined;

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
  /** DynamoDB Local calls per answered request, by kind and operation (call-counter.mjs), idle ones out. */
  callsPerRequest: Record<string, number>;
  /** The run's window on the monotonic clock in µs (a V8 CPU profile's sample times). */
  windowUs: [number, number];
}
const rows: Row[] = [];
const sockets: LiveSocket[] = [];
const idle = { node: 0, dynamo: 0, calls: {} as Record<string, number> };
const callsSince = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).map(([key, n]) => [key, n - (before[key] ?? 0)]));

try {
  const setup = await setUpCompany(runtime.url, { agents: agentCount, label: 'overhead' });
  const admin = await signIn(runtime.url, setup.admin);
  // Two customers per agent write in: five messages on the ticket the agent reads, one on the
  // ticket it answers. The agent accepts both and reads them once (their unread counts go to zero
  // there, so the measured reads write nothing).
  const customers = Array.from({ length: agentCount * 2 }, (_, i) => ({
    from: `5511977${String(100000 + i)}`,
    name: `Cliente ${i + 1}`,
  }));
  for (const [i, customer] of customers.entries()) {
    for (let n = 0; n < (i < agentCount ? 5 : 1); n += 1) {
      const answer = await admin.post(`/sandbox/${setup.whatsappId}/inbound`, {
        ...customer,
        body: `Hola ${i}, mensaje ${n + 1}`,
        id: `overhead-${i}-${n}`,
      });
      if (answer.status !== 202)
        throw new Error(`inbound ${i}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }
  type TicketPage = { tickets: { id: number; contact?: { number?: string } }[] };
  let tickets: TicketPage['tickets'] = [];
  for (let attempt = 0; attempt < 600 && tickets.length < customers.length; attempt += 1) {
    tickets =
      (await admin.get<TicketPage>('/tickets?status=pending&showAll=true&pageNumber=1')).body.tickets ?? [];
    if (tickets.length < customers.length) await new Promise((wake) => setTimeout(wake, 100));
  }
  if (tickets.length < customers.length)
    throw new Error(`only ${tickets.length} of ${customers.length} tickets arrived`);
  const ticketOf = (number: string) => {
    const found = tickets.find((t) => t.contact?.number === number);
    if (!found) throw new Error(`no ticket of ${number}`);
    return found.id;
  };
  const agents = await inLanes(setup.agents, 4, async (account, i) => {
    const client = await signIn(runtime.url, account);
    const ticketId = ticketOf(customers[i]!.from);
    const replyTicketId = ticketOf(customers[agentCount + i]!.from);
    for (const id of [ticketId, replyTicketId]) {
      const accepted = await client.put(`/tickets/${id}`, { status: 'open' });
      if (accepted.status !== 200)
        throw new Error(
          `agent ${i + 1} accepting ticket ${id}: HTTP ${accepted.status} ${JSON.stringify(accepted.body)}`,
        );
      const read = await client.get(`/messages/${id}`);
      if (read.status !== 200) throw new Error(`agent ${i + 1} reading ticket ${id}: HTTP ${read.status}`);
    }
    return { token: client.token!, ticketId, replyTicketId };
  });
  // The live sockets the reply's fan-out posts to, as the SPA opens them.
  if (withSockets)
    sockets.push(
      await openLiveSocket(runtime.url, admin.token!),
      ...(await inLanes(agents, 4, (agent) => openLiveSocket(runtime.url, agent.token))),
    );
  let lastEventAt = performance.now();
  for (const socket of sockets) socket.onEvent(() => (lastEventAt = performance.now()));
  say(`company ${setup.companyId}: ${agents.length} agents, each on two tickets of its own; ${sockets.length} sockets`);

  const allOperations: {
    key: string;
    name: string;
    requestsOf: (connection: number) => LoadRequest[];
    /** Whether its work goes on after the answers (queued sends, stream consumers): waited for and counted. */
    setsOff?: boolean;
  }[] = [
    {
      key: 'dashboard',
      name: 'dashboard 90 d',
      requestsOf: () => [
        { method: 'GET', path: '/dashboard?days=90', token: admin.token!, tag: 'dashboard' },
      ],
    },
    {
      key: 'messages',
      name: 'messages',
      requestsOf: (connection) => {
        const agent = agents[connection % agents.length]!;
        return [{ method: 'GET', path: `/messages/${agent.ticketId}`, token: agent.token, tag: 'messages' }];
      },
    },
    {
      key: 'open',
      name: 'open list',
      requestsOf: (connection) => {
        const agent = agents[connection % agents.length]!;
        return [{ method: 'GET', path: '/tickets?status=open', token: agent.token, tag: 'open' }];
      },
    },
    {
      key: 'reply',
      name: 'reply',
      setsOff: true,
      requestsOf: (connection) => {
        const agent = agents[connection % agents.length]!;
        return [
          {
            method: 'POST',
            path: `/messages/${agent.replyTicketId}`,
            body: { body: `Respuesta de prueba ${connection}` },
            token: agent.token,
            tag: 'reply',
          },
        ];
      },
    },
  ];
  const operations = allOperations.filter((operation) => wantedOps.includes(operation.key));
  const pids = [runtime.pid, ...(dynamoPid ? [dynamoPid] : [])];
  // What an operation set off (queued sends, stream batches) ends before the next is measured.
  const settle = () =>
    waitUntilIdle(pids, {
      busyShare: 0.1 + idle.node + idle.dynamo,
      stepMs: 500,
      maxMs: 120_000,
      also: () => performance.now() - lastEventAt > 1000,
    });
  // Warm-up: each path's JIT and caches, not counted.
  for (const operation of operations)
    await runOperation({
      url: runtime.url,
      name: operation.name,
      requestsOf: operation.requestsOf,
      connections,
      durationSeconds: 2,
    });
  await waitUntilIdle(pids, { busyShare: 0.3, stepMs: 500, maxMs: 120_000, also: () => performance.now() - lastEventAt > 1000 });
  // What the idle runtime spends on its own (stream readers, queues and schedulers polling), per
  // second: taken out of each operation's CPU so a slower run is not charged more of it.
  await new Promise((wake) => setTimeout(wake, 1000));
  const idleStart = {
    at: performance.now(),
    node: cpuSeconds(runtime.pid) ?? 0,
    dynamo: dynamoPid ? (cpuSeconds(dynamoPid) ?? 0) : 0,
    calls: await runtime.dynamoCalls(),
  };
  await new Promise((wake) => setTimeout(wake, 3000));
  const idleSeconds = (performance.now() - idleStart.at) / 1000;
  idle.node = ((cpuSeconds(runtime.pid) ?? 0) - idleStart.node) / idleSeconds;
  idle.dynamo = ((dynamoPid ? (cpuSeconds(dynamoPid) ?? 0) : 0) - idleStart.dynamo) / idleSeconds;
  idle.calls = Object.fromEntries(
    Object.entries(callsSince(idleStart.calls, await runtime.dynamoCalls())).map(([key, n]) => [key, n / idleSeconds]),
  );
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
        calls: await runtime.dynamoCalls(),
      };
      const result = await runOperation({
        url: runtime.url,
        name: operation.name,
        requestsOf: operation.requestsOf,
        connections,
        durationSeconds,
      });
      const settledSeconds = operation.setsOff ? await settle() : 0;
      const after = {
        at: performance.now(),
        node: cpuSeconds(runtime.pid) ?? 0,
        dynamo: dynamoPid ? (cpuSeconds(dynamoPid) ?? 0) : 0,
      };
      const answered = Math.max(1, result.ok + result.non2xx);
      const seconds = (after.at - before.at) / 1000;
      const calls = callsSince(before.calls, await runtime.dynamoCalls());
      const callsPerRequest = Object.fromEntries(
        Object.entries(calls)
          .map(([key, n]) => [key, Math.max(0, n - (idle.calls[key] ?? 0) * seconds) / answered] as const)
          .filter(([key, n]) => n >= 0.01 && !key.startsWith('units.'))
          .sort((a, b) => b[1] - a[1]),
      );
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
        callsPerRequest,
        windowUs: [startUs, Number(process.hrtime.bigint() / 1000n)],
      };
      rows.push(row);
      say(
        `  calls per request: ${Object.entries(callsPerRequest)
          .map(([key, n]) => `${key} ${n.toFixed(2)}`)
          .join(', ')}`,
      );
      if (operation.setsOff) say(`  (its work went on ${settledSeconds.toFixed(1)} s after the last answer; counted)`);
      say(
        `${operation.name.padEnd(15)} ${row.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  ` +
          `CPU/request: runtime ${row.cpuMsNode.toFixed(2)} ms, DynamoDB Local ${row.cpuMsDynamo.toFixed(2)} ms` +
          (row.non2xx ? `  (${row.non2xx} non-2xx)` : ''),
      );
    }
  }
} finally {
  await Promise.all(sockets.map((socket) => socket.close()));
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
