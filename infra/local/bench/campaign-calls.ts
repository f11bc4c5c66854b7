/**
 * The campaign pipeline's cost, alone: `npx tsx infra/local/bench/campaign-calls.ts [recipients]`
 * starts a bench runtime (with the call counter), a company with its sandbox connection, imports
 * a list of new numbers, then runs one campaign without waits and prints the table calls per
 * recipient (the idle runtime's own polling taken out) and recipients per second (first to last
 * in the sandbox's outbox). Issue #26; the full bench's campaign phase measures the same at 1,000.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { importList, markValid } from './campaign-run.ts';
import { cpuSeconds } from './memory.ts';
import { idleRates } from './probe.ts';
import { startRuntimeProcess } from './runtime-process.ts';
import { seedClient } from './seed.ts';
import { setUpCompany, superUser } from './setup.ts';

const count = Number(process.argv[2] ?? 300);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'atende-campaign-calls-'));
const runtime = await startRuntimeProcess({
  dataDir,
  env: {
    ADMIN_EMAIL: superUser.email,
    ADMIN_PASSWORD: superUser.password,
    ATENDE_RATE_LIMIT_PER_ADDRESS: '0',
    ATENDE_RATE_LIMIT_PER_COMPANY: '100000000',
  },
  logFile: join(dataDir, 'runtime.log'),
  // The machine is shared: a start may take minutes.
  startTimeoutMs: 600_000,
  // ATENDE_CPU_PROFILE_DIR=<dir>: V8 CPU profiles of the runtime's threads, to see where a recipient's time goes.
  ...(process.env.ATENDE_CPU_PROFILE_DIR ? { cpuProfileDir: process.env.ATENDE_CPU_PROFILE_DIR } : {}),
});
const documents = DynamoDBDocumentClient.from(seedClient(runtime.env.DYNAMODB_ENDPOINT!));
try {
  const setup = await setUpCompany(runtime.url, { agents: 1, label: 'calls' });
  const { ApiClient } = await import('../../../functions/test/integration/support/api-client.ts');
  const admin = new ApiClient(runtime.url);
  await admin.login(setup.admin.email, setup.admin.password);
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Campaña ${i}`,
    number: `5500${String(Date.now() % 1000).padStart(3, '0')}${String(i).padStart(6, '0')}`,
    email: `c${i}@bench.test`,
  }));
  const list = await importList(admin, runtime.url, rows, 'Calls');
  await markValid(documents, runtime.env.TABLE_NAME!, setup.companyId, list.listId);
  await admin.post('/campaign-settings', {
    messageInterval: 0,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    variables: [],
  });
  await sleep(3000);
  const idle = await idleRates(runtime, 5, async () => undefined);
  const before = await runtime.dynamoCalls();
  const cpuBefore = {
    runtime: cpuSeconds(runtime.pid) ?? 0,
    dynamodb: runtime.dynamoPid ? (cpuSeconds(runtime.dynamoPid) ?? 0) : 0,
  };
  const started = performance.now();
  const created = await admin.post<{ id: number }>('/campaigns', {
    scheduledAt: new Date(Date.now() + 1000).toISOString(),
    name: 'Calls',
    whatsappId: setup.whatsappId,
    contactListId: list.listId,
    message1: 'Calls {nome}',
  });
  for (;;) {
    const now = await admin.get<{ status: string; report: { deliveries: number } }>(
      `/campaigns/${created.body.id}`,
    );
    if (now.body.status === 'FINALIZADA') break;
    await sleep(500);
  }
  let sent: Record<string, unknown>[] = [];
  for (let tries = 0; tries < 120 && sent.length < count; tries += 1) {
    const page = await documents.send(
      new QueryCommand({
        TableName: runtime.env.TABLE_NAME!,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': `C#${setup.companyId}`,
          ':prefix': `SANDBOX#${setup.whatsappId}#OUT#`,
        },
      }),
    );
    sent = page.Items ?? [];
    if (sent.length < count) await sleep(500);
  }
  await sleep(3000);
  const elapsed = (performance.now() - started) / 1000;
  const after = await runtime.dynamoCalls();
  // CPU per recipient (the idle runtime's own taken out): the loaded machine's wall clock is not
  // a measure, the CPU spent is.
  const cpuMs = {
    runtime: Math.round(
      (((cpuSeconds(runtime.pid) ?? 0) - cpuBefore.runtime - idle.cpu.runtime * elapsed) * 1000) / count,
    ),
    dynamodb: runtime.dynamoPid
      ? Math.round(
          (((cpuSeconds(runtime.dynamoPid) ?? 0) - cpuBefore.dynamodb - idle.cpu.dynamodb * elapsed) * 1000) /
            count,
        )
      : 0,
  };
  const instants = sent.map((item) => Date.parse(String(item.sentAt))).sort((a, b) => a - b);
  const seconds = (instants.at(-1)! - instants[0]!) / 1000;
  // The claims' span (the campaign's pipeline) beside the outbox's (the connector's sends).
  const entries = await documents.send(
    new QueryCommand({
      TableName: runtime.env.TABLE_NAME!,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `C#${setup.companyId}`, ':prefix': `CAMPSHIP#${created.body.id}#` },
    }),
  );
  const claims = (entries.Items ?? [])
    .map((item) => Date.parse(String(item.deliveredAt)))
    .sort((a, b) => a - b);
  const claimSeconds = (claims.at(-1)! - claims[0]!) / 1000;
  // The stages apart, per recipient: its claim (deliveredAt) to its send (the sandbox's sentAt).
  const claimOf = new Map((entries.Items ?? []).map((item) => [String(item.number), Date.parse(String(item.deliveredAt))]));
  const lags = sent
    .map((item) => Date.parse(String(item.sentAt)) - (claimOf.get(String(item.to).split('@')[0]!) ?? NaN))
    .filter((lag) => Number.isFinite(lag))
    .sort((a, b) => a - b);
  const quantile = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? null;
  const perRecipient: Record<string, number> = {};
  let table = 0;
  for (const [name, total] of Object.entries(after)) {
    const used = total - (before[name] ?? 0) - (idle.calls[name] ?? 0) * elapsed;
    if (used <= 0.5) continue;
    perRecipient[name] = Math.round((used / count) * 100) / 100;
    if (name.startsWith('table.')) table += used;
  }
  console.log(
    JSON.stringify(
      {
        recipients: count,
        sent: sent.length,
        seconds,
        recipientsPerSecond: count / seconds,
        claimSeconds,
        claimsPerSecond: count / claimSeconds,
        claimToSentMs: { p50: quantile(0.5), p99: quantile(0.99), matched: lags.length },
        tableCallsPerRecipient: Math.round((table / count) * 100) / 100,
        cpuMsPerRecipient: cpuMs,
        byOperation: perRecipient,
      },
      null,
      2,
    ),
  );
} finally {
  documents.destroy();
  await runtime.stop();
  await rm(dataDir, { recursive: true, force: true });
}
