import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultTimeZone } from '@atende/shared/constants';
import { wallInputOf } from '@atende/shared/wall-clock';
import { campaignStartScheduleName } from '../../functions/src/domain/campaign-rules.ts';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, until, type App, type Caller } from './support/app.ts';
import { connectSandbox, outboxOf } from './support/sandbox.ts';

/** yyyy-MM-ddTHH:mm on the company's clock (the default zone: this company sets none), `ms` ahead. */
function inputAhead(ms: number): string {
  return wallInputOf(Date.now() + ms, defaultTimeZone);
}

const numbers = ['5511966600001', '5511966600002', '5511966600003'];

/** The list to import, made here: a Portuguese header, as the product we replace exported it. */
async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Clientes');
  sheet.addRow(['Nome', 'Número', 'Email']);
  for (const [i, number] of numbers.entries())
    sheet.addRow([`Cliente ${i + 1}`, number, `c${i + 1}@example.com`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

type Sent = { body: string; mediaType?: string | null };

/**
 * extended §2.2–2.4, §2.6, §2.10: an .xlsx is imported into a new list on /contact-lists, a file
 * list with one file is made on /files, and a campaign with two message variants and the file list
 * is created on /campaigns two minutes ahead (its start brought forward); its report's progress bar reaches 100 % live and
 * each customer's sandbox outbox holds one of the variants followed by the file.
 */
describe('campaigns', () => {
  let app: App;
  let page: Page;
  let api: Caller;
  let whatsappId: number;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Campañas', 'campanas', stamp);

  beforeAll(async () => {
    app = await startApp('campaigns-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    whatsappId = await connectSandbox(api, { name: 'Difusión' });
    // The campaign screens exist only with the browser's cshow flag (extended §2.1).
    await page.evaluate(() => localStorage.setItem('cshow', 'true'));
    // No waits between recipients: the pacing has its own tests and bench row.
    expect(
      (
        await api('POST', '/campaign-settings', {
          messageInterval: 0,
          longerIntervalAfter: 0,
          greaterInterval: 0,
          variables: [],
        })
      ).status,
    ).toBe(200);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('imports the list, makes the file list, and watches the campaign reach 100 % live', async () => {
    // The contact list, imported from an .xlsx through the row's upload button.
    await page.goto(app.url('/contact-lists'));
    await page.getByRole('button', { name: t('contactLists.add') }).click();
    await page.getByRole('dialog').getByLabel(t('contactLists.modal.name')).fill('Clientes campaña');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.save') })
      .click();
    const listRow = page.locator('tr[data-contact-list-name="Clientes campaña"]');
    await listRow.waitFor({ state: 'visible', timeout: 30_000 });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 30_000 }),
      listRow
        .getByRole('button', { name: t('contactLists.import.choose', { name: 'Clientes campaña' }) })
        .click(),
    ]);
    await chooser.setFiles({
      name: 'clientes.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook(),
    });
    const report = page.getByTestId('contact-list-import-report');
    await report.waitFor({ state: 'visible', timeout: 30_000 });
    await expect
      .poll(() => report.getByTestId('contact-list-import-status').innerText(), { timeout: 90_000 })
      .toBe(t('contactLists.import.done', { created: 3, merged: 0 }));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.close') })
      .last()
      .click();
    await expect
      .poll(() => listRow.getByTestId('contact-list-count').innerText(), { timeout: 30_000 })
      .toBe('3');
    // Each number is checked on WhatsApp through the connected sandbox (paced) before it can be sent to.
    const lists = await api<{ id: number; name: string }[]>('GET', '/contact-lists/list');
    const listId = lists.body.find((list) => list.name === 'Clientes campaña')!.id;
    await until(
      async () => {
        const items = await api<{ contacts?: { isWhatsappValid?: boolean | null }[] }>(
          'GET',
          `/contact-list-items?contactListId=${listId}&pageNumber=1&searchParam=`,
        );
        return (items.body.contacts ?? []).filter((item) => item.isWhatsappValid === true).length === 3;
      },
      120_000,
      'the WhatsApp check',
    );

    // The file list, with one option and its file.
    await page.goto(app.url('/files'));
    await page.getByRole('button', { name: t('files.add') }).click();
    const filesDialog = page.getByRole('dialog');
    await filesDialog.getByLabel(t('files.modal.name'), { exact: true }).fill('Catálogo junio');
    await filesDialog.getByLabel(t('files.modal.message')).fill('Nuestro catálogo.');
    await filesDialog.getByRole('button', { name: t('files.modal.addOption') }).click();
    await filesDialog.getByLabel(t('files.modal.optionName', { n: 1 })).fill('Precios');
    await filesDialog.getByTestId('file-list-option-file-0').setInputFiles({
      name: 'precios.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 precios de junio'),
    });
    await expect
      .poll(() => filesDialog.getByTestId('file-list-option-name-0').innerText())
      .toBe('precios.pdf');
    await filesDialog.getByRole('button', { name: t('common.save') }).click();
    await page
      .locator('[data-toast="success"]', { hasText: t('files.saved') })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await filesDialog.waitFor({ state: 'detached', timeout: 30_000 });

    // The campaign, ten minutes ahead (a start due within a minute goes through the queue's delay
    // instead of a Scheduler timer, and the field keeps whole minutes), with two variants and the file list.
    await page.goto(app.url('/campaigns'));
    await page.getByRole('button', { name: t('campaigns.add') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('campaigns.columns.name')).fill('Promo de junio');
    await dialog.getByLabel(t('campaigns.columns.contactList')).selectOption({ label: 'Clientes campaña' });
    await dialog.getByLabel(t('campaigns.columns.whatsapp')).selectOption({ label: 'Difusión' });
    await dialog.getByLabel(t('campaigns.fileList')).selectOption({ label: 'Catálogo junio' });
    await dialog.getByLabel(t('campaigns.columns.scheduledAt')).fill(inputAhead(600_000));
    await dialog.locator('textarea[name="message1"]').fill('Hola {nome}, variante A');
    await dialog.getByRole('tab', { name: t('campaigns.messageTab', { n: 2 }) }).click();
    await dialog.locator('textarea[name="message2"]').fill('Hola {nome}, variante B');
    await dialog.getByRole('button', { name: t('common.save') }).click();

    const row = page.locator('tr[data-campaign="Promo de junio"]');
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await expect
      .poll(() => row.getByTestId('campaign-status').innerText(), { timeout: 30_000 })
      .toBe('Programada');
    // Its start is a Scheduler timer ten minutes ahead: the test brings that time forward instead
    // of waiting (the timer's own firing is the campaigns integration test's).
    const campaigns = await api<{ records: { id: number; name: string; companyId: number }[] }>(
      'GET',
      '/campaigns?searchParam=&pageNumber=1',
    );
    const created = campaigns.body.records.find((campaign) => campaign.name === 'Promo de junio')!;
    expect(await app.runtime.scheduler.runNow(campaignStartScheduleName(created.companyId, created.id))).toBe(
      true,
    );
    await row.getByRole('link', { name: t('campaigns.openReport', { name: 'Promo de junio' }) }).click();

    // The report: the bar moves with the live campaign events until 100 %.
    const progress = page.getByTestId('campaign-progress');
    await progress.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 240_000 }).toBe('100');
    await expect
      .poll(() => page.getByTestId('campaign-report-status').innerText(), { timeout: 30_000 })
      .toContain('3');

    // Each customer got one variant, then the file list's file.
    for (const [i, number] of numbers.entries()) {
      await expect
        .poll(
          async () =>
            (await outboxOf<Sent>(api, whatsappId, number)).map((m) => ({
              body: m.body,
              media: !!m.mediaType,
            })),
          { timeout: 60_000 },
        )
        .toEqual([
          { body: expect.stringMatching(new RegExp(`^Hola Cliente ${i + 1}, variante [AB]$`)), media: false },
          { body: '', media: true },
        ]);
    }
    expect(pageErrors).toEqual([]);
  }, 600_000);
});
