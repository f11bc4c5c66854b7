import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import type {
  DashboardAnswer,
  TicketsDayAnswer,
  TicketsUsersAnswer,
} from '@atende/shared/entities/dashboard';
import { defaultTimeZone } from '@atende/shared/constants';
import { formatMinutes } from '@atende/shared/format-minutes';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, until, type App, type Caller, type Plan } from './support/app.ts';
import { openPage, tokenOf } from './support/browser.ts';
import { connectSandbox, customerWrites, pendingTicketOf } from './support/sandbox.ts';
import { journeySteps } from './support/journey.ts';

/**
 * The dashboard against the local runtime (core §2 Dashboard, §3 counters, §7, §9): three
 * customers write to a sandbox connection; the admin answers and resolves one, keeps one in
 * conversation and leaves one waiting. The dashboard at / then shows those counters for the
 * current month (loaded by itself after a second), the attendants table with its CSV export,
 * and both charts with data, in light and dark; a non-admin sees no figures.
 */
describe('dashboard', () => {
  // Its tests are the steps of one journey: after a failed step the rest are skipped, not failed.
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  let adminName = '';
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Panel', 'panel', stamp);
  const agent = { name: 'Marta Agente', email: `marta-${stamp}@example.com`, password: 'senha123' };
  const customers = {
    resolved: { from: '5511990000101', name: 'Resuelto', body: 'hola, una duda', id: `D1-${stamp}` },
    talking: { from: '5511990000102', name: 'Conversando', body: 'buenas tardes', id: `D2-${stamp}` },
    waiting: { from: '5511990000103', name: 'Esperando', body: '¿hay alguien?', id: `D3-${stamp}` },
  };

  interface Ticket {
    id: number;
    status: string;
    contact?: { name?: string };
  }

  /** Today in the company's time zone, which the browser shares (the API counts days there). */
  const todayInCompany = () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: defaultTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());

  const card = (name: string) => page.getByTestId(`dashboard-counter-${name}`);
  const isDashboardCall = (path: string) => (response: Response) =>
    new URL(response.url()).pathname === `/api${path}` && response.request().method() === 'GET';

  beforeAll(async () => {
    app = await startApp('dashboard-browser');
    const options = {
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
      timezoneId: defaultTimeZone,
    };
    const mostUsers = (a: Plan, b: Plan) => b.users - a.users || b.connections - a.connections;
    // Sign in on the tickets page, so the dashboard is opened fresh later, with the data in place.
    ({ page, api } = await app.signedInAdmin(company, pageErrors, options, mostUsers));
    const me = await api<{ id: number; name: string }>('GET', '/auth/me');
    adminName = me.body.name;
    expect(adminName).toBeTruthy();

    const whatsappId = await connectSandbox(api, { name: `Ventas ${stamp}` });

    // Three customers write; each becomes a new contact with a pending ticket.
    for (const customer of Object.values(customers)) await customerWrites(api, whatsappId, customer);
    const resolved = await pendingTicketOf<Ticket>(api, customers.resolved.name);
    const talking = await pendingTicketOf<Ticket>(api, customers.talking.name);
    await pendingTicketOf<Ticket>(api, customers.waiting.name);

    // The admin accepts, answers and resolves the first; accepts and answers the second.
    for (const ticket of [resolved, talking]) {
      expect(
        (await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: me.body.id })).status,
      ).toBeLessThan(300);
      expect(
        (await api('POST', `/messages/${ticket.id}`, { body: 'Hola, ¿en qué le ayudo?' })).status,
      ).toBeLessThan(300);
    }
    expect((await api('PUT', `/tickets/${resolved.id}`, { status: 'closed' })).status).toBeLessThan(300);

    // The figures are aggregated from the table's stream: wait until they have caught up.
    await until(async () => {
      const { counters } = (await api<DashboardAnswer>('GET', '/dashboard?days=3')).body;
      return (
        counters.supportFinished === 1 &&
        counters.supportHappening === 1 &&
        counters.supportPending === 1 &&
        counters.leads === 3
      );
    }, 30_000);

    // A second user, without the admin profile.
    const user = await api('POST', '/users', {
      ...agent,
      profile: 'user',
      allTicket: 'desabled',
      queueIds: [],
    });
    expect(user.status).toBeLessThan(300);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('loads the current month by itself a second after opening and shows the six cards', async () => {
    const opened = Date.now();
    const counters = page.waitForResponse(isDashboardCall('/dashboard'), { timeout: 15_000 });
    await page.goto(app.url('/'));
    const response = await counters;
    // core §2: the default period loads automatically, 1 second after opening.
    expect(Date.now() - opened).toBeGreaterThanOrEqual(1_000);
    expect(response.status()).toBe(200);
    const query = new URL(response.url()).searchParams;
    const today = todayInCompany();
    expect(query.get('date_from')).toBe(`${today.slice(0, 8)}01`);
    expect(query.get('date_to')).toBe(today);

    const answer = (await response.json()) as DashboardAnswer;
    // What the three customers and the admin did.
    expect(answer.counters.supportFinished).toBeGreaterThanOrEqual(1);
    expect(answer.counters).toMatchObject({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 1,
      leads: 3,
    });

    const cards = [
      ['supportHappening', 'dashboard.counters.supportHappening', String(answer.counters.supportHappening)],
      ['supportPending', 'dashboard.counters.supportPending', String(answer.counters.supportPending)],
      ['supportFinished', 'dashboard.counters.supportFinished', String(answer.counters.supportFinished)],
      ['leads', 'dashboard.counters.leads', String(answer.counters.leads)],
      ['avgSupportTime', 'dashboard.counters.avgSupportTime', formatMinutes(answer.counters.avgSupportTime)],
      ['avgWaitTime', 'dashboard.counters.avgWaitTime', formatMinutes(answer.counters.avgWaitTime)],
    ] as const;
    for (const [name, label, value] of cards) {
      await expect.poll(() => card(name).innerText()).toContain(t(label));
      await expect.poll(() => card(name).innerText()).toContain(value);
    }
    await expect.poll(() => card('supportFinished').getAttribute('data-value')).toBe('1');
    await expect.poll(() => card('supportHappening').getAttribute('data-value')).toBe('1');
    await expect.poll(() => card('supportPending').getAttribute('data-value')).toBe('1');
    // Times in minutes read as hours and minutes.
    await expect.poll(() => card('avgSupportTime').innerText()).toMatch(/\d+h \d+m/);
    // The smaller seventh card: the first response time.
    const firstResponse = () => card('avgFirstResponseTime').innerText();
    await expect.poll(firstResponse).toContain(t('dashboard.counters.avgFirstResponseTime'));
    await expect.poll(firstResponse).toContain(formatMinutes(answer.counters.avgFirstResponseTime));
  });

  it('lists the attendants with their tickets, rating and online status', async () => {
    const table = page.getByTestId('dashboard-attendants');
    await table.waitFor({ state: 'visible', timeout: 15_000 });
    const row = table.locator(`[data-attendant-name="${adminName}"]`);
    await row.waitFor({ state: 'visible' });
    const text = () => row.innerText();
    await expect.poll(text).toContain(adminName);
    await expect.poll(text).toMatch(/\d+h \d+m/);
    // One conversation finished by the admin in the period; signed in, so online.
    await expect.poll(async () => Number(await row.getByTestId('attendant-tickets').innerText())).toBe(1);
    await expect.poll(() => row.locator('[data-online]').getAttribute('data-online')).toBe('true');
    await expect.poll(text).toContain(t('dashboard.attendants.online'));
    await expect.poll(text).toContain(t('dashboard.rating.none'));
  });

  it('exports the attendants as CSV', async () => {
    const download = page.waitForEvent('download', { timeout: 15_000 });
    await page.getByRole('button', { name: t('dashboard.attendants.export') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const path = await file.path();
    expect(readFileSync(path, 'utf8')).toContain(adminName);
  });

  it('draws both charts with the month’s data', async () => {
    const users = page.getByTestId('dashboard-chart-ticketsUsers').locator('canvas');
    const days = page.getByTestId('dashboard-chart-ticketsDay').locator('canvas');
    await users.waitFor({ state: 'visible', timeout: 15_000 });
    await days.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(async () => Number(await users.getAttribute('data-points'))).toBeGreaterThan(0);
    await expect.poll(async () => Number(await users.getAttribute('data-total'))).toBe(1);
    await expect.poll(async () => Number(await days.getAttribute('data-points'))).toBeGreaterThan(0);
    await expect.poll(async () => Number(await days.getAttribute('data-total'))).toBe(3);
    await expect.poll(() => users.getAttribute('aria-label')).toContain(t('dashboard.charts.ticketsUsers'));
    // Chart.js has drawn something: the canvas is not blank.
    const painted = await days.evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      return Array.prototype.some.call(
        pixels,
        (value: number, index: number) => index % 4 === 3 && value > 0,
      );
    });
    expect(painted).toBe(true);
  });

  it('filters a chart to one day and shows hour slots', async () => {
    const panel = page.getByTestId('dashboard-chart-ticketsDay');
    const today = todayInCompany();
    await panel.getByLabel(t('dashboard.dateFrom')).fill(today);
    await panel.getByLabel(t('dashboard.dateTo')).fill(today);
    const fetched = page.waitForResponse(isDashboardCall('/dashboard/ticketsDay'), { timeout: 15_000 });
    await panel.getByRole('button', { name: t('dashboard.filter') }).click();
    const response = await fetched;
    const query = new URL(response.url()).searchParams;
    expect(query.get('initialDate')).toBe(today);
    expect(query.get('finalDate')).toBe(today);
    const answer = (await response.json()) as TicketsDayAnswer;
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.data.every((row) => row.horario !== undefined)).toBe(true);
    const canvas = panel.locator('canvas');
    await expect.poll(() => canvas.getAttribute('data-hourly'), { timeout: 10_000 }).toBe('true');
    await expect.poll(async () => Number(await canvas.getAttribute('data-total'))).toBe(answer.count);
    await expect.poll(() => panel.getByRole('heading').innerText()).toBe(t('dashboard.charts.ticketsHour'));

    const usersPanel = page.getByTestId('dashboard-chart-ticketsUsers');
    const usersFetched = page.waitForResponse(isDashboardCall('/dashboard/ticketsUsers'), {
      timeout: 15_000,
    });
    await usersPanel.getByLabel(t('dashboard.dateFrom')).fill(today);
    await usersPanel.getByLabel(t('dashboard.dateTo')).fill(today);
    await usersPanel.getByRole('button', { name: t('dashboard.filter') }).click();
    const usersAnswer = (await (await usersFetched).json()) as TicketsUsersAnswer;
    expect(usersAnswer.data).toEqual([{ nome: adminName, quantidade: 1 }]);
  });

  it('asks for a filter when neither a period nor dates are set, then filters by period', async () => {
    const filter = page.getByTestId('dashboard-filter');
    await filter.getByLabel(t('dashboard.filterType')).selectOption('period');
    await filter.getByLabel(t('dashboard.period')).selectOption('0');
    await filter.getByRole('button', { name: t('dashboard.filter') }).click();
    const warning = page.locator('[data-toast="error"]', { hasText: t('dashboard.filterRequired') });
    await warning.waitFor({ state: 'visible', timeout: 5_000 });

    await filter.getByLabel(t('dashboard.period')).selectOption('7');
    const fetched = page.waitForResponse(isDashboardCall('/dashboard'), { timeout: 15_000 });
    await filter.getByRole('button', { name: t('dashboard.filter') }).click();
    const response = await fetched;
    expect(new URL(response.url()).searchParams.get('days')).toBe('7');
    const answer = (await response.json()) as DashboardAnswer;
    expect(answer.counters.supportFinished).toBe(1);
    await expect.poll(() => card('supportFinished').getAttribute('data-value')).toBe('1');
  });

  it('follows the dark theme', async () => {
    await page.screenshot({ path: join(tmpdir(), 'dashboard-light.png'), fullPage: true });
    await page.getByRole('button', { name: t('theme.toDark') }).click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.querySelector('[data-amplify-theme]')?.getAttribute('data-amplify-color-mode'),
        ),
      )
      .toBe('dark');
    const canvas = page.getByTestId('dashboard-chart-ticketsUsers').locator('canvas');
    await canvas.waitFor({ state: 'visible' });
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(tmpdir(), 'dashboard-dark.png'), fullPage: true });
    await page.getByRole('button', { name: t('theme.toLight') }).click();
  });

  it('shows no figures to a user without the admin profile', async () => {
    const { context, page: other } = await openPage(await app.launchBrowser(), pageErrors, {
      viewport: { width: 1280, height: 800 },
      timezoneId: defaultTimeZone,
    });
    try {
      let asked = false;
      other.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/dashboard')) asked = true;
      });
      await app.signInThroughForm(other, agent.email, agent.password);
      await other.goto(app.url('/'));
      await other.getByTestId('dashboard-admin-only').waitFor({ state: 'visible', timeout: 15_000 });
      await expect
        .poll(() => other.getByTestId('dashboard-admin-only').innerText())
        .toContain(t('dashboard.adminOnly'));
      await other.waitForTimeout(1_500);
      await expect.poll(() => other.getByTestId('dashboard-counters').count()).toBe(0);
      expect(asked).toBe(false);
      // The API refuses the figures too.
      const token = await tokenOf(other);
      const refused = await fetch(app.url('/api/dashboard?days=7'), {
        headers: { Authorization: `Bearer ${token ?? ''}` },
      });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    } finally {
      await context.close();
    }
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
