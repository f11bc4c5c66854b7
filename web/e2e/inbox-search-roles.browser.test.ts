import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, until, type App, type Caller } from './support/app.ts';
import { backdateTicket } from './support/backdate.ts';
import { collectPageErrors } from './support/browser.ts';
import { connectSandbox, customerWrites, pendingTicketOf } from './support/sandbox.ts';

interface Ticket {
  id: number;
  uuid: string;
  status: string;
  lastMessage: string;
  lastMessageAt: string | null;
  unreadMessages: number;
  contact?: { name?: string } | null;
}

/**
 * Issue #13, the inbox as a new user finds it: an agent lands on /tickets and sees no queue
 * controls the server would refuse; the search tab finds a conversation resolved last month by a
 * word of its messages and by its tag (an admin narrows it by user); an open chat reads what the
 * customer writes, so its unread count stays 0 in every tab of the agent.
 */
describe('inbox: search tab, landing page and role-gated screens, unread while open', () => {
  let app: App;
  let adminPage: Page;
  let agentPage: Page;
  let agentContext: BrowserContext;
  /** The API with the owner's session, which no page uses (sessions are one per user). */
  let admin: Caller;
  let whatsappId = 0;
  let anaId = 0;
  let companyId = 0;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Hornos', 'hornos', stamp);
  const ana = { name: 'Agente Ana', email: `ana-${stamp}@example.com`, password: 'segredo123' };
  const beto = { name: 'Agente Beto', email: `beto-${stamp}@example.com`, password: 'segredo123' };
  /** A second admin, whose page narrows the search by user. */
  const chief = { name: 'Jefa Clara', email: `clara-${stamp}@example.com`, password: 'segredo123' };
  const queueName = 'Garantías';
  const tagName = 'Reclamo';
  /** Ana's conversation, resolved last month; its last message holds the searched word. */
  const old = {
    from: '5511990000301',
    name: 'Marta Antigua',
    body: 'El horno quemó el enchufe de la cocina',
  };
  /** Beto's, resolved today with the same word; Ana may not see it. */
  const other = { from: '5511990000302', name: 'Pedro Reciente', body: 'Mi horno nuevo no enciende' };
  /** A customer who writes while Ana has the chat open. */
  const live = { from: '5511990000303', name: 'Lola Presente', body: 'Hola, ¿me atienden?' };
  // Noon UTC on the 10th of last month; the pages run in UTC so the list shows that day.
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12));
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastMonthText = `${pad(lastMonth.getUTCDate())}/${pad(lastMonth.getUTCMonth() + 1)}/${lastMonth.getUTCFullYear()}`;

  const item = (page: Page, name: string) => page.locator(`.ticket-item[data-contact-name="${name}"]`);
  /** Ticks a choice in an open filter popover (its label covers the hidden input, so it is clicked). */
  async function choose(page: Page, filter: string, choice: string): Promise<void> {
    await page.getByRole('dialog', { name: filter }).getByText(choice, { exact: true }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: choice }).isChecked()).toBe(true);
  }
  const ticketOf = async (id: number) => (await admin<Ticket>('GET', `/tickets/${id}`)).body;

  /** A customer's conversation held by `userId`, tagged as asked, resolved; answers the ticket. */
  async function resolvedConversation(
    customer: { from: string; name: string; body: string },
    userId: number,
    tagId?: number,
  ): Promise<Ticket> {
    await customerWrites(admin, whatsappId, {
      from: customer.from,
      name: customer.name,
      body: 'Buenas tardes',
    });
    const ticket = await pendingTicketOf<Ticket>(admin, customer.name);
    // Transferred to the agent: open and theirs (a transfer may post a notice, so the customer's
    // words come after it and stay the last message).
    expect((await admin('PUT', `/tickets/${ticket.id}`, { userId })).status).toBe(200);
    await customerWrites(admin, whatsappId, customer);
    await until(
      async () => (await ticketOf(ticket.id)).lastMessage === customer.body,
      30_000,
      'the last message',
    );
    if (tagId) expect((await admin('PUT', `/ticket-tags/${ticket.id}/${tagId}`)).status).toBeLessThan(300);
    expect((await admin('PUT', `/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
    await until(async () => (await ticketOf(ticket.id)).status === 'closed', 15_000, 'the resolution');
    const resolved = await ticketOf(ticket.id);
    expect(resolved.lastMessage).toBe(customer.body);
    return resolved;
  }

  let oldTicket: Ticket;

  beforeAll(async () => {
    app = await startApp('inbox-search-roles');
    await app.signUpCompany(company);
    admin = app.as(await app.signIn(company.email, company.password));
    companyId = (await admin<{ companyId: number }>('GET', '/auth/me')).body.companyId;
    whatsappId = await connectSandbox(admin, { name: `Hornos ${stamp}` });
    const queue = await admin<{ id: number }>('POST', '/queue', { name: queueName, color: '#2196f3' });
    expect(queue.status).toBe(201);
    const ids: number[] = [];
    for (const agent of [ana, beto]) {
      const created = await admin<{ id: number }>('POST', '/users', {
        ...agent,
        profile: 'user',
        allTicket: 'enabled',
        queueIds: [queue.body.id],
      });
      expect(created.status).toBeLessThan(300);
      ids.push(created.body.id);
    }
    anaId = ids[0]!;
    const chiefCreated = await admin('POST', '/users', {
      ...chief,
      profile: 'admin',
      allTicket: 'enabled',
      queueIds: [],
    });
    expect(chiefCreated.status).toBeLessThan(300);
    const tag = await admin<{ id: number }>('POST', '/tags', { name: tagName, color: '#ff9800' });
    expect(tag.status).toBeLessThan(300);

    oldTicket = await resolvedConversation(old, anaId, tag.body.id);
    await resolvedConversation(other, ids[1]!);
    await backdateTicket(app.runtime.env, { companyId, id: oldTicket.id }, lastMonth);
    expect((await ticketOf(oldTicket.id)).lastMessageAt).toBe(lastMonth.toISOString());
    adminPage = (await app.signedInPage(chief.email, chief.password, pageErrors, { timezoneId: 'UTC' })).page;
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('lands the agent on /tickets after signing in, and back there from /login', async () => {
    const opened = await app.signedInPage(ana.email, ana.password, pageErrors, { timezoneId: 'UTC' });
    agentPage = opened.page;
    agentContext = opened.context;
    await agentPage.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
    await agentPage.goto(app.url('/login'));
    await agentPage.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
    await agentPage.getByTestId('tickets-welcome').waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('finds the conversation of last month by a word of its messages, the word marked', async () => {
    await agentPage.getByTestId('tab-search').click();
    await agentPage.getByPlaceholder(t('tickets.search.placeholder')).fill('HORNO');
    const found = item(agentPage, old.name);
    await found.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => found.locator('.ticket-item__last mark').allInnerTexts()).toEqual(['horno']);
    await expect.poll(() => found.locator('.ticket-item__time').innerText()).toBe(lastMonthText);
    await expect.poll(() => found.getAttribute('data-status')).toBe('closed');
    // Beto's conversation holds the word too, but it is not Ana's to see.
    await expect.poll(() => agentPage.locator('.ticket-item').count()).toBe(1);
  });

  it('finds it by its tag alone', async () => {
    await agentPage.getByPlaceholder(t('tickets.search.placeholder')).fill('');
    await agentPage.getByText(t('tickets.search.hint')).waitFor({ state: 'visible', timeout: 15_000 });
    await agentPage.getByRole('button', { name: t('tickets.search.tags') }).click();
    await choose(agentPage, t('tickets.search.tags'), tagName);
    await item(agentPage, old.name).waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => agentPage.locator('.ticket-item').count()).toBe(1);
    // Agents get no user filter.
    await expect
      .poll(() => agentPage.getByRole('button', { name: t('tickets.search.users') }).count())
      .toBe(0);
  });

  it('lets an admin narrow the same search by user', async () => {
    await adminPage.goto(app.url('/tickets'));
    await adminPage.getByTestId('tab-search').click();
    await adminPage.getByPlaceholder(t('tickets.search.placeholder')).fill('horno');
    await item(adminPage, old.name).waitFor({ state: 'visible', timeout: 15_000 });
    await item(adminPage, other.name).waitFor({ state: 'visible', timeout: 15_000 });
    await adminPage.getByRole('button', { name: t('tickets.search.users') }).click();
    await choose(adminPage, t('tickets.search.users'), ana.name);
    await expect.poll(() => item(adminPage, other.name).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => adminPage.locator('.ticket-item').count()).toBe(1);
    await expect.poll(() => item(adminPage, old.name).count()).toBe(1);
  });

  it('shows the admin the queues with their controls, and sends the agent away from them (core §2, §6)', async () => {
    await adminPage.goto(app.url('/queues'));
    const adminRow = adminPage.locator(`tr[data-queue-name="${queueName}"]`);
    await adminRow.waitFor({ state: 'visible', timeout: 15_000 });
    await adminRow.getByRole('button', { name: t('queues.editQueue', { name: queueName }) }).waitFor();
    await adminPage.getByRole('button', { name: t('queues.add') }).waitFor();

    // An admin screen, as /connections: the agent lands on the inbox instead (issue #25).
    await agentPage.goto(app.url('/queues'));
    await agentPage.waitForURL((address) => address.pathname.startsWith('/tickets'), { timeout: 15_000 });
    await expect.poll(() => agentPage.locator(`tr[data-queue-name="${queueName}"]`).count()).toBe(0);
    await expect.poll(() => agentPage.getByRole('button', { name: t('queues.add') }).count()).toBe(0);
  });

  it('keeps the unread count at 0 for the open chat while the customer writes, in every tab', async () => {
    await agentPage.goto(app.url('/tickets'));
    // A second tab of the same session, with no chat open.
    const otherTab = collectPageErrors(await agentContext.newPage(), pageErrors, `${ana.email} (tab 2)`);
    await otherTab.goto(app.url('/tickets'));
    await otherTab.getByTestId('tickets-welcome').waitFor({ state: 'visible', timeout: 15_000 });

    await customerWrites(admin, whatsappId, { ...live, id: `L1-${stamp}` });
    await agentPage.getByTestId('tab-pending').click();
    await item(agentPage, live.name).waitFor({ state: 'visible', timeout: 30_000 });
    await item(agentPage, live.name)
      .getByRole('button', { name: t('tickets.actions.accept') })
      .click();
    await agentPage.waitForURL((address) => address.pathname.startsWith('/tickets/'), { timeout: 15_000 });
    const chat = agentPage.locator('.ticket-chat[data-status="open"]');
    await chat.waitFor({ state: 'visible', timeout: 15_000 });
    const ticketId = Number(await chat.getAttribute('data-ticket-id'));

    const later = ['¿Siguen ahí?', 'Necesito ayuda con el horno'];
    for (const [index, body] of later.entries()) {
      await customerWrites(admin, whatsappId, {
        from: live.from,
        name: live.name,
        body,
        id: `L${index + 2}-${stamp}`,
      });
      await chat
        .getByTestId('messages-list')
        .getByText(body, { exact: true })
        .waitFor({ state: 'visible', timeout: 30_000 });
    }
    const lastBody = later.at(-1)!;
    // The other tab has the ticket's newest message, and no unread badge.
    const elsewhere = item(otherTab, live.name);
    await otherTab.getByTestId('tab-assigned').click();
    await expect
      .poll(() => elsewhere.locator('.ticket-item__last').innerText(), { timeout: 30_000 })
      .toBe(lastBody);
    await expect.poll(() => elsewhere.locator('.ticket-item__unread').count(), { timeout: 15_000 }).toBe(0);
    // The server holds 0 too (an admin's reading of the ticket does not read its messages).
    await expect.poll(async () => (await ticketOf(ticketId)).unreadMessages, { timeout: 15_000 }).toBe(0);
    await expect.poll(async () => (await ticketOf(ticketId)).lastMessage).toBe(lastBody);
    await expect.poll(() => item(agentPage, live.name).locator('.ticket-item__unread').count()).toBe(0);
    await otherTab.close();
  });

  it('raised no uncaught errors in the pages', () => {
    expect(pageErrors).toEqual([]);
  });
});
