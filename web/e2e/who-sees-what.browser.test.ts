import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller, type Plan } from './support/app.ts';

/** Plans that run campaigns first (the runtime's default plan does), then the most users. */
const campaignsFirst = (a: Plan, b: Plan) => {
  const campaigns = (plan: Plan) => Number((plan as { useCampaigns?: boolean }).useCampaigns !== false);
  return campaigns(b) - campaigns(a) || b.users - a.users;
};

/**
 * Issue #25 "Who sees what": an agent who types an admin screen's address lands on the inbox (as
 * /connections always did); a new admin of a company with campaigns on finds the Campañas menu
 * without touching the browser's storage; an admin is not offered deleting their own user.
 */
describe('who sees what', () => {
  let app: App;
  let adminPage: Page;
  let agentPage: Page;
  let admin: Caller;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Quien Ve', 'quienve', stamp);
  const agent = { name: `Ana Agente ${stamp}`, email: `ana-${stamp}@example.com`, password: 'segredo123' };

  beforeAll(async () => {
    app = await startApp('who-sees-what');
    ({ page: adminPage, api: admin } = await app.signedInAdmin(
      company,
      pageErrors,
      { viewport: { width: 1366, height: 900 } },
      campaignsFirst,
    ));
    const created = await admin('POST', '/users', {
      ...agent,
      profile: 'user',
      allTicket: 'enabled',
      queueIds: [],
    });
    expect(created.status).toBeLessThan(300);
    agentPage = (
      await app.signedInPage(agent.email, agent.password, pageErrors, {
        viewport: { width: 390, height: 844 },
      })
    ).page;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it.each(['/prompts', '/queue-integration', '/financeiro', '/queues', '/messages-api'])(
    'sends an agent who opens %s to the inbox, with no permission toast',
    async (path) => {
      await agentPage.goto(app.url(path));
      await agentPage.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
      await expect.poll(() => agentPage.getByText(t('errors.ERR_NO_PERMISSION')).count()).toBe(0);
    },
  );

  it('shows an agent at 1366 px a menu without the admin and campaign groups, and keeps them off /queues', async () => {
    const wide = {
      name: `Beto Agente ${stamp}`,
      email: `beto-agente-${stamp}@example.com`,
      password: 'segredo123',
    };
    const created = await admin('POST', '/users', {
      ...wide,
      profile: 'user',
      allTicket: 'enabled',
      queueIds: [],
    });
    expect(created.status).toBeLessThan(300);
    const { page } = await app.signedInPage(wide.email, wide.password, pageErrors, {
      viewport: { width: 1366, height: 900 },
    });
    await page.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
    const menu = page.getByRole('navigation', { name: t('layout.mainMenu') });
    await menu.getByRole('link', { name: t('menu.tickets'), exact: true }).waitFor({ state: 'visible' });
    await expect.poll(() => menu.getByText(t('menu.administration'), { exact: true }).count()).toBe(0);
    await expect.poll(() => menu.getByText(t('menu.campaigns'), { exact: true }).count()).toBe(0);
    await page.goto(app.url('/queues'));
    await page.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
  });

  it('shows a new admin the Campañas menu, as the company setting has campaigns on', async () => {
    await adminPage.goto(app.url('/'));
    const menu = adminPage.getByRole('navigation', { name: t('layout.mainMenu') });
    await menu.getByText(t('menu.campaigns'), { exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
    await menu.getByRole('link', { name: t('menu.campaignsList'), exact: true }).click();
    await adminPage.waitForURL((address) => address.pathname === '/campaigns', { timeout: 15_000 });
    await expect.poll(() => adminPage.evaluate(() => localStorage.getItem('cshow'))).not.toBeNull();
  });

  it('hides Campañas again when the company turns campaigns off', async () => {
    expect(
      (await admin('PUT', '/settings/campaignsEnabled', { key: 'campaignsEnabled', value: 'false' })).status,
    ).toBe(200);
    await adminPage.reload();
    const menu = adminPage.getByRole('navigation', { name: t('layout.mainMenu') });
    await menu
      .getByText(t('menu.administration'), { exact: true })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => menu.getByText(t('menu.campaigns'), { exact: true }).count()).toBe(0);
    await expect.poll(() => adminPage.evaluate(() => localStorage.getItem('cshow'))).toBeNull();
    expect(
      (await admin('PUT', '/settings/campaignsEnabled', { key: 'campaignsEnabled', value: 'true' })).status,
    ).toBe(200);
  });

  it('offers an admin "Eliminar" on other users but not on their own', async () => {
    await adminPage.goto(app.url('/users'));
    const own = adminPage.locator(`tr[data-user-email="${company.email}"]`);
    const other = adminPage.locator(`tr[data-user-email="${agent.email}"]`);
    await other.getByRole('button', { name: t('users.deleteUser', { name: agent.name }) }).waitFor({
      state: 'visible',
      timeout: 15_000,
    });
    await own.waitFor({ state: 'visible' });
    await expect.poll(() => own.getByRole('button', { name: /^Eliminar/ }).count()).toBe(0);
  });
});
