import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * docs/sandbox.md as a reader follows it: an admin signed in (here an API client, as the SPA
 * would be) adds a sandbox connection and hands its token to the page's demo script, which plays
 * Juan while the admin answers him. The admin must still be signed in at the end: the script
 * signs no one in, so no session is replaced (one session per user).
 */
let env: TestRuntime;
beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

/** The demo script, exactly as the page shows it (the bash block of its demo section). */
function demoScript(): string {
  const page = readFileSync(new URL('../../../docs/sandbox.md', import.meta.url), 'utf8');
  const section = page.slice(page.indexOf('## A customer conversation for demos'));
  const match = /```bash\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('docs/sandbox.md has no demo script');
  return match[1]!;
}

/** Runs the script with `env` added; answers its exit code and what it printed. */
function runScript(script: string, vars: Record<string, string>) {
  const child = spawn('bash', ['-c', script], { env: { ...process.env, ...vars } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const done = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  return { done, output: () => output, exited: () => exited };
}

type Ticket = { id: number; contact?: { name?: string } | null };

describe('the demo script of docs/sandbox.md', () => {
  it("plays Juan with the connection's token while the admin answers, and the admin stays signed in", async () => {
    const admin = env.client();
    const { admin: credentials } = await signUpCompany(admin, 'Demo');
    // Step 1-2 of the page: a sandbox connection added in Conexiones, its token copied.
    const created = await admin.post<{ id: number }>('/whatsapp', {
      name: 'Demo',
      provider: 'sandbox',
      isDefault: true,
    });
    expect(created.status).toBe(201);
    const token = (await admin.get<{ token: string }>(`/whatsapp/${created.body.id}`)).body.token;
    expect(token).toMatch(/^\S{16,}$/);

    // Step 3: the script, with only the token.
    const run = runScript(demoScript(), {
      API: `${env.runtime.url}/api`,
      SANDBOX_TOKEN: token,
      WAIT_REPLY: '90',
    });

    // Meanwhile the admin, still signed in, takes Juan's ticket and answers him.
    const ticket = await until(
      async () => {
        if (run.exited()) throw new Error('the script ended before Juan wrote');
        const list = await admin.get<{ tickets: Ticket[] }>('/tickets?status=pending&showAll=true');
        return list.body.tickets?.find((candidate) => candidate.contact?.name === 'Juan');
      },
      "Juan's ticket",
      90_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; the script said:\n${run.output()}`);
    });
    expect((await admin.put(`/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    expect((await admin.post(`/messages/${ticket.id}`, { body: 'Sí, ya está listo' })).status).toBe(201);

    expect(await run.done, run.output()).toBe(0);
    expect(run.output()).toContain(`connection ${created.body.id}`);
    expect(run.output()).toContain('the business answered: Sí, ya está listo');
    expect(run.output()).toContain('Juan read it');
    expect(run.output()).toContain('status after restore: CONNECTED');

    // The admin's session survived the whole demo: the refresh (which reads the stored session,
    // with no cache in between) still trades the admin's cookie for a token.
    expect((await admin.get('/auth/me')).status).toBe(200);
    expect((await admin.post('/auth/refresh_token')).status).toBe(200);
    // What the page's older script did (signing in with the admin's e-mail and password) would
    // have ended it: the check above can fail.
    const script = env.client();
    expect((await script.login(credentials.email, credentials.password)).status).toBe(200);
    expect((await admin.post('/auth/refresh_token')).status).toBe(401);
  }, 240_000);

  it('drives only the connection the token belongs to, and no unknown token', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Tokens');
    const first = await connectSandbox(admin, { name: 'Uno' });
    const second = await connectSandbox(admin, { name: 'Dos', isDefault: false });
    const tokenOf = async (id: number) => (await admin.get<{ token: string }>(`/whatsapp/${id}`)).body.token;
    const bearer = (token: string) => {
      const client = env.client();
      client.token = token;
      return client;
    };
    const firstToken = bearer(await tokenOf(first));

    expect((await firstToken.get('/sandbox/connection')).body).toMatchObject({
      id: first,
      status: 'CONNECTED',
    });
    expect((await firstToken.get(`/sandbox/${first}`)).status).toBe(200);
    expect((await firstToken.get(`/sandbox/${second}`)).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    expect((await firstToken.post(`/sandbox/${second}/drop`)).status).toBe(404);
    expect((await bearer('not-a-token-of-anyone').get(`/sandbox/${first}`)).status).toBe(401);
    expect((await bearer('not-a-token-of-anyone').get('/sandbox/connection')).status).toBe(401);
    // A connection token opens the sandbox routes only, never the rest of the API.
    expect([401, 403]).toContain((await firstToken.get('/whatsapp')).status);
    // The admin's own session still works on the same routes.
    expect((await admin.get<{ id: number }>(`/sandbox/${second}`)).body).toMatchObject({ id: second });
  }, 180_000);
});
