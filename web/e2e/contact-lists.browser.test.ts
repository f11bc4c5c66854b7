import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox } from './support/sandbox.ts';

/** An .xlsx made here: a header in Spanish, 30 good rows, bad rows and a number not on WhatsApp. */
async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Clientes');
  sheet.addRow(['Nombre', 'Número', 'Email']);
  for (let i = 1; i <= 30; i += 1)
    sheet.addRow([`Cliente ${String(i).padStart(2, '0')}`, `55119555${String(i).padStart(5, '0')}`, '']);
  sheet.addRow(['Sin número', '', '']); // line 32
  sheet.addRow(['Correo malo', '5511955599999', 'malo@']); // line 33
  sheet.addRow(['Cliente 01 bis', '+55 11 9555-00001', 'uno@example.com']); // line 34: same number as line 2
  sheet.addRow(['Fuera de WhatsApp', 9991234567, '']); // line 35
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * extended §2.6: a contact list is created on /contact-lists, an .xlsx is imported through the
 * row's upload button (the report lists the refused rows; the progress reaches the end live), and
 * the list's items screen shows the contacts with their WhatsApp check.
 */
describe('contact lists', () => {
  let app: App;
  let page: Page;
  let api: Caller;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Difusion', 'difusion', stamp);

  beforeAll(async () => {
    app = await startApp('contact-lists-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    await connectSandbox(api, { name: 'Campañas' });
    // The campaign screens exist only with the browser's cshow flag (extended §2.1).
    await page.evaluate(() => localStorage.setItem('cshow', 'true'));
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('imports an .xlsx into a new list and shows its contacts with their WhatsApp check', async () => {
    await page.goto(app.url('/contact-lists'));
    await page.getByRole('button', { name: t('contactLists.add') }).click();
    await page.getByRole('dialog').getByLabel(t('contactLists.modal.name')).fill('Clientes de mayo');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.save') })
      .click();
    const row = page.locator('tr[data-contact-list-name="Clientes de mayo"]');
    await row.waitFor({ state: 'visible', timeout: 15_000 });

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 15_000 }),
      row
        .getByRole('button', { name: t('contactLists.import.choose', { name: 'Clientes de mayo' }) })
        .click(),
    ]);
    await chooser.setFiles({
      name: 'clientes.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook(),
    });

    const report = page.getByTestId('contact-list-import-report');
    await report.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => report.getByTestId('contact-list-import-total').innerText()).toBe('34');
    await expect.poll(() => report.getByTestId('contact-list-import-accepted').innerText()).toBe('31');
    await expect.poll(() => report.getByTestId('contact-list-import-mergedInFile').innerText()).toBe('1');
    await expect
      .poll(() => report.getByTestId('contact-list-import-refused').locator('tbody tr').allInnerTexts())
      .toEqual([
        expect.stringMatching(/^32\s+Número: Requerido$/),
        expect.stringMatching(/^33\s+Correo electrónico: Email no valido$/),
      ]);
    // The rows are written in the background; the bar follows the list's live events to the end.
    await expect
      .poll(() => report.getByTestId('contact-list-import-status').innerText(), { timeout: 60_000 })
      .toBe(t('contactLists.import.done', { created: 31, merged: 0 }));
    await expect
      .poll(() => report.getByTestId('contact-list-import-progress').getAttribute('data-percent'))
      .toBe('100');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.close') })
      .last()
      .click();
    await expect
      .poll(() => row.getByTestId('contact-list-count').innerText(), { timeout: 15_000 })
      .toBe('31');

    await row.getByRole('link', { name: t('contactLists.open', { name: 'Clientes de mayo' }) }).click();
    await page.waitForURL(/\/contact-lists\/\d+\/contacts$/, { timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('contact-list-items-count').innerText(), { timeout: 15_000 })
      .toBe(t('contactListItems.count', { count: 31 }));
    const merged = page.locator('tr[data-item-number="5511955500001"]');
    await merged.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => merged.innerText()).toContain('Cliente 01 bis');
    // Each number is checked through the connected sandbox, a few a second: 999… is not on WhatsApp.
    await expect
      .poll(() => page.locator('tr[data-item-number="9991234567"]').getAttribute('data-whatsapp'), {
        timeout: 60_000,
      })
      .toBe('invalid');
    await expect.poll(() => merged.getAttribute('data-whatsapp'), { timeout: 60_000 }).toBe('valid');

    await page.getByPlaceholder(t('contactLists.searchPlaceholder')).fill('fuera');
    await expect
      .poll(() => page.getByTestId('contact-list-items').locator('tbody tr').count(), { timeout: 15_000 })
      .toBe(1);
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
