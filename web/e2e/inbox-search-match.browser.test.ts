import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, until, type App, type Caller } from './support/app.ts';
import { connectSandbox, customerWrites, pendingTicketOf } from './support/sandbox.ts';

interface Ticket {
  id: number;
  lastMessage: string;
  searchMatch?: string;
  contact?: { name?: string } | null;
}

/**
 * Issue #29, search marks in an older message (docs/decisions.md, "Search: the matched message
 * shown"): a ticket found by a word of an older message shows that message in the search tab's
 * list, the word marked, not its last message; a ticket whose last message holds the word shows
 * the last message.
 */
describe('inbox search: the matched older message, its words marked', () => {
  let app: App;
  let page: Page;
  let admin: Caller;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Facturas', 'facturas', stamp);
  const older = { from: '5511990000401', name: 'Irene Anterior' };
  const latest = { from: '5511990000402', name: 'Hugo Reciente' };
  const item = (name: string) => page.locator(`.ticket-item[data-contact-name="${name}"]`);

  beforeAll(async () => {
    app = await startApp('inbox-search-match');
    ({ page, api: admin } = await app.signedInAdmin(company, pageErrors));
    const whatsappId = await connectSandbox(admin, { name: `Facturas ${stamp}` });
    // Irene asked for the invoice, then said thanks (her last message); Hugo's last message asks.
    await customerWrites(admin, whatsappId, { ...older, body: 'Necesito la factura de marzo', id: `${stamp}-1` });
    const ticket = await pendingTicketOf<Ticket>(admin, older.name);
    await customerWrites(admin, whatsappId, { ...older, body: 'Muchas gracias', id: `${stamp}-2` });
    await customerWrites(admin, whatsappId, { ...latest, body: 'Hola', id: `${stamp}-3` });
    await pendingTicketOf<Ticket>(admin, latest.name);
    await customerWrites(admin, whatsappId, { ...latest, body: '¿Y mi factura?', id: `${stamp}-4` });
    await until(
      async () =>
        (await admin<Ticket>('GET', `/tickets/${ticket.id}`)).body.lastMessage === 'Muchas gracias',
      30_000,
      'the last message',
    );
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('shows the older message a ticket matched by, the word marked; the last one when it holds the word', async () => {
    await page.goto(app.url('/tickets'));
    await page.getByTestId('tab-search').click();
    await page.getByPlaceholder(t('tickets.search.placeholder')).fill('FACTU');
    const irene = item(older.name);
    await irene.waitFor({ state: 'visible', timeout: 20_000 });
    await expect.poll(() => irene.locator('.ticket-item__last').innerText()).toBe('Necesito la factura de marzo');
    await expect.poll(() => irene.locator('.ticket-item__last mark').allInnerTexts()).toEqual(['factura']);

    const hugo = item(latest.name);
    await expect.poll(() => hugo.locator('.ticket-item__last').innerText()).toBe('¿Y mi factura?');
    await expect.poll(() => hugo.locator('.ticket-item__last mark').allInnerTexts()).toEqual(['factura']);

    // The open tab still shows each ticket's last message.
    await page.getByTestId('tab-open').click();
    await page.getByTestId('tab-search').click();
    await expect.poll(() => irene.locator('.ticket-item__last').innerText()).toBe('Necesito la factura de marzo');
    expect(pageErrors).toEqual([]);
  });
});
