/**
 * The app as a browser test meets it: the local runtime (built SPA included) in a fresh data
 * folder, the API called with a session (a token, or the one a signed-in page keeps), companies
 * signed up through the public route, and pages signed in through the login form.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { workerRuntime } from '../../../infra/local/test-support/worker-runtime.ts';
import { t } from '../../src/i18n/index.ts';
import { ensureWebBuild } from './ensure-web-build.ts';
import { launchChromium, openPage, tokenOf } from './browser.ts';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** The API called with one session. */
export type Caller = <T = unknown>(method: string, path: string, body?: unknown) => Promise<ApiAnswer<T>>;

export interface CompanySignUp {
  name: string;
  email: string;
  phone: string;
  password: string;
}

export interface Plan {
  id: number;
  connections: number;
  users: number;
  queues: number;
}

/** The usual order for picking a plan: the one with the most connections first. */
export const mostConnections = (a: Plan, b: Plan) => b.connections - a.connections;

/** A company of the test's own, named `<name> <stamp>` and owned by `<mailbox>-<stamp>@example.com`. */
export function companyFor(name: string, mailbox: string, stamp: string): CompanySignUp {
  return {
    name: `${name} ${stamp}`,
    email: `${mailbox}-${stamp}@example.com`,
    phone: '11987654321',
    password: 'segredo123',
  };
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

/** The platform's first super user, made by the runtime's first start. */
export const superUser = { email: 'root-browser@atende.test', password: 'Root-pass-1' };

/**
 * The header the test runtime reads a caller's address from (CLIENT_ADDRESS_HEADER). The files
 * that share a worker's runtime would otherwise all be 127.0.0.1 and share its per-address
 * budgets (five sign-ups an hour): each file's API calls come from an address of its own, as
 * each file had a runtime of its own before. Pages keep the real address.
 */
const clientAddressHeader = 'x-test-client-address';
const apps = globalThis as { atendeBrowserApps?: number };
function nextFileAddress(): string {
  const n = (apps.atendeBrowserApps = (apps.atendeBrowserApps ?? 0) + 1);
  return `198.19.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * The local runtime as the test worker shares it between browser test files
 * (infra/local/test-support/worker-runtime.ts), on a free port; `stop()` closes the browser this
 * file launched and ends the file's use of the runtime. `label` names the file in the logs.
 */
export async function startApp(label: string) {
  ensureWebBuild();
  const held = await workerRuntime({
    label: 'browser',
    caller: label,
    env: {
      ADMIN_EMAIL: superUser.email,
      ADMIN_PASSWORD: superUser.password,
      CLIENT_ADDRESS_HEADER: clientAddressHeader,
    },
  });
  const { runtime } = held;
  const address = nextFileAddress();
  let browser: Browser | undefined;
  const url = (path: string) => new URL(path, runtime.url).href;

  /** Calls the API with a session: a token, or a signed-in page's own (so no second login replaces it). */
  async function api<T>(
    session: string | Page | undefined,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiAnswer<T>> {
    const token = typeof session === 'object' ? await tokenOf(session) : session;
    const response = await fetch(url(`/api${path}`), {
      method,
      headers: {
        [clientAddressHeader]: address,
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

  /** The API called with one session, as `api` does. */
  const as =
    (session: string | Page): Caller =>
    <T>(method: string, path: string, body?: unknown) =>
      api<T>(session, method, path, body);

  /** A token for the API only. Sessions are one per user: never sign in a user that a page uses. */
  async function signIn(email: string, password: string): Promise<string> {
    const answer = await api<{ token: string }>(undefined, 'POST', '/auth/login', { email, password });
    expect(answer.status, `login ${email}`).toBe(200);
    return answer.body.token;
  }

  /** Signs a company up through the public route on the first plan in `order`; answers that plan. */
  async function signUpCompany(
    company: CompanySignUp,
    order: (a: Plan, b: Plan) => number = mostConnections,
  ): Promise<Plan> {
    const plans = (await api<Plan[]>(undefined, 'GET', '/plans/list')).body;
    const plan = [...plans].sort(order)[0];
    const signup = await api(undefined, 'POST', '/companies/cadastro', { ...company, planId: plan?.id });
    expect(signup.status, `sign-up: ${JSON.stringify(signup.body)}`).toBeLessThan(300);
    return plan!;
  }

  /** The browser of this test, launched on first use with `extraArgs` besides the usual flags. */
  async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
    browser ??= await launchChromium(extraArgs);
    return browser;
  }

  /** Signs in through the login form and waits to leave /login. */
  async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
    await page.goto(url('/login'));
    await page.getByLabel(t('auth.login.email')).fill(email);
    await page.getByLabel(t('auth.login.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: t('auth.login.submit') }).click();
    await page.waitForURL((address) => address.pathname !== '/login', { timeout: 15_000 });
  }

  /**
   * A page of its own browser context (see `openPage`), signed in through the form; its uncaught
   * errors go into `errors`, prefixed with the e-mail.
   */
  async function signedInPage(
    email: string,
    password: string,
    errors: string[],
    options: BrowserContextOptions = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await openPage(await launchBrowser(), errors, options, email);
    await signInThroughForm(opened.page, email, password);
    return opened;
  }

  /**
   * A company signed up (on the first plan in `order`) with its admin signed in on a page of its
   * own (see `signedInPage`); `api` calls the API with that page's session.
   */
  async function signedInAdmin(
    company: CompanySignUp,
    errors: string[],
    options: BrowserContextOptions = {},
    order: (a: Plan, b: Plan) => number = mostConnections,
  ): Promise<{ plan: Plan; page: Page; api: Caller }> {
    const plan = await signUpCompany(company, order);
    const { page } = await signedInPage(company.email, company.password, errors, options);
    return { plan, page, api: as(page) };
  }

  async function stop(): Promise<void> {
    await browser?.close();
    await held.release();
  }

  return {
    runtime,
    url,
    api,
    as,
    signIn,
    signUpCompany,
    launchBrowser,
    signInThroughForm,
    signedInPage,
    signedInAdmin,
    stop,
  };
}

export type App = Awaited<ReturnType<typeof startApp>>;
