import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../../infra/local/src/runtime.ts';
import { ramTempDir } from '../../../infra/local/test-support/ram-dir.ts';
import { ApiClient, clientAddressHeader } from './support/api-client.ts';
import { signUpCompany, superUser } from './support/runtime.ts';
import { connectSandbox, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * A schedule whose time passes while the local runtime is stopped is sent once when it starts
 * again: its timer is kept in the table and fired on start (docs/decisions.md, "Scheduled
 * messages"). Its own file: one runtime per process, and this one is stopped and started.
 */
const dataDir = ramTempDir('schedules-restart');
let runtime: Runtime | undefined;

async function start(): Promise<Runtime> {
  process.env.ADMIN_EMAIL = superUser.email;
  process.env.ADMIN_PASSWORD = superUser.password;
  process.env.CLIENT_ADDRESS_HEADER = clientAddressHeader;
  // No warm-up: functions load on their first call, as with `npm start` (each start is seconds, not ~25).
  runtime = await startRuntime({ port: 0, dataDir, quiet: true, warmUp: false });
  return runtime;
}

afterAll(async () => {
  await runtime?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Creates a schedule due `leadMs` from now for a new contact and stops the runtime. Answers
 * undefined when the stop ended after the send time (a loaded machine): the schedule may then have
 * gone out before the stop, which is not the case this file is about.
 */
async function scheduleThenStop(admin: ApiClient, number: string, leadMs: number) {
  const contact = await admin.post<{ id: number }>('/contacts', { name: 'Gabi', number });
  expect(contact.status).toBe(201);
  const sendAt = new Date(Date.now() + leadMs).toISOString();
  const created = await admin.post<{ id: number }>('/schedules', {
    body: 'Mientras estaba parado',
    contactId: contact.body.id,
    sendAt,
  });
  expect(created.status).toBe(201);
  await runtime!.stop();
  runtime = undefined;
  const stoppedAt = Date.now();
  return stoppedAt < Date.parse(sendAt) ? { scheduleId: created.body.id, sendAt, stoppedAt } : undefined;
}

describe('a schedule due while the runtime was stopped', () => {
  it('is sent once after the restart', async () => {
    const first = await start();
    let admin = new ApiClient(first.url);
    const { admin: account } = await signUpCompany(admin, 'Reinicio');
    const whatsappId = await connectSandbox(admin);
    // Due shortly after the stop (a stop takes a few seconds); when a loaded machine makes the
    // stop outlast the first lead, once more with a longer one and another customer.
    let stopped: Awaited<ReturnType<typeof scheduleThenStop>> = undefined;
    let number = '';
    for (const [attempt, leadMs] of [10_000, 30_000, 60_000].entries()) {
      if (attempt > 0) {
        admin = new ApiClient((await start()).url);
        expect((await admin.login(account.email, account.password)).status).toBe(200);
      }
      number = `55119700000${51 + attempt}`;
      stopped = await scheduleThenStop(admin, number, leadMs);
      if (stopped) break;
    }
    expect(stopped, 'a stop that ended before the send time').toBeDefined();
    const { scheduleId, sendAt, stoppedAt } = stopped!;

    // The send time passes while nothing runs.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(sendAt) - Date.now()) + 1_000));

    const second = await start();
    const again = new ApiClient(second.url);
    expect((await again.login(account.email, account.password)).status).toBe(200);
    const sent = await until(
      async () => {
        const read = await again.get<{ status: string; sentAt: string | null }>(`/schedules/${scheduleId}`);
        return read.body.status === 'ENVIADA' ? read.body : undefined;
      },
      'ENVIADA after the restart',
      30_000,
    );
    expect(Date.parse(sent.sentAt!)).toBeGreaterThan(stoppedAt);
    await until(
      async () => ((await outboxOf(again, whatsappId, number)).length > 0 ? true : undefined),
      'the message in the outbox',
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await outboxOf(again, whatsappId, number)).map((m) => m.body)).toEqual([
      'Mientras estaba parado',
    ]);
  }, 400_000);
});
