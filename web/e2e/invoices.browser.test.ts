import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, until, type App, superUser } from './support/app.ts';

/**
 * The invoices screen (extended §2.20, §4 Invoices): a company that was past due (invoiced for
 * 2020-01-31, then given a new due date by a super user) sees that invoice as Vencido on a
 * highlighted row, and the invoice of its new due date as Sin pagar.
 */

/** yyyy-MM-dd, `days` from today (UTC; the company's zone is at most a day apart, inside the ten-day lead). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('invoices: /financeiro lists the company invoices with their state', () => {
  let app: App;
  let page: Page;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Facturada', 'facturada', stamp);
  const dueDate = inDays(5);

  beforeAll(async () => {
    app = await startApp('invoices-browser');
    await app.signUpCompany(company);
    const root = app.as(await app.signIn(superUser.email, superUser.password));
    const companies = await root<{ id: number; email: string }[]>('GET', '/companies/list');
    const companyId = companies.body.find((c) => c.email === company.email)!.id;
    const invoices = app.as(await app.signIn(company.email, company.password));
    const invoiceCount = async () =>
      (await invoices<{ invoices: unknown[] }>('GET', '/invoices/all')).body.invoices.length;

    expect((await root('PUT', `/companies/${companyId}`, { dueDate: '2020-01-31' })).status).toBe(200);
    await app.runtime.scheduler.runNow('invoice-run');
    await until(async () => (await invoiceCount()) === 1, 20_000, 'the overdue invoice');
    expect((await root('PUT', `/companies/${companyId}`, { dueDate })).status).toBe(200);
    await app.runtime.scheduler.runNow('invoice-run');
    await until(async () => (await invoiceCount()) === 2, 20_000, 'the current invoice');

    ({ page } = await app.signedInPage(company.email, company.password, pageErrors));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows Vencido on a highlighted row and Sin pagar on the current one', async () => {
    await page.goto(app.url('/financeiro'));
    const list = page.getByTestId('invoices-list');
    const overdue = list.locator('tr[data-invoice-id="20200131"]');
    const current = list.locator(`tr[data-invoice-id="${dueDate.replaceAll('-', '')}"]`);
    await expect.poll(() => overdue.getAttribute('data-state'), { timeout: 15_000 }).toBe('overdue');
    await expect.poll(() => overdue.getAttribute('class')).toContain('invoice-row--overdue');
    await expect.poll(() => overdue.textContent()).toContain(t('invoices.state.overdue'));
    await expect.poll(() => overdue.textContent()).toContain('31/01/2020');
    await expect.poll(() => current.getAttribute('data-state')).toBe('unpaid');
    await expect.poll(() => current.textContent()).toContain(t('invoices.state.unpaid'));
    await expect
      .poll(async () => (await current.getAttribute('class')) ?? '')
      .not.toContain('invoice-row--overdue');
    expect(pageErrors).toEqual([]);
  });
});
