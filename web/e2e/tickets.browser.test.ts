import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { limits } from '@atende/shared/constants';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { journeySteps } from './support/journey.ts';

/**
 * The tickets page against the local runtime (core §2 Tickets page, §4 Ticket status and Live
 * updates): a customer writes to a sandbox connection; the agent sees the pending ticket appear
 * live, accepts it, replies (signed) and the reply reaches the sandbox outbox; then resolves it.
 */
describe('tickets page', () => {
  // Its tests are the steps of one journey: after a failed step the rest are skipped, not failed.
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  let whatsappId = 0;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Tienda', 'tienda', stamp);
  const customer = { from: '5511990000001', name: 'Juan', body: 'hola', id: `X1-${stamp}` };

  const item = () => page.locator(`.ticket-item[data-contact-name="${customer.name}"]`);

  beforeAll(async () => {
    app = await startApp('tickets-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    whatsappId = await connectSandbox(api, { name: `Ventas ${stamp}` });
  });

  afterAll(async () => {
    await app?.stop();
  });

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
    await customerWrites(api, whatsappId, customer);
    // No reload: the live ticket event adds it to the pending list.
    await item().waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => item().getAttribute('data-status')).toBe('pending');
    await expect.poll(() => item().innerText(), { timeout: 15_000 }).toContain(customer.body);
    await expect.poll(() => page.getByTestId('count-pending').innerText()).toBe('1');
    // Pending tickets cannot be opened by a click.
    await item().locator('.ticket-item__main').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/tickets');
  });

  it('accepts the ticket and opens the chat with the customer’s message', async () => {
    await item()
      .getByRole('button', { name: t('tickets.actions.accept') })
      .click();
    await page.waitForURL((address) => address.pathname.startsWith('/tickets/'), { timeout: 15_000 });
    const chat = page.locator('.ticket-chat[data-status="open"]');
    await chat.waitFor({ state: 'visible', timeout: 15_000 });
    await chat
      .getByTestId('messages-list')
      .getByText(customer.body, { exact: true })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect
      .poll(() => chat.getByRole('button', { name: t('tickets.actions.resolve') }).isVisible())
      .toBe(true);
    await expect
      .poll(() => chat.getByRole('button', { name: t('tickets.actions.return') }).isVisible())
      .toBe(true);
    await expect
      .poll(() => chat.getByRole('button', { name: t('tickets.actions.transfer') }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByTestId('count-assigned').innerText(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('count-pending').innerText(), { timeout: 15_000 }).toBe('0');
  });

  it('replies; the signed reply reaches the customer through the sandbox', async () => {
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
    await input.fill('Hola Juan');
    await input.press('Enter');
    const messages = page.getByTestId('messages-list');
    await messages
      .locator('.msg--me', { hasText: 'Hola Juan' })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => input.inputValue()).toBe('');

    await expect
      .poll(async () => JSON.stringify(await outboxOf(api, whatsappId, customer.from)), {
        timeout: 30_000,
        interval: 1_000,
      })
      .toContain('Hola Juan');
    const outbox = JSON.stringify(await outboxOf(api, whatsappId, customer.from));
    // core §2: signing is on by default and prefixes the user's name in bold.
    expect(outbox).toContain('*');
    expect(outbox).toContain(':*\\nHola Juan');
    await expect.poll(() => messages.locator('.msg--me').count()).toBe(1);
  });

  it('takes screenshots of the open chat (light and dark)', async () => {
    await page.screenshot({ path: join(tmpdir(), 'tickets-light.png') });
    // The app keeps its own theme (light here): the toggle switches to dark and back.
    await page.getByRole('button', { name: t('theme.toDark') }).click();
    await page.getByRole('button', { name: t('theme.toLight') }).waitFor({ state: 'visible' });
    await page.screenshot({ path: join(tmpdir(), 'tickets-dark.png') });
    await page.getByRole('button', { name: t('theme.toLight') }).click();
    await page.getByRole('button', { name: t('theme.toDark') }).waitFor({ state: 'visible' });
  });

  it('resolves the ticket: back to /tickets, the ticket in the closed tab', async () => {
    await page.getByRole('button', { name: t('tickets.actions.resolve') }).click();
    await page.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
    await page.getByTestId('tickets-welcome').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('count-assigned').innerText(), { timeout: 15_000 }).toBe('0');
    await page.getByTestId('tab-closed').click();
    await item().waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => item().getAttribute('data-status')).toBe('closed');
    // A closed ticket opens with Reabrir.
    await item().locator('.ticket-item__main').click();
    await page
      .getByRole('button', { name: t('tickets.actions.reopen') })
      .waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
