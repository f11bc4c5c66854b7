import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { startApp, superUser, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';

/**
 * Issue #29, the AI daily cap per plan (docs/decisions.md, "The AI daily cap per plan"): the super
 * user sets a plan's cap in Planes, it survives a reload, and an emptied field is saved as the
 * platform's default (null).
 */
describe('the Planes form: the AI daily cap', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let root: Caller;
  const pageErrors: string[] = [];
  const planName = `IA diaria ${Date.now().toString(36)}`;

  type StoredPlan = { id: number; name: string; aiDailyCalls: number | null };
  const storedPlan = async () =>
    (await root<StoredPlan[]>('GET', '/plans/all')).body.find((plan) => plan.name === planName);

  beforeAll(async () => {
    app = await startApp('plan-ai-cap-browser');
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
  const editPlan = async () => {
    await page.getByRole('button', { name: `${t('common.edit')}: ${planName}` }).click();
    await expect.poll(() => field(t('plans.name')).inputValue()).toBe(planName);
  };

  it('the super user saves a plan with its own AI cap', async () => {
    await openPlans();
    await field(t('plans.name')).fill(planName);
    // Empty at first: the platform's default.
    await expect.poll(() => field(t('plans.aiDailyCalls')).inputValue()).toBe('');
    await field(t('plans.aiDailyCalls')).fill('25');
    await planForm()
      .getByRole('button', { name: t('common.save') })
      .click();
    await page.getByRole('row').filter({ hasText: planName }).waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(storedPlan).toMatchObject({ aiDailyCalls: 25 });
  });

  it('the cap survives a reload, and an emptied field goes back to the default', async () => {
    await page.reload();
    await openPlans();
    await editPlan();
    await expect.poll(() => field(t('plans.aiDailyCalls')).inputValue()).toBe('25');
    await field(t('plans.aiDailyCalls')).fill('');
    await planForm()
      .getByRole('button', { name: t('common.save') })
      .click();
    await expect.poll(storedPlan).toMatchObject({ aiDailyCalls: null });
    await page.reload();
    await openPlans();
    await editPlan();
    await expect.poll(() => field(t('plans.aiDailyCalls')).inputValue()).toBe('');
    expect(pageErrors).toEqual([]);
  });
});
