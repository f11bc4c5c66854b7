import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { limits } from '@atende/shared/constants';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketOf } from './support/sandbox.ts';

/**
 * The tickets page against the local runtime (core §2 Tickets page, §4 Ticket status and Live
 * updates): a customer writes to a sandbox connection; the agent sees the pending ticket appear
 * live, accepts it, replies (signed) and the reply reaches the sandbox outbox; then resolves it.
 *
 * Each test has a customer of its own, and every ticket left open or pending is closed after each
 * test: a test that needs an open chat opens one through the API, so none leans on another.
 */
type Customer = { from: string; name: string; body: string; id: string };
type ListedTicket = { id: number; uuid: string; contact?: { name?: string } | null };

describe('tickets page', () => {
  let app: App;
  let page: Page;
  let api: Caller;
  let whatsappId = 0;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Tienda', 'tienda', stamp);
  let customers = 0;
  /** A customer of the test's own: a new number and name each time. */
  const newCustomer = (name: string): Customer => {
    customers += 1;
    return {
      from: `55119900000${String(customers).padStart(2, '0')}`,
      name,
      body: `hola ${name}`,
      id: `X${customers}-${stamp}`,
    };
  };

  const item = (customer: Customer) => page.locator(`.ticket-item[data-contact-name="${customer.name}"]`);

  beforeAll(async () => {
    app = await startApp('tickets-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    whatsappId = await connectSandbox(api, { name: `Ventas ${stamp}` });
  });

  afterEach(async () => {
    for (const status of ['open', 'pending']) {
      const listed = await api<{ tickets: ListedTicket[] }>('GET', `/tickets?status=${status}&showAll=true`);
      for (const ticket of listed.body.tickets ?? []) {
        expect((await api('PUT', `/tickets/${ticket.id}`, { status: 'closed' })).status).toBeLessThan(300);
      }
    }
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** The customer's ticket, accepted through the API, open in the page's chat. */
  async function openChatWith(customer: Customer) {
    await customerWrites(api, whatsappId, customer);
    const ticket = await pendingTicketOf<ListedTicket>(api, customer.name);
    expect((await api('PUT', `/tickets/${ticket.id}`, { status: 'open' })).status).toBeLessThan(300);
    await page.goto(app.url(`/tickets/${ticket.uuid}`));
    const chat = page.locator('.ticket-chat[data-status="open"]');
    await chat
      .getByTestId('messages-list')
      .getByText(customer.body, { exact: true })
      .waitFor({ timeout: 15_000 });
    return chat;
  }

  it('opens the tickets page with the welcome panel and empty lists', async () => {
    await page.goto(app.url('/tickets'));
    await page.getByTestId('tickets-welcome').waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByTestId('tab-pending').click();
    await page.getByText(t('tickets.empty.pending')).waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => page.getByTestId('count-pending').innerText()).toBe('0');
    // core §2: admins start with show-all on.
    await expect.poll(() => page.getByRole('switch', { name: t('tickets.showAll') }).isChecked()).toBe(true);
  });

  it('shows an incoming conversation as a pending ticket, live', async () => {
    const customer = newCustomer('Juan');
    await page.goto(app.url('/tickets'));
    await page.getByTestId('tab-pending').click();
    await page.getByText(t('tickets.empty.pending')).waitFor({ state: 'visible', timeout: 15_000 });
    await customerWrites(api, whatsappId, customer);
    // No reload: the live ticket event adds it to the pending list.
    await item(customer).waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => item(customer).getAttribute('data-status')).toBe('pending');
    await expect.poll(() => item(customer).innerText(), { timeout: 15_000 }).toContain(customer.body);
    await expect.poll(() => page.getByTestId('count-pending').innerText()).toBe('1');
    // Pending tickets cannot be opened by a click.
    await item(customer).locator('.ticket-item__main').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/tickets');
  });

  it('accepts the ticket and opens the chat with the customer’s message', async () => {
    const customer = newCustomer('Ana');
    await customerWrites(api, whatsappId, customer);
    await page.goto(app.url('/tickets'));
    await page.getByTestId('tab-pending').click();
    await item(customer)
      .getByRole('button', { name: t('tickets.actions.accept') })
      .click();
    await page.waitForURL((address) => address.pathname.startsWith('/tickets/'), { timeout: 15_000 });
    const chat = page.locator('.ticket-chat[data-status="open"]');
    await chat.waitFor({ state: 'visible', timeout: 15_000 });
    await chat
      .getByTestId('messages-list')
      .getByText(customer.body, { exact: true })
      .waitFor({ timeout: 15_000 });
    for (const action of ['resolve', 'return', 'transfer'] as const) {
      await chat.getByRole('button', { name: t(`tickets.actions.${action}`) }).waitFor({ state: 'visible' });
    }
    await expect.poll(() => page.getByTestId('count-assigned').innerText(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('count-pending').innerText(), { timeout: 15_000 }).toBe('0');
  });

  it('replies; the signed reply reaches the customer through the sandbox', async () => {
    const customer = newCustomer('Beto');
    await openChatWith(customer);
    const input = page.getByLabel(t('tickets.input.label'), { exact: true });
    const counter = page.getByTestId('message-counter');
    const send = page.getByRole('button', { name: t('tickets.input.send') });
    // Past the API's limit: the counter says so and the text is not sent; far below it, no counter.
    await input.fill('x'.repeat(limits.messageBodyMax + 1));
    await expect.poll(() => counter.innerText()).toContain(t('tickets.input.tooLong', { max: '65.536' }));
    await expect.poll(() => send.isDisabled()).toBe(true);
    await input.fill('Hola');
    await counter.waitFor({ state: 'detached' });
    // Empty messages are never sent.
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Hola Beto');
    await input.press('Enter');
    const messages = page.getByTestId('messages-list');
    await messages
      .locator('.msg--me', { hasText: 'Hola Beto' })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => input.inputValue()).toBe('');

    await expect
      .poll(async () => JSON.stringify(await outboxOf(api, whatsappId, customer.from)), {
        timeout: 30_000,
        interval: 1_000,
      })
      .toContain('Hola Beto');
    const outbox = JSON.stringify(await outboxOf(api, whatsappId, customer.from));
    // core §2: signing is on by default and prefixes the user's name in bold.
    expect(outbox).toContain('*');
    expect(outbox).toContain(':*\\nHola Beto');
    await expect.poll(() => messages.locator('.msg--me').count()).toBe(1);
  });

  it('takes screenshots of the open chat (light and dark)', async () => {
    await openChatWith(newCustomer('Carla'));
    await page.screenshot({ path: join(tmpdir(), 'tickets-light.png') });
    // The app keeps its own theme (light here): the toggle switches to dark and back.
    await page.getByRole('button', { name: t('theme.toDark') }).click();
    await page.getByRole('button', { name: t('theme.toLight') }).waitFor({ state: 'visible' });
    await page.screenshot({ path: join(tmpdir(), 'tickets-dark.png') });
    await page.getByRole('button', { name: t('theme.toLight') }).click();
    await page.getByRole('button', { name: t('theme.toDark') }).waitFor({ state: 'visible' });
  });

  it('resolves the ticket: back to /tickets, the ticket in the closed tab', async () => {
    const customer = newCustomer('Dora');
    await openChatWith(customer);
    await page.getByRole('button', { name: t('tickets.actions.resolve') }).click();
    await page.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
    await page.getByTestId('tickets-welcome').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('count-assigned').innerText(), { timeout: 15_000 }).toBe('0');
    await page.getByTestId('tab-closed').click();
    await item(customer).waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => item(customer).getAttribute('data-status')).toBe('closed');
    // A closed ticket opens with Reabrir.
    await item(customer).locator('.ticket-item__main').click();
    await page
      .getByRole('button', { name: t('tickets.actions.reopen') })
      .waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
