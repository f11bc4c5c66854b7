import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, superUser, type App, type Caller } from './support/app.ts';
import { openPage } from './support/browser.ts';

/**
 * /signup?companyId= (core §2 routes; docs/decisions.md, "Sign-up: the companyId of the link is a
 * referral"): a visitor signs up through a company's link, and the super user's companies table
 * shows which company referred the new one.
 */
describe('sign-up through a referral link', () => {
  let app: App;
  let page: Page;
  let root: Caller;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const referrer = companyFor('Referente', 'referente', stamp);
  const referred = companyFor('Referida', 'referida', stamp);

  beforeAll(async () => {
    app = await startApp('signup-referral-browser');
    ({ page } = await app.signedInPage(superUser.email, superUser.password, pageErrors));
    root = app.as(page);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('records the company of the link and shows it on the companies table', async () => {
    await app.signUpCompany(referrer);
    const idOf = async (name: string) =>
      (await root<{ id: number; name: string }[]>('GET', '/companies/list')).body.find(
        (company) => company.name === name,
      )?.id ?? 0;
    await expect.poll(() => idOf(referrer.name)).toBeGreaterThan(0);
    const referrerId = await idOf(referrer.name);

    // A visitor of its own address (sign-ups are limited per address) opens the link.
    const address = { 'x-test-client-address': `10.31.${Date.now() % 250}.${process.pid % 250}` };
    const visitor = (
      await openPage(await app.launchBrowser(), pageErrors, { extraHTTPHeaders: address }, 'visitor')
    ).page;
    await visitor.goto(app.url(`/signup?companyId=${referrerId}`));
    await visitor.getByLabel(t('auth.signup.name')).fill(referred.name);
    await visitor.getByLabel(t('auth.signup.email')).fill(referred.email);
    await visitor.getByLabel(t('auth.signup.phone')).pressSequentially(referred.phone);
    await visitor.getByLabel(t('auth.signup.password'), { exact: true }).fill(referred.password);
    const plan = visitor.getByLabel(t('auth.signup.plan'));
    await plan.locator('option[value]:not([value=""])').first().waitFor({ state: 'attached', timeout: 15_000 });
    await plan.selectOption({ index: 1 });
    await visitor.getByRole('button', { name: t('auth.signup.submit') }).click();
    await visitor.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });

    // The super user's companies table: the new company's row names its referrer.
    await page.goto(app.url('/settings'));
    await page.getByRole('tab', { name: t('settings.tabs.companies') }).click();
    const row = page.getByRole('row').filter({ hasText: referred.name });
    await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain(referrer.name);
    await expect
      .poll(() => page.getByRole('columnheader', { name: t('companies.referredBy') }).count())
      .toBe(1);
    const referrerRow = page.getByRole('row').filter({ hasText: referrer.email });
    await expect.poll(() => referrerRow.innerText()).not.toContain(referred.name);
    expect(pageErrors).toEqual([]);
  });
});
