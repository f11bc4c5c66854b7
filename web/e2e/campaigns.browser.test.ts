import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, until, type App, type Caller } from './support/app.ts';
import { connectSandbox, outboxOf } from './support/sandbox.ts';

/** yyyy-MM-ddTHH:mm in the browser's local time, a minute or two ahead (the picker's minutes). */
function inputAhead(ms: number): string {
  const date = new Date(Date.now() + ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * extended §2.2–2.4: a campaign with two message variants is created on /campaigns for a list of
 * three valid numbers, scheduled a minute ahead; its report's progress bar reaches 100 % live and
 * each customer's sandbox outbox holds exactly one of the variants.
 */
describe('campaigns', () => {
  let app: App;
  let page: Page;
  let api: Caller;
  let whatsappId: number;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Campañas', 'campanas', stamp);
  const numbers = ['5511966600001', '5511966600002', '5511966600003'];

  beforeAll(async () => {
    app = await startApp('campaigns-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    whatsappId = await connectSandbox(api, { name: 'Difusión' });
    await page.evaluate(() => localStorage.setItem('cshow', 'true'));
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
    const list = await api<{ id: number }>('POST', '/contact-lists', { name: 'Clientes campaña' });
    expect(list.status).toBe(201);
    for (const [i, number] of numbers.entries()) {
      expect(
        (
          await api('POST', '/contact-list-items', {
            contactListId: list.body.id,
            name: `Cliente ${i + 1}`,
            number,
          })
        ).status,
      ).toBe(201);
    }
    // The list's numbers are checked on WhatsApp through the connected sandbox.
    await until(
      async () => {
        const items = await api<{ contacts?: { isWhatsappValid?: boolean | null }[] }>(
          'GET',
          `/contact-list-items?contactListId=${list.body.id}&pageNumber=1&searchParam=`,
        );
        return (
          (items.body.contacts ?? []).filter((item) => item.isWhatsappValid === true).length === numbers.length
        );
      },
      60_000,
      'the WhatsApp check',
    );
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('creates a campaign a minute ahead and watches its report reach 100 % live', async () => {
    await page.goto(app.url('/campaigns'));
    await page.getByRole('button', { name: t('campaigns.add') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('campaigns.columns.name')).fill('Promo de junio');
    await dialog.getByLabel(t('campaigns.columns.contactList')).selectOption({ label: 'Clientes campaña' });
    await dialog.getByLabel(t('campaigns.columns.whatsapp')).selectOption({ label: 'Difusión' });
    await dialog.getByLabel(t('campaigns.columns.scheduledAt')).fill(inputAhead(60_000));
    await dialog.locator('textarea[name="message1"]').fill('Hola {nome}, variante A');
    await dialog.getByRole('tab', { name: t('campaigns.messageTab', { n: 2 }) }).click();
    await dialog.locator('textarea[name="message2"]').fill('Hola {nome}, variante B');
    await dialog.getByRole('button', { name: t('common.save') }).click();

    const row = page.locator('tr[data-campaign="Promo de junio"]');
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => row.getByTestId('campaign-status').innerText()).toBe('Programada');
    await row.getByRole('link', { name: t('campaigns.openReport', { name: 'Promo de junio' }) }).click();

    const progress = page.getByTestId('campaign-progress');
    await progress.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 150_000 }).toBe('100');
    await expect.poll(() => page.getByTestId('campaign-report-status').innerText()).toContain('3');

    for (const [i, number] of numbers.entries()) {
      await expect
        .poll(async () => (await outboxOf(api, whatsappId, number)).map((m) => m.body), { timeout: 30_000 })
        .toEqual([expect.stringMatching(new RegExp(`^Hola Cliente ${i + 1}, variante [AB]$`))]);
    }
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
