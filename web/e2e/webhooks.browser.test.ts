import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../functions/test/fakes/webhook-receiver.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';
import { connectSandbox, customerWrites } from './support/sandbox.ts';

/**
 * The outbound webhooks screen (docs/decisions.md, "Outbound webhooks"): the admin adds a webhook
 * for new messages, copies its secret (shown once), sees the delivery a sandbox customer's
 * message made in the log, and replays it; the local receiver gets the same event twice.
 */
describe('the /webhooks screen', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  let receiver: WebhookReceiver;
  let whatsappId = 0;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Ganchos', 'ganchos', stamp);
  const text = `Hola gancho ${stamp}`;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startApp('webhooks-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    whatsappId = await connectSandbox(api, { name: `Ganchos ${stamp}` });
  });

  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
  });

  it('creates a webhook for new messages and shows its secret once', async () => {
    await page.goto(app.url('/webhooks'));
    await page.getByRole('button', { name: t('webhooks.add') }).click();
    const dialog = page.getByRole('dialog', { name: t('webhooks.modal.addTitle') });
    await dialog.getByLabel(t('webhooks.modal.name')).fill('Mi CRM');
    await dialog.getByLabel(t('webhooks.modal.url')).fill(`${receiver.origin}/crm`);
    // Only new messages: the ticket event checked by default is unchecked.
    // Amplify's checkbox input is visually hidden: its label is what a user clicks.
    await dialog.getByText(t('webhooks.event.ticket.created'), { exact: true }).click();
    await expect.poll(() => dialog.getByLabel(t('webhooks.event.ticket.created')).isChecked()).toBe(false);
    await expect.poll(() => dialog.getByLabel(t('webhooks.event.message.created')).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: t('common.save') }).click();

    const secretDialog = page.getByRole('dialog', { name: t('webhooks.secret.title') });
    const secretField = secretDialog.getByLabel(t('webhooks.secret.label'));
    await expect.poll(() => secretField.inputValue()).toMatch(/^whsec_/);
    const secret = await secretField.inputValue();
    await secretDialog.getByRole('button', { name: t('webhooks.secret.close') }).click();
    await secretDialog.waitFor({ state: 'hidden' });

    const row = page.locator(`[data-webhook-url="${receiver.origin}/crm"]`);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Mi CRM');
    // After closing, the page shows no more than the hint.
    await expect.poll(() => page.content()).not.toContain(secret);
  });

  it("shows the sandbox message's delivery in the log and replays it", async () => {
    await customerWrites(api, whatsappId, {
      from: '5511990000077',
      name: 'Cliente gancho',
      body: text,
      id: `WH-${stamp}`,
    });
    await expect
      .poll(
        () => receiver.on('/crm').filter((request) => JSON.stringify(request.json).includes(text)).length,
        { timeout: 30_000 },
      )
      .toBe(1);
    const eventId = receiver.on('/crm').find((request) => JSON.stringify(request.json).includes(text))!.json
      .id;

    await page.getByRole('button', { name: t('webhooks.deliveriesOf', { name: 'Mi CRM' }) }).click();
    const log = page.getByTestId('webhook-deliveries');
    const ofEvent = log.locator(`[data-event-id="${eventId}"]`);
    const delivered = ofEvent.and(log.locator('[data-delivery-status="succeeded"]'));
    await delivered.first().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => delivered.first().textContent())
      .toContain(t('webhooks.deliveryStatus.succeeded'));
    await expect.poll(() => delivered.first().textContent()).toContain('200');
    await expect.poll(() => delivered.first().textContent()).toContain(t('webhooks.event.message.created'));

    await delivered
      .first()
      .getByRole('button', { name: t('webhooks.deliveries.replay') })
      .click();
    await expect
      .poll(() => receiver.on('/crm').filter((request) => request.json.id === eventId).length, {
        timeout: 20_000,
      })
      .toBe(2);
    // The replay shows in the log as a second successful delivery of the event, marked as a replay.
    await expect.poll(() => delivered.count(), { timeout: 20_000 }).toBe(2);
    await ofEvent.getByText(t('webhooks.deliveries.replayBadge'), { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
