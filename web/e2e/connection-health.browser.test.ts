import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';
import { connectSandbox } from './support/sandbox.ts';

/**
 * Connections that tell you (issue #30): a drop simulated through the sandbox shows the banner at
 * once on another page (the `connectionAlert` live event), the connections screen shows the last
 * disconnect and its reason, the history dialog lists it; the connection back, the banner goes.
 */
describe('connection health', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  let whatsappId = 0;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Salud', 'salud', stamp);
  const name = `Salud ${stamp}`;
  const reason = () => t('connections.reason.replaced');

  beforeAll(async () => {
    app = await startApp('connection-health-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    whatsappId = await connectSandbox(api, { name });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('shows the banner at once on another page when the connection drops', async () => {
    await page.goto(app.url('/tickets'));
    await page.locator('main').waitFor();
    expect((await api('POST', `/sandbox/${whatsappId}/drop`, { reason: 'replaced' })).status).toBe(202);
    const banner = page.getByTestId('connection-alert-banner');
    await expect.poll(() => banner.innerText(), { timeout: 20_000 }).toContain(t('connections.alert.drop', { name, reason: reason() }));
    expect(new URL(page.url()).pathname).toBe('/tickets');
  });

  it('leads to the connections screen, which shows the last disconnect and its reason', async () => {
    await page.getByTestId('connection-alert-link').click();
    await page.waitForURL((address) => address.pathname === '/connections');
    const row = page.locator(`[data-connection-name="${name}"]`);
    await expect.poll(() => row.getByTestId('connection-last-disconnect').innerText()).toContain(reason());
  });

  it('the history dialog lists the disconnect, still ongoing', async () => {
    const row = page.locator(`[data-connection-name="${name}"]`);
    await row.getByRole('button', { name: t('connections.history.button', { name }) }).click();
    const disconnects = page.getByTestId('connection-history-disconnects');
    await expect.poll(() => disconnects.innerText()).toContain(reason());
    await expect.poll(() => disconnects.innerText()).toContain(t('connections.history.ongoing'));
    await page.getByTestId('connection-history-strip').waitFor();
    await page.getByRole('button', { name: t('common.close'), exact: true }).click();
    await disconnects.waitFor({ state: 'detached' });
  });

  it('the connection back: the banner goes and the history shows how long it lasted', async () => {
    expect((await api('POST', `/sandbox/${whatsappId}/restore`)).status).toBe(202);
    await page.getByTestId('connection-alert-banner').waitFor({ state: 'detached', timeout: 20_000 });
    const row = page.locator(`[data-connection-name="${name}"]`);
    await expect.poll(() => row.getAttribute('data-status')).toBe('CONNECTED');
    await row.getByRole('button', { name: t('connections.history.button', { name }) }).click();
    const disconnects = page.getByTestId('connection-history-disconnects');
    await expect.poll(() => disconnects.innerText()).toContain(reason());
    await expect.poll(() => disconnects.innerText()).not.toContain(t('connections.history.ongoing'));
    expect(pageErrors).toEqual([]);
  });
});
