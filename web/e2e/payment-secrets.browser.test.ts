import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, superUser } from './support/app.ts';

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

/**
 * The provider checkout uses is the super user's choice, and a saved Asaas token can be removed
 * (docs/decisions.md, "Payment provider: chosen, not inferred"): with a token saved and Asaas
 * chosen, the super user removes the token ("Quitar token"), switches back to the sandbox, and an
 * overdue company's PAGAR gets the sandbox's QR code.
 */
describe('settings: the payment provider and removing the Asaas token', () => {
  let app: App;
  let page: Page;
  let root: ReturnType<App['as']>;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Vuelve', 'vuelve', stamp);

  beforeAll(async () => {
    app = await startApp('payment-provider-browser');
    await app.signUpCompany(company);
    ({ page } = await app.signedInPage(superUser.email, superUser.password, pageErrors));
    root = app.as(page);
    const companies = await root<{ id: number; email: string }[]>('GET', '/companies/list');
    const companyId = companies.body.find((c) => c.email === company.email)!.id;
    expect((await root('PUT', `/companies/${companyId}`, { dueDate: '2020-01-31' })).status).toBe(200);
  });
  afterAll(async () => {
    // The platform's settings are global to the runtime: back to no token and the sandbox.
    if (root) {
      await root('PUT', '/settings/asaas', { value: '' });
      await root('PUT', '/settings/paymentProvider', { value: 'sandbox' });
    }
    await app?.stop();
  });

  it('removes the saved token, switches back to the sandbox, and PAGAR then works locally', async () => {
    await page.goto(app.url('/settings'));
    const card = page.getByTestId('payment-secrets');
    await card.waitFor({ state: 'visible', timeout: 15_000 });
    const provider = card.getByLabel(t('settings.payments.provider'), { exact: true });
    const tokenField = card.getByTestId('secret-asaas');
    const token = tokenField.getByLabel(t('settings.secrets.asaas'), { exact: true });
    await token.fill('$aact_prueba_3456');
    await card.getByRole('button', { name: t('common.save') }).click();
    await expect
      .poll(() => tokenField.textContent())
      .toContain(t('settings.secrets.stored', { masked: '••••3456' }));
    await provider.selectOption('asaas');
    await expect
      .poll(async () => (await root<{ key: string; value: string }[]>('GET', '/settings')).body)
      .toContainEqual({ key: 'paymentProvider', value: 'asaas' });

    // An empty save keeps the token; "Quitar token" removes it.
    await card.getByRole('button', { name: t('common.save') }).click();
    await expect
      .poll(() => tokenField.textContent())
      .toContain(t('settings.secrets.stored', { masked: '••••3456' }));
    await tokenField.getByRole('button', { name: t('settings.secrets.remove') }).click();
    await expect.poll(() => tokenField.textContent()).toContain(t('settings.secrets.none'));
    await tokenField
      .getByRole('button', { name: t('settings.secrets.remove') })
      .waitFor({ state: 'detached' });
    await provider.selectOption('sandbox');
    await expect
      .poll(async () => (await root<{ key: string; value: string }[]>('GET', '/settings')).body)
      .toContainEqual({ key: 'paymentProvider', value: 'sandbox' });
    const settings = await root<{ key: string; value: string }[]>('GET', '/settings');
    expect(settings.body.find((setting) => setting.key === 'asaas')).toBeUndefined();
    // After a reload the screen says the same.
    await page.reload();
    await expect.poll(() => provider.inputValue(), { timeout: 15_000 }).toBe('sandbox');
    await expect.poll(() => tokenField.textContent()).toContain(t('settings.secrets.none'));

    // The overdue company opens Financiero (its invoice made on the spot) and presses PAGAR.
    const admin = await app.signedInPage(company.email, company.password, pageErrors);
    // A blocked company lands on /subscription; its menu offers the invoices.
    await admin.page.waitForURL((url) => url.pathname === '/subscription', { timeout: 15_000 });
    const menu = admin.page.getByRole('navigation', { name: t('layout.mainMenu') });
    await menu.getByRole('link', { name: t('menu.financial') }).click();
    await admin.page.waitForURL((url) => url.pathname === '/financeiro', { timeout: 10_000 });
    const row = admin.page.getByTestId('invoices-list').locator('tr[data-invoice-id="20200131"]');
    await row.getByRole('button', { name: t('invoices.pay') }).click({ timeout: 15_000 });
    const address = admin.page.getByTestId('checkout-address');
    await address.getByLabel(t('checkout.firstName'), { exact: true }).fill('Ana Vuelve');
    await address.getByLabel(t('checkout.address2'), { exact: true }).fill('Rua das Flores 10');
    await address.getByLabel(t('checkout.city'), { exact: true }).fill('São Paulo');
    await address.getByLabel(t('checkout.zipcode'), { exact: true }).fill('01000-000');
    await address.getByLabel(t('checkout.country'), { exact: true }).fill('Brasil');
    await address.getByRole('button', { name: t('checkout.next') }).click();
    await admin.page
      .getByTestId('checkout-plans')
      .getByRole('button', { name: t('checkout.choosePlan') })
      .first()
      .click();
    const review = admin.page.getByTestId('checkout-review');
    await review.getByRole('button', { name: t('checkout.pay') }).click();
    const qr = admin.page.getByTestId('checkout-qr');
    await qr.locator('svg').first().waitFor({ timeout: 15_000 });
    await qr.getByRole('button', { name: t('checkout.qr.simulate') }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
