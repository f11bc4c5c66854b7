import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { errorCatalogue } from '@atende/shared/errors';
import { t } from '../src/i18n/index.ts';
import { startApp, type App } from './support/app.ts';
import { openPage } from './support/browser.ts';

describe('login page', () => {
  let app: App;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp('login-browser');
    page = (await openPage(await app.launchBrowser(), pageErrors, { viewport: { width: 1280, height: 800 } }))
      .page;
    await page.goto(app.url('/login'));
  });

  afterAll(async () => {
    await app?.stop();
  });

  const emailInput = () => page.getByLabel(t('auth.login.email'));
  const passwordInput = () => page.getByLabel(t('auth.login.password'), { exact: true });
  const submitButton = () => page.getByRole('button', { name: t('auth.login.submit') });
  const colorMode = () =>
    page.evaluate(() =>
      document.querySelector('[data-amplify-theme]')?.getAttribute('data-amplify-color-mode'),
    );

  it('shows the e-mail and password fields, the Entrar button and the links', async () => {
    await emailInput().waitFor({ state: 'visible' });
    await expect.poll(() => emailInput().isVisible()).toBe(true);
    await expect.poll(() => passwordInput().isVisible()).toBe(true);
    await expect.poll(() => submitButton().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: t('auth.login.toSignup') }).getAttribute('href'))
      .toBe('/signup');
    await expect
      .poll(() => page.getByRole('link', { name: t('auth.login.toForgotPassword') }).getAttribute('href'))
      .toBe('/forgetpsw');
  });

  it('shows a translated error toast for wrong credentials and stays on /login', async () => {
    await emailInput().fill('nadie@example.com');
    await passwordInput().fill('contraseña-equivocada');
    await submitButton().click();
    const errorToast = page.locator('[data-toast="error"]');
    await errorToast.waitFor({ state: 'visible', timeout: 15_000 });
    const text = (await errorToast.innerText()).trim();
    // Whatever the server answers, the visitor reads Spanish from the catalogue, never a raw code.
    const catalogueTexts = Object.values(errorCatalogue).map((entry) => entry.es);
    expect(catalogueTexts).toContain(text);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('toggles between light and dark and remembers the choice', async () => {
    await expect.poll(colorMode).toBe('light');
    await page.getByRole('button', { name: t('theme.toDark') }).click();
    await expect.poll(colorMode).toBe('dark');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await emailInput().waitFor({ state: 'visible' });
    await expect.poll(colorMode).toBe('dark');
    await page.getByRole('button', { name: t('theme.toLight') }).click();
    await expect.poll(colorMode).toBe('light');
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
