/**
 * Shared steps of the browser tests that need a company with agents: the local runtime in a
 * fresh data folder, a company signed up through the public route, an API client per session
 * token, a connected sandbox connection, and a browser page signed in through the login form.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startRuntime } from '../../../infra/local/src/runtime.ts';
import { t } from '../../src/i18n/index.ts';
import { ensureWebBuild } from '../ensure-web-build.ts';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** Polls `check` every 500 ms (usable outside a test, where expect.poll is not). */
export async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what = 'a condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The local runtime (built SPA included) in its own data folder, stopped and removed by `stop()`. */
export async function startInboxRuntime(label: string) {
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), `atende-${label}-browser-`));
  const runtime = await startRuntime({ port: 0, dataDir, quiet: true });
  let browser: Browser | undefined;
  const url = (path: string) => new URL(path, runtime.url).href;

  /** Calls the API with a session token (a browser's own, or one from `signIn`). */
  async function api<T>(
    token: string | undefined,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiAnswer<T>> {
    const response = await fetch(url(`/api${path}`), {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed as T };
  }

  /** A token for the API only. Sessions are one per user: never sign in a user that a page uses. */
  async function signIn(email: string, password: string): Promise<string> {
    const answer = await api<{ token: string }>(undefined, 'POST', '/auth/login', { email, password });
    if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status}`);
    return answer.body.token;
  }

  /** Signs a company up on the plan with the most connections; answers its admin's token. */
  async function signUpCompany(company: {
    name: string;
    email: string;
    phone: string;
    password: string;
  }): Promise<string> {
    const plans = (
      await api<{ id: number; connections: number; users: number }[]>(undefined, 'GET', '/plans/list')
    ).body;
    const plan = [...plans].sort((a, b) => b.connections - a.connections)[0];
    const signup = await api(undefined, 'POST', '/companies/cadastro', { ...company, planId: plan?.id });
    if (signup.status >= 300) throw new Error(`sign-up: ${signup.status} ${JSON.stringify(signup.body)}`);
    return signIn(company.email, company.password);
  }

  /** A sandbox connection, connected by simulating the QR scan; answers its id. */
  async function connectedSandbox(adminToken: string, name: string): Promise<number> {
    const created = await api<{ id: number }>(adminToken, 'POST', '/whatsapp', {
      name,
      provider: 'sandbox',
      isDefault: true,
    });
    if (created.status >= 300) throw new Error(`connection: ${created.status}`);
    const id = created.body.id;
    const status = async () =>
      (await api<{ status?: string }>(adminToken, 'GET', `/whatsapp/${id}`)).body?.status;
    await until(async () => (await status()) === 'qrcode', 45_000, 'the QR');
    await api(adminToken, 'POST', `/sandbox/${id}/scan`);
    await until(async () => (await status()) === 'CONNECTED', 45_000, 'CONNECTED');
    return id;
  }

  /** A page of its own browser context (its own storage, so its own session), signed in through the form. */
  async function signedInPage(
    email: string,
    password: string,
    errors: string[],
  ): Promise<{ context: BrowserContext; page: Page }> {
    browser ??= await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    });
    const context = await browser.newContext({
      colorScheme: 'light',
      viewport: { width: 1366, height: 820 },
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`${email}: ${error.message}`));
    await page.goto(url('/login'));
    await page.getByLabel(t('auth.login.email')).fill(email);
    await page.getByLabel(t('auth.login.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: t('auth.login.submit') }).click();
    await page.waitForURL((address) => address.pathname !== '/login', { timeout: 15_000 });
    return { context, page };
  }

  /** The session token a signed-in page keeps in its storage. */
  async function tokenOf(page: Page): Promise<string> {
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('token') ?? 'null') as string | null,
    );
    if (!token) throw new Error('the page has no session');
    return token;
  }

  async function stop(): Promise<void> {
    await browser?.close();
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { runtime, url, api, signIn, signUpCompany, connectedSandbox, signedInPage, tokenOf, stop };
}

export type InboxRuntime = Awaited<ReturnType<typeof startInboxRuntime>>;
