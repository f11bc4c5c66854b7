import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';

/**
 * Internal chat between two agents in two browsers (extended §2.8, §4, §5): Ana creates a chat
 * with Beto through the dialog (its alerts first), writes with Enter; Beto, elsewhere in the app,
 * sees the top bar's unread count grow live, opens the chat from the popover, which reads it (the
 * count goes back to nothing), and answers; Ana sees the answer arrive without reloading.
 */
describe('two agents chat internally and see unread counts live', () => {
  journeySteps();
  let app: App;
  let anaPage: Page;
  let betoPage: Page;
  let admin: Caller;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Charla', 'charla', stamp);
  const ana = { name: 'Agente Ana', email: `ana-${stamp}@example.com`, password: 'segredo123' };
  const beto = { name: 'Agente Beto', email: `beto-${stamp}@example.com`, password: 'segredo123' };
  const title = `Turno ${stamp}`;

  const badge = (page: Page) => page.getByTestId('chat-popover-badge');
  const warning = (page: Page, text: string) => page.locator('[data-toast="warning"]', { hasText: text });
  const bubble = (page: Page, text: string) =>
    page.getByTestId('chat-messages').getByTestId('chat-message').filter({ hasText: text });

  beforeAll(async () => {
    app = await startApp('chats-browser');
    await app.signUpCompany(company);
    admin = app.as(await app.signIn(company.email, company.password));
    for (const agent of [ana, beto]) {
      const created = await admin('POST', '/users', {
        ...agent,
        profile: 'user',
        allTicket: 'enabled',
        queueIds: [],
      });
      expect(created.status).toBeLessThan(300);
    }
    anaPage = (await app.signedInPage(ana.email, ana.password, pageErrors)).page;
    betoPage = (await app.signedInPage(beto.email, beto.password, pageErrors)).page;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('creates a chat through the dialog, after its alerts', async () => {
    await anaPage.goto(app.url('/chats'));
    await anaPage.getByTestId('chat-new').click();
    const dialog = anaPage.getByRole('dialog');
    await dialog.getByRole('button', { name: t('chats.dialog.save') }).click();
    await warning(anaPage, 'Por favor, complete el título de la conversación.').waitFor({ timeout: 15_000 });
    await dialog.getByLabel(t('chats.dialog.title')).fill(title);
    await dialog.getByRole('button', { name: t('chats.dialog.save') }).click();
    await warning(anaPage, 'Por favor, seleccione al menos un usuario.').waitFor({ timeout: 15_000 });
    // Amplify's checkbox input is visually hidden: its label is what a user clicks.
    await dialog.getByText(beto.name, { exact: true }).click();
    await expect.poll(() => dialog.getByLabel(beto.name).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: t('chats.dialog.save') }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await anaPage.waitForURL((address) => address.pathname.startsWith('/chats/'), { timeout: 15_000 });
    await anaPage
      .getByTestId('chat-conversation')
      .getByRole('heading', { name: title })
      .waitFor({ timeout: 15_000 });
  });

  it('sends with Enter; Beto, on another screen, sees his unread count grow live', async () => {
    await betoPage.goto(app.url('/tickets'));
    await betoPage.getByTestId('chat-popover-button').waitFor({ timeout: 15_000 });
    const input = anaPage.getByTestId('chat-input');
    // A blank message is not sent.
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Hola Beto');
    await input.press('Enter');
    await bubble(anaPage, 'Hola Beto').waitFor({ timeout: 15_000 });
    await expect.poll(() => input.inputValue()).toBe('');
    await expect.poll(() => badge(betoPage).innerText(), { timeout: 15_000 }).toBe('1');
    await input.fill('¿Cubres el turno de mañana?');
    await input.press('Enter');
    await expect.poll(() => badge(betoPage).innerText(), { timeout: 15_000 }).toBe('2');
    await expect.poll(() => anaPage.getByTestId('chat-message').count()).toBe(2);
  });

  it('opens the chat from the popover, which reads it, and answers; Ana sees it live', async () => {
    await betoPage.getByTestId('chat-popover-button').click();
    await betoPage
      .getByTestId('chat-popover-list')
      .getByRole('button', { name: new RegExp(title) })
      .click();
    await betoPage.waitForURL((address) => address.pathname.startsWith('/chats/'), { timeout: 15_000 });
    await bubble(betoPage, '¿Cubres el turno de mañana?').waitFor({ timeout: 15_000 });
    await badge(betoPage).waitFor({ state: 'detached', timeout: 15_000 });
    const input = betoPage.getByTestId('chat-input');
    await input.fill('Sí, yo lo cubro');
    await input.press('Enter');
    await bubble(anaPage, 'Sí, yo lo cubro').waitFor({ timeout: 15_000 });
    // Ana has the chat open: it stays read for her.
    await expect
      .poll(
        async () => {
          const answer = await app.as(anaPage)<{
            records: { users: { userId: number; unreads: number }[] }[];
          }>('GET', '/chats');
          return answer.body.records[0]?.users.reduce((sum, user) => sum + user.unreads, 0);
        },
        { timeout: 15_000 },
      )
      .toBe(0);
    await badge(anaPage).waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('loads older messages when the conversation is scrolled up', async () => {
    const asAna = app.as(anaPage);
    const chats = await asAna<{ records: { id: number }[] }>('GET', '/chats');
    const chatId = chats.body.records[0]!.id;
    for (let i = 1; i <= 25; i += 1) {
      expect((await asAna('POST', `/chats/${chatId}/messages`, { message: `Mensaje ${i}` })).status).toBe(
        201,
      );
    }
    // A fresh load shows the newest page; the first messages are two pages up.
    await betoPage.reload();
    await bubble(betoPage, 'Mensaje 25').waitFor({ timeout: 15_000 });
    await betoPage.getByTestId('chat-messages').evaluate((element) => {
      element.scrollTop = 0;
    });
    await bubble(betoPage, 'Hola Beto').waitFor({ timeout: 15_000 });
    await expect.poll(() => betoPage.getByTestId('chat-message').count(), { timeout: 15_000 }).toBe(28);
  });

  it("shows narrow screens the tabs 'Chats' and 'Mensajes'", async () => {
    await betoPage.setViewportSize({ width: 480, height: 800 });
    const tabs = betoPage.getByRole('tablist');
    await tabs.getByRole('tab', { name: 'Mensajes' }).waitFor({ timeout: 15_000 });
    await bubble(betoPage, 'Mensaje 25').waitFor({ timeout: 15_000 });
    await tabs.getByRole('tab', { name: 'Chats' }).click();
    await betoPage
      .getByTestId('chat-list')
      .getByRole('button', { name: new RegExp(title) })
      .waitFor({ timeout: 15_000 });
    await betoPage.getByTestId('chat-messages').waitFor({ state: 'hidden', timeout: 15_000 });
    expect(pageErrors).toEqual([]);
  });
});
