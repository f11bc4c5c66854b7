import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { journeySteps } from './support/journey.ts';

/**
 * Two agents in two browsers (core §2 Tickets page, §4 Ticket status, Live updates): a sandbox
 * customer writes; agent A sees the pending ticket appear without reloading, accepts it, answers
 * with a quick reply typed as "/" + shortcode, tags it, leaves a note and transfers it to agent B
 * in a queue; B sees it arrive live with its tag and note, answers and resolves it. The customer
 * received each reply exactly once.
 */
describe('two agents: accept, quick reply, tag, note, transfer, resolve', () => {
  // Its tests are the steps of one journey: after a failed step the rest are skipped, not failed.
  journeySteps();
  let app: App;
  let agentA: Page;
  let agentB: Page;
  /** The API with the admin's session, which no page uses. */
  let admin: Caller;
  let whatsappId = 0;
  let queueId = 0;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Soporte', 'soporte', stamp);
  const ana = { name: 'Agente Ana', email: `ana-${stamp}@example.com`, password: 'segredo123' };
  const beto = { name: 'Agente Beto', email: `beto-${stamp}@example.com`, password: 'segredo123' };
  const customer = {
    from: '5511990000042',
    name: 'Lucía Cliente',
    body: 'Mi pedido no llegó',
    id: `T1-${stamp}`,
  };
  const quickReply = { shortcode: 'pedido', message: 'Lamentamos la demora; ya revisamos su pedido.' };
  const tagName = 'Reclamo';
  const noteText = 'Cliente pidió respuesta hoy';
  const closingReply = 'Su pedido sale mañana. ¡Gracias por esperar!';

  const item = (page: Page) => page.locator(`.ticket-item[data-contact-name="${customer.name}"]`);
  const dialog = (page: Page) => page.getByRole('dialog');
  const outbox = () => outboxOf(admin, whatsappId, customer.from);

  beforeAll(async () => {
    app = await startApp('inbox-transfer-browser');
    await app.signUpCompany(company);
    admin = app.as(await app.signIn(company.email, company.password));
    whatsappId = await connectSandbox(admin, { name: `Atención ${stamp}` });
    const queue = await admin<{ id: number }>('POST', '/queue', {
      name: 'Postventa',
      color: '#2196f3',
    });
    expect(queue.status).toBe(201);
    queueId = queue.body.id;
    for (const agent of [ana, beto]) {
      const created = await admin('POST', '/users', {
        ...agent,
        profile: 'user',
        allTicket: 'enabled',
        queueIds: [queueId],
      });
      expect(created.status).toBeLessThan(300);
    }
    expect((await admin('POST', '/tags', { name: tagName, color: '#ff9800' })).status).toBeLessThan(300);
    expect((await admin('POST', '/quick-messages', { ...quickReply, geral: true })).status).toBeLessThan(300);

    agentA = (await app.signedInPage(ana.email, ana.password, pageErrors)).page;
    agentB = (await app.signedInPage(beto.email, beto.password, pageErrors)).page;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('opens the tickets page for both agents, with nothing waiting', async () => {
    for (const page of [agentA, agentB]) {
      await page.goto(app.url('/tickets'));
      await page.getByTestId('tickets-welcome').waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => page.getByTestId('count-pending').innerText(), { timeout: 15_000 }).toBe('0');
      await expect.poll(() => page.getByTestId('count-assigned').innerText()).toBe('0');
    }
    await agentA.getByTestId('tab-pending').click();
    await agentA.getByText(t('tickets.empty.pending')).waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('shows agent A the customer’s new conversation as a pending ticket, live', async () => {
    await customerWrites(admin, whatsappId, customer);
    await item(agentA).waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => item(agentA).getAttribute('data-status')).toBe('pending');
    await expect.poll(() => item(agentA).innerText(), { timeout: 15_000 }).toContain(customer.body);
    // B waits in the same pool: the badge moved without a reload too.
    await expect.poll(() => agentB.getByTestId('count-pending').innerText(), { timeout: 15_000 }).toBe('1');
  });

  it('lets agent A accept it; B’s waiting badge goes back to zero', async () => {
    await item(agentA)
      .getByRole('button', { name: t('tickets.actions.accept') })
      .click();
    await agentA.waitForURL((address) => address.pathname.startsWith('/tickets/'), { timeout: 15_000 });
    const chat = agentA.locator('.ticket-chat[data-status="open"]');
    await chat.waitFor({ state: 'visible', timeout: 15_000 });
    await chat
      .getByTestId('messages-list')
      .getByText(customer.body, { exact: true })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => agentA.getByTestId('count-assigned').innerText(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => agentB.getByTestId('count-pending').innerText(), { timeout: 15_000 }).toBe('0');
  });

  it('answers with a quick reply typed as / and its shortcode', async () => {
    const input = agentA.getByLabel(t('tickets.input.label'), { exact: true });
    await input.fill(`/${quickReply.shortcode.slice(0, 3)}`);
    const option = agentA
      .getByTestId('quick-replies')
      .getByRole('option', { name: new RegExp(`^/${quickReply.shortcode}`) });
    await option.waitFor({ timeout: 15_000 });
    await option.click();
    await expect.poll(() => input.inputValue()).toBe(quickReply.message);
    await input.press('Enter');
    await agentA
      .getByTestId('messages-list')
      .locator('.msg--me', { hasText: quickReply.message })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => input.inputValue()).toBe('');
  });

  it('tags the ticket and leaves a note for the next agent', async () => {
    const editor = agentA.getByTestId('ticket-tags');
    await editor.getByRole('button', { name: t('tickets.tags.add') }).click();
    await editor.getByRole('option', { name: tagName }).click();
    await editor.locator('.ticket-tags__chip', { hasText: tagName }).waitFor({ timeout: 15_000 });

    await agentA.getByRole('button', { name: t('tickets.drawer.toggle'), exact: true }).click();
    const notes = agentA.getByTestId('ticket-notes');
    await notes.getByLabel(t('tickets.notes.label')).fill(noteText);
    await notes.getByRole('button', { name: t('tickets.notes.add') }).click();
    await notes.getByText(noteText).waitFor({ timeout: 15_000 });
  });

  it('transfers it to agent B in the queue; it leaves A’s list', async () => {
    await agentA
      .locator('.ticket-chat')
      .getByRole('button', { name: t('tickets.actions.transfer') })
      .click();
    const modal = dialog(agentA);
    await modal.getByRole('heading', { name: t('tickets.transfer.title') }).waitFor();
    // The user is found by typing part of the name (core §2 autocomplete, searched by the server).
    await modal.getByLabel(t('tickets.transfer.user')).fill('bet');
    const suggestion = modal
      .getByRole('listbox', { name: t('tickets.transfer.user') })
      .getByRole('option', { name: beto.name });
    await suggestion.waitFor({ state: 'visible', timeout: 15_000 });
    await expect
      .poll(() => modal.getByRole('listbox').getByRole('option').allInnerTexts())
      .toEqual([beto.name]);
    await suggestion.getByRole('button').click();
    await expect.poll(() => modal.getByLabel(t('tickets.transfer.user')).inputValue()).toBe(beto.name);
    const queues = modal.getByLabel(t('tickets.transfer.queue'));
    await expect
      .poll(() => queues.locator('option', { hasText: 'Postventa' }).count(), { timeout: 15_000 })
      .toBe(1);
    await queues.selectOption({ label: 'Postventa' });
    await modal.getByRole('button', { name: t('tickets.transfer.submit') }).click();
    await agentA.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
    await expect.poll(() => agentA.getByTestId('count-assigned').innerText(), { timeout: 15_000 }).toBe('0');
  });

  it('shows the ticket arriving in agent B’s list live, with the tag and the note', async () => {
    // B never reloaded since the first step.
    await item(agentB).waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => item(agentB).getAttribute('data-status')).toBe('open');
    await expect.poll(() => agentB.getByTestId('count-assigned').innerText(), { timeout: 15_000 }).toBe('1');
    await item(agentB).locator('.ticket-item__main').click();
    await agentB.waitForURL((address) => address.pathname.startsWith('/tickets/'), { timeout: 15_000 });
    const chat = agentB.locator('.ticket-chat[data-status="open"]');
    await chat.waitFor({ state: 'visible', timeout: 15_000 });
    const messages = chat.getByTestId('messages-list');
    await messages
      .locator('.msg--me', { hasText: quickReply.message })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await agentB
      .getByTestId('ticket-tags')
      .locator('.ticket-tags__chip', { hasText: tagName })
      .waitFor({ timeout: 15_000 });
    await agentB.getByRole('button', { name: t('tickets.drawer.toggle'), exact: true }).click();
    await agentB.getByTestId('ticket-notes').getByText(noteText).waitFor({ timeout: 15_000 });
  });

  it('lets agent B answer and resolve it', async () => {
    const input = agentB.getByLabel(t('tickets.input.label'), { exact: true });
    await input.fill(closingReply);
    await input.press('Enter');
    await agentB
      .getByTestId('messages-list')
      .locator('.msg--me', { hasText: closingReply })
      .waitFor({ state: 'visible', timeout: 15_000 });
    // The reply is on its way before the ticket closes.
    await expect
      .poll(async () => (await outbox()).filter((m) => m.body.includes(closingReply)).length, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(1);
    await agentB
      .locator('.ticket-chat')
      .getByRole('button', { name: t('tickets.actions.resolve') })
      .click();
    await agentB.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
    await expect.poll(() => agentB.getByTestId('count-assigned').innerText(), { timeout: 15_000 }).toBe('0');
    await agentB.getByTestId('tab-closed').click();
    await item(agentB).waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => item(agentB).getAttribute('data-status')).toBe('closed');
  });

  it('delivered every reply to the customer exactly once, and kept who, where, the tag and the note', async () => {
    // Long enough for a duplicate delivery to show up, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const sent = await outbox();
    expect(sent).toHaveLength(2);
    expect(sent.filter((m) => m.body.includes(quickReply.message))).toHaveLength(1);
    expect(sent.filter((m) => m.body.includes(closingReply))).toHaveLength(1);
    // Signed by each agent (core §2: signing is on by default).
    expect(sent[0]!.body).toContain(ana.name);
    expect(sent[1]!.body).toContain(beto.name);

    const closed = await admin<{
      tickets: {
        id: number;
        status: string;
        user: { name: string } | null;
        queueId: number | null;
        contactId: number;
        tags: { name: string }[];
      }[];
    }>('GET', '/tickets?status=closed&showAll=true');
    const ticket = closed.body.tickets.find((candidate) => candidate.status === 'closed');
    expect(ticket).toMatchObject({
      status: 'closed',
      user: { name: beto.name },
      queueId,
      tags: [{ name: tagName }],
    });
    const notes = await admin<{ note: string }[]>(
      'GET',
      `/ticket-notes/list?ticketId=${ticket!.id}&contactId=${ticket!.contactId}`,
    );
    expect(notes.body.map((note) => note.note)).toEqual([noteText]);
  });

  it('raised no uncaught errors in either page', () => {
    expect(pageErrors).toEqual([]);
  });
});
