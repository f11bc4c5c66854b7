import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';
import { connectSandbox, outboxOf } from './support/sandbox.ts';

/**
 * The external message API screen (extended §2.22): the admin pastes the connection's token in
 * the test form and sends; the real answer shows, the customer gets the message (the sandbox's
 * outbox) and the agent's chat shows it labelled as sent by the API.
 */
describe('the /messages-api test form', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  let whatsappId = 0;
  let token = '';
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('API', 'api', stamp);
  const number = '5511990000088';
  const text = `Aviso por la API ${stamp}`;

  beforeAll(async () => {
    app = await startApp('messages-api-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    whatsappId = await connectSandbox(api, { name: `API ${stamp}` });
    token = (await api<{ token: string }>('GET', `/whatsapp/${whatsappId}`)).body.token;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('shows the documentation with curl and JavaScript examples', async () => {
    await page.goto(app.url('/messages-api'));
    await page.getByText('curl -X POST', { exact: false }).first().waitFor({ timeout: 15_000 });
    await page.getByText('await fetch(', { exact: false }).first().waitFor();
  });

  it('sends a message that reaches the customer and shows in the agent chat as sent by the API', async () => {
    const form = page.getByRole('form', { name: t('messagesApi.test.title') });
    await form.getByLabel(t('messagesApi.test.token')).fill(token);
    await form.getByLabel(t('messagesApi.test.number')).fill(number);
    await form.getByLabel(t('messagesApi.test.body')).fill(text);
    await form.getByRole('button', { name: t('messagesApi.test.send') }).click();
    const answer = page.getByRole('region', { name: t('messagesApi.test.answer') });
    await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toContain('201');
    const ticketId = JSON.parse((await answer.locator('code').textContent()) ?? '{}').ticketId as number;
    expect(ticketId).toBeGreaterThan(0);

    await expect
      .poll(async () => (await outboxOf(api, whatsappId, number)).map((m) => m.body), { timeout: 30_000 })
      .toEqual([text]);

    const ticket = await api<{ uuid: string }>('GET', `/tickets/${ticketId}`);
    await page.goto(app.url(`/tickets/${ticket.body.uuid}`));
    const bubble = page.locator('[data-message-id]', { hasText: text });
    await bubble.waitFor({ timeout: 20_000 });
    await bubble.getByText(t('tickets.messages.fromApi'), { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
