/**
 * The SPA under the edge's rules: its access token lives in memory only (never in storage),
 * a reload signs it back in from the refresh cookie, and the Content-Security-Policy the
 * gateway sends (the same CloudFront sends) blocks nothing the SPA uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { companyFor, startApp, type App } from './support/app.ts';
import { openPage } from './support/browser.ts';

describe('the SPA at the edge', () => {
  let app: App;
  let page: Page;
  const pageErrors: string[] = [];
  const company = companyFor('Borde', 'borde', String(Date.now()));

  /** What the page's CSP refused so far (securitypolicyviolation events, collected from the start). */
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

  beforeAll(async () => {
    app = await startApp('edge-browser');
    await app.signUpCompany(company);
    const opened = await openPage(await app.launchBrowser(), pageErrors);
    page = opened.page;
    await opened.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('serves the SPA with its Content-Security-Policy and signs in without a CSP violation', async () => {
    const response = await page.goto(app.url('/login'));
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await app.signInThroughForm(page, company.email, company.password);
    await page.getByTestId('greeting').waitFor({ state: 'visible', timeout: 15_000 });
    await page.goto(app.url('/tickets'));
    await page.getByTestId('greeting').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await violations()).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('keeps the access token out of storage', async () => {
    const stored = await page.evaluate(() => ({
      local: Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]),
      session: Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key)]),
    }));
    expect(stored.local.map(([key]) => key)).not.toContain('token');
    // No value anywhere looks like a JWT.
    expect(JSON.stringify(stored)).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  });

  it('signs back in after a reload from the refresh cookie', async () => {
    await page.reload();
    await page.getByTestId('greeting').waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/tickets');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await violations()).toEqual([]);
  });
});
