import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox, customerWrites, pendingTicketOf } from './support/sandbox.ts';
import { journeySteps } from './support/journey.ts';

/**
 * Decision 0121: what happened while the live socket was away is shown once it is back. The
 * agent's chat is open; its socket drops (the test cuts it) and stays away while the customer
 * writes, so the message's live event reaches no socket of the agent; once the socket opens again
 * the chat shows the message without the agent doing anything. Decision 0123: an agent's chat
 * whose room join lands after a customer's message shows that message too.
 */
describe('a chat after its live socket was away', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  let whatsappId = 0;
  let ticketId = 0;
  let ticketUuid = '';
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Resync', 'resync', stamp);
  const customer = { from: '5511990000121', name: 'Ramona', body: `hola ${stamp}`, id: `R1-${stamp}` };

  /** Every socket the page opens; while `away`, each is refused at once (the SPA retries). */
  const sockets: { page: WebSocketRoute; server?: WebSocketRoute }[] = [];
  let away = false;

  beforeAll(async () => {
    app = await startApp('live-resync');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    whatsappId = await connectSandbox(api, { name: `Ventas ${stamp}` });
    await customerWrites(api, whatsappId, customer);
    const ticket = await pendingTicketOf<{ id: number; uuid: string; contact?: { name?: string } | null }>(api, customer.name);
    expect((await api('PUT', `/tickets/${ticket.id}`, { status: 'open' })).status).toBeLessThan(300);
    ticketId = ticket.id;
    ticketUuid = ticket.uuid;
    await page.routeWebSocket(/\/ws(\?|$)/, async (socket) => {
      if (away) {
        sockets.push({ page: socket });
        await socket.close({ code: 1011, reason: 'away' });
        return;
      }
      sockets.push({ page: socket, server: socket.connectToServer() });
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  const chat = () => page.locator('.ticket-chat[data-status="open"]').getByTestId('messages-list');

  it('shows what the customer wrote while the socket was away, once it is back', async () => {
    await page.goto(app.url(`/tickets/${ticketUuid}`));
    await chat().getByText(customer.body, { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => sockets.filter((socket) => socket.server).length, { timeout: 15_000 }).toBe(1);

    away = true;
    const { page: pageSide, server } = sockets[0]!;
    await server!.close({ code: 1001, reason: 'gone' });
    await pageSide.close({ code: 1011, reason: 'dropped' });
    const later = `¿siguen ahí? ${stamp}`;
    await customerWrites(api, whatsappId, { ...customer, body: later, id: `R2-${stamp}` });
    // Stored, and given time to be fanned out (to no socket of the agent's).
    await expect
      .poll(
        async () => {
          const answer = await api('GET', `/messages/${ticketId}`);
          return JSON.stringify(answer.body).includes(later);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    away = false;
    await chat().getByText(later, { exact: true }).waitFor({ state: 'visible', timeout: 45_000 });
    expect(sockets.filter((socket) => socket.server).length).toBeGreaterThanOrEqual(2);
    expect(pageErrors).toEqual([]);
  });
  it('shows a message its room missed when the room join lands late (decision 0123)', async () => {
    // An agent's chat: admins hear every message whatever their rooms, agents only in the room.
    const agent = { name: 'Rita Resync', email: `rita-${stamp}@example.com`, password: 'senha123' };
    const created = await api('POST', '/users', { ...agent, profile: 'user', allTicket: 'enabled', queueIds: [] });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const agentId = (created.body as { id: number }).id;
    expect((await api('PUT', `/tickets/${ticketId}`, { status: 'open', userId: agentId })).status).toBeLessThan(300);
    const { page: agentPage } = await app.signedInPage(agent.email, agent.password, pageErrors);
    const held: (() => void)[] = [];
    await agentPage.routeWebSocket(/\/ws(\?|$)/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        if (String(message).includes('"joinChatBox"')) held.push(() => server.send(message));
        else server.send(message);
      });
    });
    await agentPage.goto(app.url(`/tickets/${ticketUuid}`));
    const agentChat = agentPage.locator('.ticket-chat[data-status="open"]').getByTestId('messages-list');
    await agentChat.getByText(customer.body, { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    // Written while the chat's join is still on its way: its live event reaches no socket of hers.
    const unseen = `¿me leen? ${stamp}`;
    await customerWrites(api, whatsappId, { ...customer, body: unseen, id: `R3-${stamp}` });
    await expect
      .poll(async () => JSON.stringify((await api('GET', `/messages/${ticketId}`)).body).includes(unseen), {
        timeout: 30_000,
      })
      .toBe(true);
    for (const send of held.splice(0)) send();
    await agentChat.getByText(unseen, { exact: true }).waitFor({ state: 'visible', timeout: 30_000 });
    await agentPage.context().close();
    expect(pageErrors).toEqual([]);
  });
});
