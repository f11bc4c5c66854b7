import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { errorCatalogue } from '@atende/shared/errors';
import { t } from '../src/i18n/index.ts';
import { startApp, superUser, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';

/**
 * Issue #29, "Plans and settings" (docs/decisions.md, "Plan limits: campaigns and schedules"):
 * the super user sets a plan's campaigns and schedules limits in Planes, they survive a reload,
 * and an admin of a company on that plan who goes past the campaigns limit reads why.
 */
describe('the Planes form: campaigns and schedules limits', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let root: Caller;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const planName = `Limites ${stamp}`;
  let planId: number | undefined;

  type StoredPlan = { id: number; name: string; campaigns: number | null; schedules: number | null };
  const storedPlan = async () =>
    (await root<StoredPlan[]>('GET', '/plans/all')).body.find((plan) => plan.name === planName);

  beforeAll(async () => {
    app = await startApp('plan-limits-browser');
    ({ page } = await app.signedInPage(superUser.email, superUser.password, pageErrors));
    root = app.as(page);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const planForm = () => page.getByTestId('plan-form');
  const openPlans = async () => {
    await page.goto(app.url('/settings'));
    await page.getByRole('tab', { name: t('settings.tabs.plans') }).click();
    await planForm().waitFor({ state: 'visible', timeout: 30_000 });
  };
  const field = (label: string) => planForm().getByLabel(label, { exact: true });

  it('the super user saves a plan with both limits', async () => {
    await openPlans();
    await field(t('plans.name')).fill(planName);
    await field(t('plans.users')).fill('2');
    await field(t('plans.connections')).fill('1');
    await field(t('plans.queues')).fill('1');
    await field(t('plans.campaignsLimit')).fill('1');
    await field(t('plans.schedulesLimit')).fill('7');
    await planForm()
      .getByRole('button', { name: t('common.save') })
      .click();
    await page.getByRole('row').filter({ hasText: planName }).waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(storedPlan).toMatchObject({ campaigns: 1, schedules: 7 });
    planId = (await storedPlan())!.id;
  });

  it('they survive a reload, and an emptied limit is saved as none', async () => {
    await page.reload();
    await openPlans();
    await page.getByRole('button', { name: `${t('common.edit')}: ${planName}` }).click();
    await expect.poll(() => field(t('plans.campaignsLimit')).inputValue()).toBe('1');
    await expect.poll(() => field(t('plans.schedulesLimit')).inputValue()).toBe('7');

    await field(t('plans.schedulesLimit')).fill('');
    await planForm()
      .getByRole('button', { name: t('common.save') })
      .click();
    await expect.poll(storedPlan).toMatchObject({ campaigns: 1, schedules: null });
    await page.reload();
    await openPlans();
    await page.getByRole('button', { name: `${t('common.edit')}: ${planName}` }).click();
    await expect.poll(() => field(t('plans.campaignsLimit')).inputValue()).toBe('1');
    await expect.poll(() => field(t('plans.schedulesLimit')).inputValue()).toBe('');
  });

  it("an admin on the plan gets the catalogue's text when the campaigns limit is reached", async () => {
    const email = `limites-${stamp}@example.com`;
    const company = await root('POST', '/companies', {
      name: `Empresa límites ${stamp}`,
      email,
      password: 'secret1',
      planId,
    });
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    const admin = await app.signedInPage(email, 'secret1', pageErrors);
    const api = app.as(admin.page);
    expect((await api('POST', '/campaigns', { name: 'La única' })).status).toBe(201);

    // The campaign screens exist only with the browser's cshow flag (extended §2.1).
    await admin.page.evaluate(() => localStorage.setItem('cshow', 'true'));
    await admin.page.goto(app.url('/campaigns'));
    await admin.page.getByRole('button', { name: t('campaigns.add') }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel(t('campaigns.columns.name')).fill('Una de más');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await admin.page
      .locator('[data-toast="error"]', { hasText: errorCatalogue.ERR_CAMPAIGN_LIMIT_REACHED.es })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await expect
      .poll(async () =>
        (await api<{ records: { name: string }[] }>('GET', '/campaigns')).body.records.map((c) => c.name),
      )
      .toEqual(['La única']);
    expect(pageErrors).toEqual([]);
  });
});
