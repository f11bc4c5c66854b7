import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketOf } from './support/sandbox.ts';

/**
 * Issue #29, chatBotType: the admin chooses "Lista" on the settings screen, a customer writes,
 * the chatbot's menu goes as a WhatsApp list, and the agent's chat shows it readably: the
 * numbered text and, under it, the list's options.
 */
describe('the chatbot’s menus as lists', () => {
  let app: App;
  let page: Page;
  let api: Caller;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Menús lista', 'menus-lista', stamp);
  let whatsappId = 0;

  beforeAll(async () => {
    app = await startApp('chat-menus-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    const ventas = await api<{ id: number }>('POST', '/queue', { name: 'Ventas', color: '#f44336' });
    const soporte = await api<{ id: number }>('POST', '/queue', { name: 'Soporte', color: '#2196f3' });
    expect([ventas.status, soporte.status]).toEqual([201, 201]);
    whatsappId = await connectSandbox(api, {
      name: 'Menús',
      greetingMessage: '¡Hola! Elija un sector:',
      queueIds: [ventas.body.id, soporte.body.id],
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('the settings screen offers text, buttons and list, and saves the list', async () => {
    await page.goto(app.url('/settings'));
    const select = page.getByLabel(t('settings.options.chatBotType'));
    await select.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => select.inputValue()).toBe('text');
    await expect
      .poll(() => select.locator('option').allInnerTexts())
      .toEqual([t('settings.options.chatBotType.text'), t('settings.options.chatBotType.button'), t('settings.options.chatBotType.list')]);
    await select.selectOption({ label: t('settings.options.chatBotType.list') });
    await page
      .locator('[data-toast="success"]', { hasText: t('common.operationUpdated') })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await expect
      .poll(async () => (await api<{ key: string; value: string }[]>('GET', '/settings')).body)
      .toContainEqual(expect.objectContaining({ key: 'chatBotType', value: 'list' }));
    await page.reload();
    await expect.poll(() => page.getByLabel(t('settings.options.chatBotType')).inputValue(), { timeout: 30_000 }).toBe('list');
  });

  it('the agent’s chat shows the menu the customer got as a list', async () => {
    const customer = { from: '5511977700001', name: 'Lucía Menú', body: 'hola', id: `MENU-${stamp}` };
    await customerWrites(api, whatsappId, customer);
    await expect
      .poll(async () => (await outboxOf<{ menu?: { type: string } | null }>(api, whatsappId, customer.from)).map((m) => m.menu?.type), { timeout: 30_000 })
      .toEqual(['list']);
    const ticket = await pendingTicketOf<{ uuid: string; contact?: { name?: string } | null }>(api, customer.name);
    await page.goto(app.url(`/tickets/${ticket.uuid}`));
    const card = page.locator('.msg__menu[data-menu-type="list"]');
    await card.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => card.locator('.msg__menu-kind').innerText()).toBe(`${t('tickets.messages.menu.list')} · ¡Hola! Elija un sector:`);
    await expect.poll(() => card.getByRole('listitem').allInnerTexts()).toEqual(['Ventas', 'Soporte']);
    // The numbered text the phone shows when it cannot draw the list is in the same bubble.
    const bubble = page.locator('.msg', { has: card });
    await expect.poll(() => bubble.locator('.msg__body').innerText()).toMatch(/1\*?\s*-\s*Ventas/);
    expect(pageErrors).toEqual([]);
  });
});
