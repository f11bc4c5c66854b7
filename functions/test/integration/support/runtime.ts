import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workerRuntime } from '../../../../infra/local/test-support/worker-runtime.ts';
import { ApiClient, clientAddressHeader } from './api-client.ts';

export const superUser = { email: 'root@atende.test', password: 'Root-pass-1' };

/**
 * The local runtime with a known super user: the test worker's shared one
 * (infra/local/test-support/worker-runtime.ts), so a file must make its own companies and never
 * count what it did not make.
 */
export async function startTestRuntime() {
  const held = await workerRuntime({
    label: 'it',
    env: {
      ADMIN_EMAIL: superUser.email,
      ADMIN_PASSWORD: superUser.password,
      CLIENT_ADDRESS_HEADER: clientAddressHeader,
      // A company change is seen within 3 s rather than 30 (and a company purge waits 8 s for writers, not 35).
      COMPANY_CONTEXT_FRESH_SECONDS: '3',
    },
  });
  const { runtime } = held;
  return {
    runtime,
    /** A new visitor: its own cookies and, unless given, its own address. */
    client: (address?: string) => new ApiClient(runtime.url, address),
    /** Every e-mail the local outbox holds for an address, oldest first. */
    mailsTo(address: string): string[] {
      let files: string[] = [];
      try {
        files = readdirSync(runtime.outboxDir).filter((file) => file.endsWith(`${address}.txt`)).sort();
      } catch {
        return [];
      }
      return files.map((file) => readFileSync(join(runtime.outboxDir, file), 'utf8'));
    },
    /** The newest e-mail the local outbox holds for an address. */
    lastMailTo(address: string): string | undefined {
      return this.mailsTo(address).at(-1);
    },
    /**
     * The local scheduler's pending timers whose name contains `nameIncludes` (e.g. `-t12-`):
     * their name, due time and body.
     */
    async timers(nameIncludes: string): Promise<{ name: string; atMs: number; queueName: string; body: string }[]> {
      return runtime.scheduler
        .pending()
        .filter((timer) => timer.name.includes(nameIncludes))
        .map(({ name, atMs, queueName, body }) => ({ name, atMs, queueName, body }));
    },
    /** Makes those timers due now (same name and body, as if their time had come); answers their names. */
    async fireTimersNow(nameIncludes: string): Promise<string[]> {
      const due = await this.timers(nameIncludes);
      for (const timer of due) await runtime.scheduler.schedule({ name: timer.name, at: new Date(), queueName: timer.queueName, body: timer.body });
      return due.map((timer) => timer.name);
    },
    /** Ends this file's use of the runtime (stopping it only when it is the file's own). */
    async stop() {
      await held.release();
    },
  };
}

/** One file's local runtime, as `startTestRuntime` answers it. */
export type TestRuntime = Awaited<ReturnType<typeof startTestRuntime>>;

let sequence = 0;
/** A company signed up through the public route, with its admin signed in. */
export async function signUpCompany(client: ApiClient, label = 'Empresa') {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  const plans = await client.get<{ id: number }[]>('/plans/list');
  const admin = { email: `admin-${tag}@example.com`, password: 'secret1' };
  const signup = await client.post<{ id: number }>('/companies/cadastro', {
    name: `${label} ${tag}`,
    email: admin.email,
    phone: '(11) 98888-7777',
    password: admin.password,
    planId: plans.body[0]!.id,
  });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const login = await client.login(admin.email, admin.password);
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return { companyId: signup.body.id, admin, user: login.body.user };
}
