import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { t, errorText } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketOf } from './support/sandbox.ts';
import { journeySteps } from './support/journey.ts';

/**
 * Deleting a sent message from the chat (issue #29, core §2 chat view): the agent sends, opens the
 * message's menu, "Borrar", confirms; the message shows "Mensaje eliminado" in the agent's chat and,
 * live, in another tab watching the same ticket. A message WhatsApp refuses to delete (the sandbox
 * refuses texts holding [no-borrar], docs/sandbox.md) stays, and the agent sees why in a toast.
 */
describe('deleting a sent message', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let watcher: Page;
  let api: Caller;
  let whatsappId = 0;
  let ticketUuid = '';
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Borrado', 'borrado', stamp);
  const customer = { from: '5511990000091', name: 'Carla', body: `hola ${stamp}`, id: `D1-${stamp}` };

  const chatOf = (target: Page) =>
    target.locator('.ticket-chat[data-status="open"]').getByTestId('messages-list');
  const bubble = (target: Page, text: string) => chatOf(target).locator('.msg-row--me', { hasText: text });

  beforeAll(async () => {
    app = await startApp('message-delete');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    // A second tab of the same session watching the same chat.
    watcher = await page.context().newPage();
    whatsappId = await connectSandbox(api, { name: `Ventas ${stamp}` });
    await customerWrites(api, whatsappId, customer);
    const ticket = await pendingTicketOf<{ id: number; uuid: string; contact?: { name?: string } | null }>(
      api,
      customer.name,
    );
    expect((await api('PUT', `/tickets/${ticket.id}`, { status: 'open' })).status).toBeLessThan(300);
    ticketUuid = ticket.uuid;
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** Types a reply in the agent's chat and waits until the sandbox has sent it. */
  async function send(text: string): Promise<Locator> {
    const input = page.getByLabel(t('tickets.input.label'), { exact: true });
    await input.fill(text);
    await input.press('Enter');
    const sent = bubble(page, text);
    await sent.waitFor({ state: 'visible', timeout: 15_000 });
    await expect
      .poll(async () => JSON.stringify(await outboxOf(api, whatsappId, customer.from)), {
        timeout: 30_000,
        interval: 1_000,
      })
      .toContain(text);
    return sent;
  }

  async function deleteFromMenu(message: Locator): Promise<void> {
    await message.hover();
    await message.getByRole('button', { name: t('tickets.messages.options') }).click();
    await page.getByRole('menuitem', { name: t('tickets.messages.delete') }).click();
    const dialog = page.getByRole('dialog', { name: t('tickets.messages.deleteTitle') });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: t('tickets.messages.delete'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
  }

  it('opens the chat in two tabs', async () => {
    for (const target of [page, watcher]) {
      await target.goto(app.url(`/tickets/${ticketUuid}`));
      await chatOf(target).getByText(customer.body, { exact: true }).waitFor({ timeout: 15_000 });
    }
  });

  it('sends, deletes from the menu, and both tabs show "Mensaje eliminado"', async () => {
    const text = `mensaje equivocado ${stamp}`;
    await send(text);
    // The watching tab has it live before the delete.
    await bubble(watcher, text).waitFor({ state: 'visible', timeout: 15_000 });
    const sentId = await bubble(page, text).getAttribute('data-message-id');
    const byId = (target: Page) => chatOf(target).locator(`[data-message-id="${sentId}"]`);
    await deleteFromMenu(bubble(page, text));
    for (const target of [page, watcher]) {
      await expect
        .poll(() => byId(target).innerText(), { timeout: 15_000 })
        .toContain(t('tickets.messages.deleted'));
      await expect.poll(() => byId(target).innerText()).not.toContain(text);
    }
    // A deleted message has no menu any more.
    await byId(page).hover();
    await byId(page)
      .getByRole('button', { name: t('tickets.messages.options') })
      .waitFor({ state: 'detached' });
  });

  it('keeps a message WhatsApp refuses to delete, and says why', async () => {
    const text = `precio final ${stamp} [no-borrar]`;
    const sent = await send(text);
    await deleteFromMenu(sent);
    await page
      .locator('[data-toast="error"]', { hasText: errorText('ERR_DELETE_WAPP_MSG')! })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => sent.innerText()).toContain(text);
    await expect.poll(() => sent.innerText()).not.toContain(t('tickets.messages.deleted'));
    expect(pageErrors).toEqual([]);
  });
});
