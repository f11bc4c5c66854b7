import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { formatDueDate } from '../src/features/invoices/invoice-format.ts';
import { companyFor, startApp, until, type App, superUser } from './support/app.ts';

/**
 * Checkout (extended §2.20, §2.21, §4 Checkout): the admin of a company past its due date opens
 * /financeiro, presses PAGAR on the overdue invoice, goes through Datos (its required-field
 * texts), Personalizar and Revisar, gets the PIX QR screen, pays with the sandbox provider's
 * "Simular pago", sees the renewal message with the new due date and lands on / with the top
 * bar's due-date chip showing that date.
 */

describe('checkout: an overdue company pays its invoice with the sandbox provider', () => {
  let app: App;
  let page: Page;
  let companyId: number;
  let root: ReturnType<App['as']>;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Pagadora', 'pagadora', stamp);

  beforeAll(async () => {
    app = await startApp('checkout-browser');
    await app.signUpCompany(company);
    root = app.as(await app.signIn(superUser.email, superUser.password));
    const companies = await root<{ id: number; email: string }[]>('GET', '/companies/list');
    companyId = companies.body.find((c) => c.email === company.email)!.id;
    const admin = app.as(await app.signIn(company.email, company.password));

    expect((await root('PUT', `/companies/${companyId}`, { dueDate: '2020-01-31' })).status).toBe(200);
    await app.runtime.scheduler.runNow('invoice-run');
    await until(
      async () => (await admin<{ invoices: unknown[] }>('GET', '/invoices/all')).body.invoices.length === 1,
      20_000,
      'the overdue invoice',
    );

    ({ page } = await app.signedInPage(company.email, company.password, pageErrors, {
      permissions: ['clipboard-read', 'clipboard-write'],
    }));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('pays through the wizard and the QR screen, then shows the new due date', async () => {
    // A blocked company is sent to the subscription page; its admin's menu offers the invoices.
    await page.waitForURL((address) => address.pathname === '/subscription', { timeout: 15_000 });
    const menu = page.getByRole('navigation', { name: t('layout.mainMenu') });
    await menu.getByRole('link', { name: t('menu.subscription') }).waitFor({ state: 'visible' });
    await expect.poll(() => menu.getByRole('link', { name: t('menu.tickets') }).count()).toBe(0);
    await menu.getByRole('link', { name: t('menu.financial') }).click();
    await page.waitForURL((address) => address.pathname === '/financeiro', { timeout: 10_000 });
    const row = page.getByTestId('invoices-list').locator('tr[data-invoice-id="20200131"]');
    await row.getByRole('button', { name: t('invoices.pay') }).click();

    // Datos: the required fields say so.
    const address = page.getByTestId('checkout-address');
    await address.getByRole('button', { name: t('checkout.next') }).click();
    await expect.poll(() => address.textContent()).toContain('El nombre completo es requerido');
    await address.getByLabel(t('checkout.firstName'), { exact: true }).fill('Ana Pagadora');
    await address.getByLabel(t('checkout.address2'), { exact: true }).fill('Rua das Flores 10');
    await address.getByLabel(t('checkout.city'), { exact: true }).fill('São Paulo');
    await address.getByLabel(t('checkout.zipcode'), { exact: true }).fill('01000-000');
    await address.getByLabel(t('checkout.country'), { exact: true }).fill('Brasil');
    await address.getByRole('button', { name: t('checkout.next') }).click();

    // Personalizar: choosing a plan advances; Revisar shows the price in reais.
    const plans = page.getByTestId('checkout-plans');
    await plans
      .getByRole('button', { name: t('checkout.choosePlan') })
      .first()
      .click();
    const review = page.getByTestId('checkout-review');
    await expect.poll(() => review.textContent()).toContain('R$');
    await review.getByRole('button', { name: t('checkout.pay') }).click();

    // The QR screen: the code as a picture, the value, and the sandbox's "Simular pago".
    const qr = page.getByTestId('checkout-qr');
    await qr.locator('svg').first().waitFor();
    await expect.poll(() => qr.textContent()).toContain('R$');
    // Copying says so for a second, and the clipboard holds the copy-and-paste code.
    await qr.getByRole('button', { name: t('checkout.qr.copy') }).click();
    await qr.getByRole('button', { name: t('checkout.qr.copied') }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^SANDBOXPIX\|/);
    await qr.getByRole('button', { name: t('checkout.qr.copy') }).waitFor();
    await qr.getByRole('button', { name: t('checkout.qr.simulate') }).click();

    const success = page.getByTestId('checkout-success');
    await expect.poll(() => success.textContent(), { timeout: 20_000 }).toContain(t('checkout.success'));
    const companies = await root<{ id: number; dueDate: string }[]>('GET', '/companies/list');
    const newDueDate = formatDueDate(companies.body.find((c) => c.id === companyId)!.dueDate);
    expect(newDueDate).not.toBe('31/01/2020');
    await expect.poll(() => success.textContent()).toContain(newDueDate);

    await page.waitForURL((address) => address.pathname === '/', { timeout: 15_000 });
    await expect.poll(() => page.locator('.due-date-chip').textContent()).toContain(newDueDate);
    expect(pageErrors).toEqual([]);
  });
});
