import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startRuntime } from '../../infra/local/src/runtime.ts';
import { t } from '../src/i18n/index.ts';
import { ensureWebBuild } from './ensure-web-build.ts';

/**
 * The tickets page against the local runtime (core §2 Tickets page, §4 Ticket status and Live
 * updates): a customer writes to a sandbox connection; the agent sees the pending ticket appear
 * live, accepts it, replies (signed) and the reply reaches the sandbox outbox; then resolves it.
 */
describe('tickets page', () => {
  let runtime: Awaited<ReturnType<typeof startRuntime>> | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let dataDir: string;
  let whatsappId = 0;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = {
    name: `Tienda ${stamp}`,
    email: `tienda-${stamp}@example.com`,
    phone: '11987654321',
    password: 'segredo123',
  };
  const customer = { from: '5511990000001', name: 'Juan', body: 'hola', id: `X1-${stamp}` };

  const url = (path: string) => new URL(path, runtime?.url).href;
  const item = () => page.locator(`.ticket-item[data-contact-name="${customer.name}"]`);

  /** Calls the API with the browser's own session, so no second login replaces it (core §4 Session). */
  async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string | null);
    const response = await fetch(url(`/api${path}`), {
      method,
      headers: { Authorization: `Bearer ${token ?? ''}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Polls outside a test (expect.poll must run inside one). */
  async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  async function connectionStatus(): Promise<string | undefined> {
    const answer = await api<{ status?: string }>('GET', `/whatsapp/${whatsappId}`);
    return answer.body?.status;
  }

  beforeAll(async () => {
    ensureWebBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'atende-tickets-browser-'));
    runtime = await startRuntime({ port: 0, dataDir, quiet: true });

    const plans = (await (await fetch(url('/api/plans/list'))).json()) as { id: number; connections: number }[];
    const plan = [...plans].sort((a, b) => b.connections - a.connections)[0];
    const signup = await fetch(url('/api/companies/cadastro'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...company, planId: plan?.id }),
    });
    expect(signup.status).toBeLessThan(300);

    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    });
    const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1366, height: 820 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(url('/login'));
    await page.getByLabel(t('auth.login.email')).fill(company.email);
    await page.getByLabel(t('auth.login.password'), { exact: true }).fill(company.password);
    await page.getByRole('button', { name: t('auth.login.submit') }).click();
    await page.waitForURL((address) => address.pathname !== '/login', { timeout: 15_000 });

    // A sandbox connection, connected by simulating the QR scan.
    const created = await api<{ id: number }>('POST', '/whatsapp', { name: `Ventas ${stamp}`, provider: 'sandbox', isDefault: true });
    expect(created.status).toBeLessThan(300);
    whatsappId = created.body.id;
    await until(async () => (await connectionStatus()) === 'qrcode', 45_000);
    expect((await api('POST', `/sandbox/${whatsappId}/scan`)).status).toBeLessThan(300);
    await until(async () => (await connectionStatus()) === 'CONNECTED', 45_000);
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the tickets page with the welcome panel and empty lists', async () => {
    await page.goto(url('/tickets'));
    await page.getByTestId('tickets-welcome').waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByTestId('tab-pending').click();
    await page.getByText(t('tickets.empty.pending')).waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.getByTestId('count-pending').innerText()).toBe('0');
    // core §2: admins start with show-all on.
    expect(await page.getByRole('switch', { name: t('tickets.showAll') }).isChecked()).toBe(true);
  });

  it('shows an incoming conversation as a pending ticket, live', async () => {
    const inbound = await api('POST', `/sandbox/${whatsappId}/inbound`, customer);
    expect(inbound.status).toBeLessThan(300);
    // No reload: the live ticket event adds it to the pending list.
    await item().waitFor({ state: 'visible', timeout: 30_000 });
    expect(await item().getAttribute('data-status')).toBe('pending');
    await expect.poll(() => item().innerText(), { timeout: 15_000 }).toContain(customer.body);
    expect(await page.getByTestId('count-pending').innerText()).toBe('1');
    // Pending tickets cannot be opened by a click.
    await item().locator('.ticket-item__main').click();
    expect(new URL(page.url()).pathname).toBe('/tickets');
  });

  it('accepts the ticket and opens the chat with the customer’s message', async () => {
    await item().getByRole('button', { name: t('tickets.actions.accept') }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/tickets/'), { timeout: 15_000 });
    const chat = page.locator('.ticket-chat[data-status="open"]');
    await chat.waitFor({ state: 'visible', timeout: 15_000 });
    await chat.getByTestId('messages-list').getByText(customer.body, { exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
    expect(await chat.getByRole('button', { name: t('tickets.actions.resolve') }).isVisible()).toBe(true);
    expect(await chat.getByRole('button', { name: t('tickets.actions.return') }).isVisible()).toBe(true);
    expect(await chat.getByRole('button', { name: t('tickets.actions.transfer') }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('count-assigned').innerText(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('count-pending').innerText(), { timeout: 15_000 }).toBe('0');
  });

  it('replies; the signed reply reaches the customer through the sandbox', async () => {
    const input = page.getByLabel(t('tickets.input.label'), { exact: true });
    // Empty messages are never sent.
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Hola Juan');
    await input.press('Enter');
    const messages = page.getByTestId('messages-list');
    await messages.locator('.msg--me', { hasText: 'Hola Juan' }).waitFor({ state: 'visible', timeout: 15_000 });
    expect(await input.inputValue()).toBe('');

    await expect
      .poll(
        async () => {
          const outbox = await api<unknown>('GET', `/sandbox/${whatsappId}/outbox?to=${customer.from}`);
          return JSON.stringify(outbox.body ?? '');
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toContain('Hola Juan');
    const outbox = JSON.stringify((await api<unknown>('GET', `/sandbox/${whatsappId}/outbox?to=${customer.from}`)).body);
    // core §2: signing is on by default and prefixes the user's name in bold.
    expect(outbox).toContain('*');
    expect(outbox).toContain(':*\\nHola Juan');
    expect(await messages.locator('.msg--me').count()).toBe(1);
  });

  it('takes screenshots of the open chat (light and dark)', async () => {
    await page.screenshot({ path: join(tmpdir(), 'tickets-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    const toggle = page.getByRole('button', { name: t('theme.toDark') });
    if (await toggle.isVisible()) await toggle.click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(tmpdir(), 'tickets-dark.png') });
    const back = page.getByRole('button', { name: t('theme.toLight') });
    if (await back.isVisible()) await back.click();
  });

  it('resolves the ticket: back to /tickets, the ticket in the closed tab', async () => {
    await page.getByRole('button', { name: t('tickets.actions.resolve') }).click();
    await page.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
    await page.getByTestId('tickets-welcome').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('count-assigned').innerText(), { timeout: 15_000 }).toBe('0');
    await page.getByTestId('tab-closed').click();
    await item().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await item().getAttribute('data-status')).toBe('closed');
    // A closed ticket opens with Reabrir.
    await item().locator('.ticket-item__main').click();
    await page.getByRole('button', { name: t('tickets.actions.reopen') }).waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
