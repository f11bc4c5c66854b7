import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App } from './support/app.ts';
import { openPage } from './support/browser.ts';
import { journeySteps } from './support/journey.ts';

/**
 * The journey of a new customer's admin (issue "Sign-in, sessions, companies, plans, users,
 * settings and the app shell"): sign up a company on a plan, sign in, find the admin menu, add a
 * user, switch the theme, sign out; and one session per user: a second sign-in ends the first.
 */
describe('admin journey', () => {
  // Its tests are the steps of one journey: after a failed step the rest are skipped, not failed.
  journeySteps();
  let app: App;
  let page: Page;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Padaria', 'dono', stamp);
  const agent = { name: 'Carla Atendente', email: `carla-${stamp}@example.com`, password: 'senha123' };

  const pathOf = (target: Page) => new URL(target.url()).pathname;
  const successToast = (target: Page) => target.locator('[data-toast="success"]');

  beforeAll(async () => {
    app = await startApp('admin-journey');
    const options = { viewport: { width: 1280, height: 800 } };
    page = (await openPage(await app.launchBrowser(), pageErrors, options)).page;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('signs up a company on the plan with room for more than one user', async () => {
    const plans = (await (await fetch(app.url('/api/plans/list'))).json()) as { id: number; users: number }[];
    expect(plans.length).toBeGreaterThan(0);
    const plan = [...plans].sort((a, b) => b.users - a.users)[0];
    expect(plan?.users).toBeGreaterThan(1);

    await page.goto(app.url('/signup'));
    await page.getByLabel(t('auth.signup.name')).fill(company.name);
    await page.getByLabel(t('auth.signup.email')).fill(company.email);
    // The mask formats the digits as they are typed.
    await page.getByLabel(t('auth.signup.phone')).pressSequentially(company.phone);
    await expect.poll(() => page.getByLabel(t('auth.signup.phone')).inputValue()).toBe('(11) 98765-4321');
    await page.getByLabel(t('auth.signup.password'), { exact: true }).fill(company.password);
    await page.getByLabel(t('auth.signup.plan')).selectOption(String(plan?.id));
    await expect.poll(() => page.getByTestId('plan-summary').isVisible()).toBe(true);
    await page.getByRole('button', { name: t('auth.signup.submit') }).click();

    await successToast(page).first().waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => successToast(page).first().innerText()).toContain(t('auth.signup.success'));
    await page.waitForURL((address) => address.pathname === '/login');
  });

  it('signs in as the new admin and shows the admin menu and the company in the top bar', async () => {
    await app.signInThroughForm(page, company.email, company.password);
    await expect.poll(() => pathOf(page)).toBe('/');
    const menu = page.getByRole('navigation', { name: t('layout.mainMenu') });
    await menu.waitFor({ state: 'visible' });
    await expect.poll(() => menu.getByText(t('menu.administration')).isVisible()).toBe(true);
    for (const item of ['menu.dashboard', 'menu.users', 'menu.settings', 'menu.connections'] as const) {
      await expect.poll(() => menu.getByRole('link', { name: t(item), exact: true }).isVisible()).toBe(true);
    }
    // Only super users see announcements.
    await expect.poll(() => menu.getByRole('link', { name: t('menu.announcements') }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('greeting').innerText()).toContain(company.name);
    await expect.poll(() => page.getByTestId('app-version').innerText()).toContain('6.0.0');
  });

  it('adds a user from /users with the user modal', async () => {
    await page
      .getByRole('navigation', { name: t('layout.mainMenu') })
      .getByRole('link', { name: t('menu.users'), exact: true })
      .click();
    await page.waitForURL((address) => address.pathname === '/users');
    await page.locator(`[data-user-email="${company.email}"]`).waitFor({ state: 'visible', timeout: 15_000 });

    await page.getByRole('button', { name: t('users.add') }).click();
    const dialog = page.getByRole('dialog', { name: t('users.modal.addTitle') });
    await dialog.waitFor({ state: 'visible' });
    // The spec's texts show when the form is sent empty.
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await expect.poll(() => dialog.getByText('Requerido').count()).toBeGreaterThan(0);

    await dialog.getByLabel(t('users.modal.name')).fill(agent.name);
    await dialog.getByLabel(t('users.modal.email')).fill(agent.email);
    await dialog.getByLabel(t('users.modal.password'), { exact: true }).fill(agent.password);
    await dialog.getByLabel(t('users.modal.profile')).selectOption('user');
    await dialog.getByRole('button', { name: t('common.save') }).click();

    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    const row = page.locator(`[data-user-email="${agent.email}"]`);
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => row.innerText()).toContain(agent.name);
    await expect.poll(() => row.innerText()).toContain(t('profiles.user'));
  });

  it('switches to the dark theme and keeps it', async () => {
    const colorMode = () =>
      page.evaluate(() =>
        document.querySelector('[data-amplify-theme]')?.getAttribute('data-amplify-color-mode'),
      );
    await expect.poll(colorMode).toBe('light');
    await page.getByRole('button', { name: t('theme.toDark') }).click();
    await expect.poll(colorMode).toBe('dark');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  });

  it('logs out from the user menu', async () => {
    await page.getByRole('button', { name: t('layout.userMenu') }).click();
    await page.getByRole('menuitem', { name: t('layout.logout') }).click();
    await page.waitForURL((address) => address.pathname === '/login', { timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // A private route now sends the visitor back to /login.
    await page.goto(app.url('/users'));
    await page.waitForURL((address) => address.pathname === '/login');
  });

  it('ends the older session when the same user signs in on another computer', async () => {
    await app.signInThroughForm(page, agent.email, agent.password);
    // Give the first session's live channel a moment to connect before the second sign-in.
    await page.waitForTimeout(1_500);

    const { context: otherContext, page: other } = await openPage(await app.launchBrowser(), pageErrors, {
      viewport: { width: 1280, height: 800 },
    });
    try {
      await app.signInThroughForm(other, agent.email, agent.password);

      const warning = page.locator('[data-toast="error"]', { hasText: t('layout.accessedElsewhere') });
      await warning.waitFor({ state: 'visible', timeout: 15_000 });
      await page.waitForURL((address) => address.pathname === '/login', { timeout: 10_000 });
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      // The newer session goes on.
      await expect.poll(() => pathOf(other)).not.toBe('/login');
    } finally {
      await otherContext.close();
    }
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
