import { readFileSync } from 'node:fs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createRuntimeDynamoClients } from '../../infra/local/src/dynamo-clients.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, until, type App, type Caller } from './support/app.ts';
import { connectSandbox } from './support/sandbox.ts';

/** Two customers on WhatsApp and one number the sandbox has no account for (999…). */
const onWhatsapp = ['5511977700001', '5511977700002'];
const notOnWhatsapp = '99977700003';
/** One more, found on WhatsApp by the check, whose account is gone when the campaign sends: the send fails. */
const refused = '99977700004';

/**
 * The campaign report's recipients (issue #29): a finished campaign's report lists each
 * recipient with its state (a send WhatsApp refused as failed, with its reason), the state
 * filter narrows the list, and the CSV download holds the rows.
 */
describe('campaign recipients', () => {
  let app: App;
  let page: Page;
  let api: Caller;
  let campaignId: number;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Destinatarios', 'destinatarios', stamp);

  beforeAll(async () => {
    app = await startApp('campaign-recipients-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    const whatsappId = await connectSandbox(api, { name: 'Difusión' });
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
    // The list, made through the API: its screens have their own tests. The sandbox checks each number.
    const list = await api<{ id: number }>('POST', '/contact-lists', { name: 'Destinatarios' });
    for (const [i, number] of [...onWhatsapp, notOnWhatsapp].entries()) {
      const item = await api('POST', '/contact-list-items', {
        contactListId: list.body.id,
        name: `Cliente ${i + 1}`,
        number,
      });
      expect(item.status, JSON.stringify(item.body)).toBe(201);
    }
    await until(
      async () => {
        const items = await api<{ contacts?: { isWhatsappValid?: boolean | null }[] }>(
          'GET',
          `/contact-list-items?contactListId=${list.body.id}&pageNumber=1&searchParam=`,
        );
        const checked = (items.body.contacts ?? []).filter(
          (item) => typeof item.isWhatsappValid === 'boolean',
        );
        return checked.length === 3;
      },
      120_000,
      'the WhatsApp check',
    );
    // One more item, written straight to the table as the check leaves a number it found on
    // WhatsApp (the check's own jobs, queued per item added, would check it again): the account
    // is gone by the time of the send, which the sandbox refuses (numbers starting with 999).
    const clients = createRuntimeDynamoClients(app.runtime.env.DYNAMODB_ENDPOINT!);
    try {
      type Me = { companyId?: number; user?: { companyId?: number } };
      const me = (await api<Me>('GET', '/auth/me')).body;
      const companyId = me.user?.companyId ?? me.companyId;
      expect(companyId).toBeGreaterThan(0);
      process.env.TABLE_NAME = app.runtime.env.TABLE_NAME!;
      const { contactListItemEntity } = await import('../../functions/src/data/contact-list-item-entity.ts');
      const { Item } = contactListItemEntity
        .put({
          companyId: companyId!,
          id: 900_000,
          contactListId: list.body.id,
          name: 'Cliente 4',
          nameKey: 'cliente 4',
          number: refused,
          isWhatsappValid: true,
        })
        .params() as { Item: Record<string, unknown> };
      await clients.documents.send(new PutCommand({ TableName: app.runtime.env.TABLE_NAME!, Item }));
    } finally {
      clients.destroy();
    }
    const created = await api<{ id: number }>('POST', '/campaigns', {
      name: 'Aviso',
      whatsappId,
      contactListId: list.body.id,
      message1: 'Hola {nome}',
      scheduledAt: new Date(Date.now() + 1000).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    campaignId = created.body.id;
    await until(
      async () =>
        (await api<{ status: string }>('GET', `/campaigns/${campaignId}`)).body.status === 'FINALIZADA',
      120_000,
      'the campaign',
    );
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('lists the recipients with their states, filters them and downloads them as CSV', async () => {
    await page.goto(app.url(`/campaign/${campaignId}/report`));
    const list = page.getByTestId('campaign-recipients');
    const rows = list.getByTestId('campaign-recipient');
    const statesShown = () =>
      rows.evaluateAll((found) => found.map((row) => [row.dataset.number, row.dataset.state]));
    await expect.poll(statesShown, { timeout: 30_000 }).toEqual([
      [onWhatsapp[0], 'delivered'],
      [onWhatsapp[1], 'delivered'],
      [refused, 'failed'],
      [notOnWhatsapp, 'notOnWhatsapp'],
    ]);
    await expect.poll(() => rows.first().innerText()).toContain(t('campaigns.recipients.state.delivered'));
    await expect.poll(() => rows.last().innerText()).toContain(t('campaigns.recipients.state.notOnWhatsapp'));
    const failedRow = list.locator(`[data-testid="campaign-recipient"][data-number="${refused}"]`);
    await expect.poll(() => failedRow.innerText()).toContain(t('campaigns.recipients.state.failed'));
    await expect.poll(() => failedRow.innerText()).toContain(t('campaigns.recipients.reason.sendRefused'));
    // The header counts what went out; the refused send has a card of its own.
    await expect
      .poll(() => page.getByTestId('campaign-report-status').innerText())
      .toBe(t('campaigns.report.status', { delivered: 2, valid: 3 }));
    await expect.poll(() => page.getByTestId('card-failures').innerText()).toContain('1');

    // The filter.
    await list
      .getByLabel(t('campaigns.recipients.filter'))
      .selectOption({ label: t('campaigns.recipients.state.notOnWhatsapp') });
    await expect.poll(statesShown).toEqual([[notOnWhatsapp, 'notOnWhatsapp']]);
    await list
      .getByLabel(t('campaigns.recipients.filter'))
      .selectOption({ label: t('campaigns.recipients.state.failed') });
    await expect.poll(statesShown).toEqual([[refused, 'failed']]);
    await list
      .getByLabel(t('campaigns.recipients.filter'))
      .selectOption({ label: t('campaigns.recipients.state.confirmed') });
    await list.getByTestId('campaign-recipients-empty').waitFor({ state: 'visible' });

    // The CSV of all of them.
    await list
      .getByLabel(t('campaigns.recipients.filter'))
      .selectOption({ label: t('campaigns.recipients.all') });
    await expect.poll(statesShown).toHaveLength(4);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      list.getByRole('button', { name: t('campaigns.recipients.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('destinatarios.csv');
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'name;number;state;confirmationRequestedAt;deliveredAt;confirmedAt;failedAt;failureReason',
    );
    expect(lines.slice(1).map((line) => [...line.split(';').slice(0, 3), line.split(';')[7]])).toEqual([
      ['Cliente 1', onWhatsapp[0], 'delivered', ''],
      ['Cliente 2', onWhatsapp[1], 'delivered', ''],
      ['Cliente 4', refused, 'failed', 'sendRefused'],
      ['Cliente 3', notOnWhatsapp, 'notOnWhatsapp', ''],
    ]);
    expect(pageErrors).toEqual([]);
  });
});
