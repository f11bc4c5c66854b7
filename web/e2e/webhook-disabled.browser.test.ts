import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../functions/test/fakes/webhook-receiver.ts';
import { companyFor, startApp, until, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';
import { connectSandbox, customerWrites } from './support/sandbox.ts';

type Webhook = { id: number; enabled: boolean; failingSince: string | null; disabledAt: string | null };

/**
 * A webhook whose receiver fails for days (docs/decisions.md, "A webhook failing for days is
 * disabled"): the admin's open /webhooks screen shows it disabled for failing as it happens (the
 * live event), the notifications popover tells it, and the admin enables it again. The local
 * runtime's clock is moved three days on (ATENDE_CLOCK_OFFSET_MS) instead of waited for.
 */
describe('a webhook disabled for failing', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  let receiver: WebhookReceiver;
  let whatsappId = 0;
  let webhookId = 0;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Caida', 'caida', stamp);
  const path = `/caido-${stamp}`;

  beforeAll(async () => {
    process.env.WEBHOOK_RETRY_BASE_SECONDS = '1';
    receiver = await startWebhookReceiver();
    receiver.answer(path, 503);
    app = await startApp('webhook-disabled-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    whatsappId = await connectSandbox(api, { name: `Caida ${stamp}` });
  });

  afterAll(async () => {
    delete process.env.ATENDE_CLOCK_OFFSET_MS;
    delete process.env.WEBHOOK_RETRY_BASE_SECONDS;
    await app?.stop();
    await receiver?.close();
  });

  const webhook = async () => (await api<Webhook>('GET', `/webhooks/${webhookId}`)).body;

  it('shows the webhook disabled for failing, live, and in the notifications', async () => {
    const created = await api<Webhook>('POST', '/webhooks', {
      name: 'CRM caido',
      url: `${receiver.origin}${path}`,
      events: ['message.created'],
    });
    expect(created.status).toBe(201);
    webhookId = created.body.id;
    await page.goto(app.url('/webhooks'));
    const row = page.locator(`[data-webhook-url="${receiver.origin}${path}"]`);
    await expect.poll(() => row.innerText()).toContain(t('webhooks.enabled'));

    await customerWrites(api, whatsappId, { from: '5511955550001', body: 'uno', id: `WDB-${stamp}-1` });
    await until(async () => (await webhook()).failingSince !== null, 20_000, 'the streak');
    process.env.ATENDE_CLOCK_OFFSET_MS = String(3 * 86_400_000 + 60_000);
    try {
      await until(async () => (await webhook()).disabledAt !== null, 30_000, 'the webhook disabled');
    } finally {
      delete process.env.ATENDE_CLOCK_OFFSET_MS;
    }

    // The open screen changed without a reload.
    await expect.poll(() => row.innerText()).toContain(t('webhooks.disabledFailing'));
    await row.getByRole('button', { name: t('webhooks.reenableOf', { name: 'CRM caido' }) }).waitFor();
    // The bell's panel names it (above the unread conversations) and leads to the screen.
    await page.getByTestId('notifications-button').click();
    const notice = page.locator(`[data-testid="notifications-webhooks"] [data-webhook-id="${webhookId}"]`);
    await expect.poll(() => notice.innerText()).toContain('CRM caido');
    await notice.click();
    await page.waitForURL((address) => address.pathname === '/webhooks');
  });

  it('enables it again from the screen: the notice goes', async () => {
    receiver.answer(path, 200);
    const row = page.locator(`[data-webhook-url="${receiver.origin}${path}"]`);
    await row.getByRole('button', { name: t('webhooks.reenableOf', { name: 'CRM caido' }) }).click();
    await expect.poll(() => row.innerText()).toContain(t('webhooks.enabled'));
    await expect.poll(() => row.innerText()).not.toContain(t('webhooks.disabledFailing'));
    await expect.poll(async () => (await webhook()).enabled).toBe(true);
    expect(await webhook()).toMatchObject({ failingSince: null, disabledAt: null });
    // The bell's panel no longer names it (the customer's unread conversation is still there).
    await page.getByTestId('notifications-button').click();
    await page.getByTestId('notifications-list').waitFor();
    await page.getByTestId('notifications-webhooks').waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});
