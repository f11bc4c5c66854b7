import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { startApp, type App, superUser } from './support/app.ts';

/**
 * The platform's payment secrets (docs/decisions.md, "Invoices and payment"): the super user sets
 * the Asaas webhook token on the settings screen; the screen and the API show it back masked only.
 */

describe('settings: the Asaas webhook token', () => {
  let app: App;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp('payment-secrets-browser');
    ({ page } = await app.signedInPage(superUser.email, superUser.password, pageErrors));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('is written from the settings screen and shown back masked', async () => {
    await page.goto(app.url('/settings'));
    const card = page.getByTestId('payment-secrets');
    await card.waitFor({ state: 'visible', timeout: 15_000 });
    const field = card.getByLabel(t('settings.secrets.asaasWebhookToken'), { exact: true });
    await expect.poll(() => field.getAttribute('type')).toBe('password');
    await field.fill('whsec-prueba-9876');
    await card.getByRole('button', { name: t('common.save') }).click();
    await expect
      .poll(() => card.textContent(), { timeout: 10_000 })
      .toContain(t('settings.secrets.stored', { masked: '••••9876' }));
    await expect.poll(() => field.inputValue()).toBe('');

    const root = app.as(page);
    const settings = await root<{ key: string; value: string }[]>('GET', '/settings');
    expect(settings.body).toContainEqual({ key: 'asaasWebhookToken', value: '••••9876' });
    expect(JSON.stringify(settings.body)).not.toContain('whsec-prueba-9876');
    expect(pageErrors).toEqual([]);
  });
});
