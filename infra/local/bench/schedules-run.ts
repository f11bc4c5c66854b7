/**
 * The bench's "1,000 schedules due in one minute" phase alone, in a few minutes: a local runtime
 * of its own (a child process, data in /dev/shm), a company made through the API with its agents
 * signed in and their WebSockets open as the SPA opens them (the live fan-out of each send posts
 * to them, as in the full bench), then `runScheduledBurst`. Besides the latencies it prints what
 * the sending window cost: CPU seconds of the runtime and of DynamoDB Local per sent schedule, and
 * DynamoDB Local calls per schedule by kind and by thread (`call-counter.mjs`).
 *
 *   npx tsx infra/local/bench/schedules-run.ts [--count=1000] [--agents=50] [--no-sockets] [--profile]
 *
 * `--profile` writes CPU profiles of the runtime into .bench/profiles/schedules-* (run it with
 * ATENDE_FUNCTION_THREADS=false so the functions are on the profiled main thread; list the top
 * functions with `npx tsx infra/local/bench/profile.ts <file>`). The result is also written to
 * .bench/schedules-latest.json.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, findDynamoPid } from './memory.ts';
import { openLiveSocket, type LiveSocket } from './live-socket.ts';
import { startRuntimeProcess } from './runtime-process.ts';
import { runScheduledBurst } from './scheduled-burst.ts';
import { inLanes, setUpCompany, signIn, superUser } from './setup.ts';
import { flag, numberFlag } from './tool-flags.ts';


const count = numberFlag('count', 1000);
const agentCount = numberFlag('agents', 50);
const withSockets = flag('no-sockets') === undefined;
const profile = flag('profile') !== undefined;

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const benchDir = join(root, '.bench');
await mkdir(benchDir, { recursive: true });
const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const dataDir = await mkdtemp(join(base, 'atende-schedules-'));
const logFile = join(benchDir, 'runtime-schedules.log');
await writeFile(logFile, '');
const say = (line: string) => console.log(`[${(performance.now() / 1000).toFixed(0).padStart(4)} s] ${line}`);

const runtime = await startRuntimeProcess({
  dataDir,
  logFile,
  env: {
    ADMIN_EMAIL: superUser.email,
    ADMIN_PASSWORD: superUser.password,
    ATENDE_RATE_LIMIT_PER_ADDRESS: '0',
    ATENDE_RATE_LIMIT_PER_COMPANY: '100000000',
  },
  ...(profile
    ? { cpuProfileDir: join(benchDir, 'profiles', `schedules-${new Date().toISOString().replace(/[:.]/g, '-')}`) }
    : {}),
});
const dynamoPid = runtime.dynamoPid ?? findDynamoPid(join(dataDir, 'dynamodb'));
say(`runtime ready at ${runtime.url} (pid ${runtime.pid}, DynamoDB Local ${dynamoPid ?? '?'})`);

const sockets: LiveSocket[] = [];
const sample = async (): Promise<Record<string, number>> => ({
  'cpu.runtime': cpuSeconds(runtime.pid) ?? 0,
  'cpu.dynamodb': dynamoPid ? (cpuSeconds(dynamoPid) ?? 0) : 0,
  ...(await runtime.dynamoCalls()),
});

let report: Record<string, unknown> = {};
try {
  const setup = await setUpCompany(runtime.url, { agents: agentCount, label: 'schedules' });
  const admin = await signIn(runtime.url, setup.admin);
  if (withSockets) {
    const agents = await inLanes(setup.agents, 5, (account) => signIn(runtime.url, account));
    sockets.push(
      await openLiveSocket(runtime.url, admin.token!),
      ...(await inLanes(agents, 10, (agent) => openLiveSocket(runtime.url, agent.token!))),
    );
  }
  say(`company ${setup.companyId}: ${agentCount} agents, ${sockets.length} sockets; ${count} schedules`);
  const result = await runScheduledBurst({
    admin,
    dynamoEndpoint: runtime.env.DYNAMODB_ENDPOINT!,
    tableName: runtime.env.TABLE_NAME!,
    companyId: setup.companyId,
    whatsappId: setup.whatsappId,
    count,
    onProgress: (line) => say(line),
    sample,
  });
  const per = result.perSchedule ?? {};
  const callsPerSchedule = Object.fromEntries(
    Object.entries(per)
      .filter(([key, n]) => n >= 0.01 && !key.startsWith('units.') && !key.startsWith('cpu.'))
      .sort((a, b) => b[1] - a[1]),
  );
  const windowSeconds = result.windowSeconds ?? NaN;
  const sent = count - result.missing;
  const cpuMs = { runtime: (per['cpu.runtime'] ?? 0) * 1000, dynamo: (per['cpu.dynamodb'] ?? 0) * 1000 };
  report = {
    at: new Date().toISOString(),
    count,
    agents: agentCount,
    sockets: sockets.length,
    result,
    sentPerSecond: sent / windowSeconds,
    cpuMsPerSchedule: cpuMs,
    callsPerSchedule,
  };
  say(
    `due → outbox p50 ${result.latencySeconds.p50.toFixed(1)} s, p99 ${result.latencySeconds.p99.toFixed(1)} s; ` +
      `sent once ${result.sentOnce}, missing ${result.missing}, duplicated ${result.duplicated}, ENVIADA ${result.recordedSent}`,
  );
  say(
    `sending window ${windowSeconds.toFixed(1)} s (${(sent / windowSeconds).toFixed(1)} a second); CPU per schedule: ` +
      `runtime ${cpuMs.runtime.toFixed(1)} ms, DynamoDB Local ${cpuMs.dynamo.toFixed(1)} ms`,
  );
  say(
    `calls per schedule: ${Object.entries(callsPerSchedule)
      .map(([key, n]) => `${key} ${n.toFixed(2)}`)
      .join(', ')}`,
  );
} finally {
  await Promise.all(sockets.map((socket) => socket.close()));
  await runtime.stop();
  await rm(dataDir, { recursive: true, force: true });
}
const out = join(benchDir, 'schedules-latest.json');
await writeFile(out, JSON.stringify(report, null, 2));
console.log(`(${out})`);
process.exit(0);
