import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { t, errorText } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketOf } from './support/sandbox.ts';
import { journeySteps } from './support/journey.ts';

/**
 * Editing a sent message from the chat (issue #29): the agent sends, opens the message's menu,
 * "Editar", changes the prefilled text and saves; the message shows the new text and "Editado"
 * in the agent's chat and, live, in another tab watching the same ticket, and the customer's
 * phone (the sandbox outbox) has the new text. A message WhatsApp refuses to edit (the sandbox
 * refuses texts holding [no-editar], docs/sandbox.md) stays, and the agent sees why in a toast.
 */
describe('editing a sent message', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let watcher: Page;
  let api: Caller;
  let whatsappId = 0;
  let ticketUuid = '';
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Edicion', 'edicion', stamp);
  const customer = { from: '5511990000092', name: 'Elena', body: `hola ${stamp}`, id: `E1-${stamp}` };

  const chatOf = (target: Page) =>
    target.locator('.ticket-chat[data-status="open"]').getByTestId('messages-list');
  const bubble = (target: Page, text: string) => chatOf(target).locator('.msg-row--me', { hasText: text });

  beforeAll(async () => {
    app = await startApp('message-edit');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    watcher = await page.context().newPage();
    whatsappId = await connectSandbox(api, { name: `Ventas ${stamp}` });
    await customerWrites(api, whatsappId, customer);
    const ticket = await pendingTicketOf<{ id: number; uuid: string; contact?: { name?: string } | null }>(api, customer.name);
    expect((await api('PUT', `/tickets/${ticket.id}`, { status: 'open' })).status).toBeLessThan(300);
    ticketUuid = ticket.uuid;
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** Types a reply in the agent's chat and waits until the sandbox has sent it (one tick). */
  async function send(text: string): Promise<Locator> {
    const input = page.getByLabel(t('tickets.input.label'), { exact: true });
    await input.fill(text);
    await input.press('Enter');
    const sent = bubble(page, text);
    await sent.locator('.msg__ack:not([data-ack="0"])').waitFor({ state: 'visible', timeout: 30_000 });
    return sent;
  }

  async function editFromMenu(message: Locator, from: string, to: string): Promise<void> {
    await message.hover();
    await message.getByRole('button', { name: t('tickets.messages.options') }).click();
    await page.getByRole('menuitem', { name: t('tickets.messages.edit') }).click();
    const dialog = page.getByRole('dialog', { name: t('tickets.messages.editTitle') });
    await dialog.waitFor({ state: 'visible' });
    const field = dialog.getByLabel(t('tickets.messages.editLabel'));
    // Prefilled with the text as sent (the agent's signature included, when the company signs).
    await expect.poll(() => field.inputValue()).toContain(from);
    await field.fill((await field.inputValue()).replace(from, to));
    await dialog.getByRole('button', { name: t('common.save'), exact: true }).click();
  }

  it('opens the chat in two tabs', async () => {
    for (const target of [page, watcher]) {
      await target.goto(app.url(`/tickets/${ticketUuid}`));
      await chatOf(target).getByText(customer.body, { exact: true }).waitFor({ timeout: 15_000 });
    }
  });

  it('edits from the menu: both tabs show the new text and "Editado", and so does the customer', async () => {
    const text = `la cita es a las 4 ${stamp}`;
    const fixed = `la cita es a las 5 ${stamp}`;
    const sent = await send(text);
    const sentId = await sent.getAttribute('data-message-id');
    const byId = (target: Page) => chatOf(target).locator(`[data-message-id="${sentId}"]`);
    await byId(watcher).waitFor({ state: 'visible', timeout: 15_000 });
    await editFromMenu(sent, text, fixed);
    await page.getByRole('dialog', { name: t('tickets.messages.editTitle') }).waitFor({ state: 'hidden', timeout: 15_000 });
    for (const target of [page, watcher]) {
      await expect.poll(() => byId(target).innerText(), { timeout: 15_000 }).toContain(fixed);
      await expect.poll(() => byId(target).innerText()).toContain(t('tickets.messages.edited'));
    }
    // The label's tooltip keeps the earlier text.
    await expect
      .poll(() => byId(page).locator('.msg__edited').getAttribute('title'))
      .toContain(text);
    await expect
      .poll(async () => JSON.stringify(await outboxOf(api, whatsappId, customer.from)), { timeout: 15_000 })
      .toContain(fixed);
  });

  it('keeps a message WhatsApp refuses to edit, and says why', async () => {
    const text = `precio final ${stamp} [no-editar]`;
    const sent = await send(text);
    await editFromMenu(sent, text, `otro precio ${stamp}`);
    await page
      .locator('[data-toast="error"]', { hasText: errorText('ERR_EDIT_WAPP_MSG')! })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => sent.innerText()).toContain(text);
    await expect.poll(() => sent.innerText()).not.toContain(t('tickets.messages.edited'));
    expect(pageErrors).toEqual([]);
  });
});
