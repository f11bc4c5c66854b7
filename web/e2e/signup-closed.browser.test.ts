import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { errorCatalogue } from '@atende/shared/errors';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, superUser, type App, type Caller } from './support/app.ts';
import { openPage } from './support/browser.ts';

/**
 * core §8 ERR_USER_CREATION_DISABLED (docs/decisions.md, "Sign-up closed: userCreation"): the
 * super user disables user creation on the settings screen, and a visitor's sign-up is refused
 * with the catalogue's text; enabled again, the same sign-up goes through.
 */
describe('settings: closing the public sign-up', () => {
  let app: App;
  let page: Page;
  let root: Caller | undefined;
  const pageErrors: string[] = [];
  const company = companyFor('Registro cerrado', 'registro-cerrado', Date.now().toString(36));

  beforeAll(async () => {
    app = await startApp('signup-closed-browser');
    ({ page } = await app.signedInPage(superUser.email, superUser.password, pageErrors));
    root = app.as(page);
  });
  afterAll(async () => {
    // The platform's settings are global to the runtime: open again.
    await root?.('PUT', '/settings/userCreation', { value: 'enabled' });
    await app?.stop();
  });

  const choose = async (value: 'enabled' | 'disabled') => {
    await page.goto(app.url('/settings'));
    const card = page.getByTestId('signup-setting');
    await card.waitFor({ state: 'visible', timeout: 30_000 });
    await card.getByLabel(t('settings.signup.userCreation')).selectOption(value);
    await expect
      .poll(async () => (await root!<{ key: string; value: string }[]>('GET', '/settings')).body)
      .toContainEqual(expect.objectContaining({ key: 'userCreation', value }));
  };

  const submitSignup = async (visitor: Page) => {
    await visitor.goto(app.url('/signup'));
    await visitor.getByLabel(t('auth.signup.name')).fill(company.name);
    await visitor.getByLabel(t('auth.signup.email')).fill(company.email);
    await visitor.getByLabel(t('auth.signup.phone')).pressSequentially(company.phone);
    await visitor.getByLabel(t('auth.signup.password'), { exact: true }).fill(company.password);
    const plan = visitor.getByLabel(t('auth.signup.plan'));
    await plan
      .locator('option[value]:not([value=""])')
      .first()
      .waitFor({ state: 'attached', timeout: 15_000 });
    await plan.selectOption({ index: 1 });
    await visitor.getByRole('button', { name: t('auth.signup.submit') }).click();
  };

  it('refuses the sign-up with the catalogue text while disabled, and lets it through once enabled', async () => {
    await choose('disabled');
    // An address of its own (the test runtime's client-address header): sign-ups are 5 an hour
    // per address, and other files' pages sign up from 127.0.0.1.
    const address = { 'x-test-client-address': `10.29.${Date.now() % 250}.${process.pid % 250}` };
    const visitor = (
      await openPage(await app.launchBrowser(), pageErrors, { extraHTTPHeaders: address }, 'visitor')
    ).page;
    await submitSignup(visitor);
    await visitor
      .locator('[data-toast="error"]', { hasText: errorCatalogue.ERR_USER_CREATION_DISABLED.es })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => new URL(visitor.url()).pathname).toBe('/signup');

    await choose('enabled');
    await submitSignup(visitor);
    await visitor.waitForURL((address) => address.pathname === '/login', { timeout: 30_000 });
    expect(pageErrors).toEqual([]);
  });
});
