import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';
import { connectSandbox, customerWrites, pendingTicketOf } from './support/sandbox.ts';

/**
 * The kanban board (extended §2.17, §4 Kanban): the admin drags a customer's card from Creados to
 * a kanban lane with the mouse, and an agent who has the ticket open in a second browser sees its
 * tag appear without reloading; the admin then carries it back with the keyboard alone (space,
 * left arrow, space) and the tag goes away on the agent's screen too.
 */
describe('kanban: drag a card to a lane, seen live in a second browser', () => {
  journeySteps();
  let app: App;
  let board: Page;
  let watcher: Page;
  let admin: Caller;
  let laneId = 0;
  let ticket: { id: number; uuid: string };
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Tablero', 'tablero', stamp);
  const agent = { name: 'Agente Vera', email: `vera-${stamp}@example.com`, password: 'segredo123' };
  const customer = {
    from: '5511990000077',
    name: 'Marta Cliente',
    body: 'Quiero cambiar mi plan',
    id: `K1-${stamp}`,
  };
  const laneName = 'En curso';

  const lane = (key: string) => board.getByTestId(`kanban-lane-${key}`);
  const card = () => board.getByTestId(`kanban-card-${ticket.id}`);
  const tagChip = () =>
    watcher.getByTestId('ticket-tags').locator('.ticket-tags__chip', { hasText: laneName });

  beforeAll(async () => {
    app = await startApp('kanban-browser');
    await app.signUpCompany(company);
    admin = app.as(await app.signIn(company.email, company.password));
    const whatsappId = await connectSandbox(admin, { name: `Ventas ${stamp}` });
    const created = await admin<{ id: number }>('POST', '/tags', {
      name: laneName,
      color: '#2196f3',
      kanban: 1,
    });
    expect(created.status).toBe(201);
    laneId = created.body.id;
    expect(
      (await admin('POST', '/users', { ...agent, profile: 'user', allTicket: 'enabled', queueIds: [] }))
        .status,
    ).toBeLessThan(300);
    await customerWrites(admin, whatsappId, customer);
    ticket = await pendingTicketOf<{ id: number; uuid: string; contact?: { name?: string } | null }>(
      admin,
      customer.name,
    );
    board = (await app.signedInPage(company.email, company.password, pageErrors)).page;
    watcher = (await app.signedInPage(agent.email, agent.password, pageErrors)).page;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('shows the customer’s card in Creados, and the ticket without tags to the agent', async () => {
    await board.goto(app.url('/kanban'));
    await lane(String(laneId)).getByText(laneName).waitFor({ state: 'visible', timeout: 15_000 });
    const inCreados = lane('creados').getByTestId(`kanban-card-${ticket.id}`);
    await inCreados.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => inCreados.innerText()).toContain(customer.name);
    await expect.poll(() => inCreados.innerText()).toContain(customer.from);
    await expect.poll(() => inCreados.innerText()).toContain(customer.body);

    await watcher.goto(app.url(`/tickets/${ticket.uuid}`));
    await watcher
      .getByTestId('ticket-tags')
      .getByText(t('tickets.tags.none'))
      .waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('drags the card with the mouse to the kanban lane; the agent sees the tag appear', async () => {
    const from = await card().boundingBox();
    const to = await lane(String(laneId)).boundingBox();
    expect(from && to).toBeTruthy();
    await board.mouse.move(from!.x + from!.width / 2, from!.y + 12);
    await board.mouse.down();
    await board.mouse.move(from!.x + from!.width / 2 + 20, from!.y + 20, { steps: 5 });
    await board.mouse.move(to!.x + to!.width / 2, to!.y + 80, { steps: 15 });
    await board.mouse.up();

    await lane(String(laneId))
      .getByTestId(`kanban-card-${ticket.id}`)
      .waitFor({ state: 'visible', timeout: 15_000 });
    await lane('creados')
      .getByTestId(`kanban-card-${ticket.id}`)
      .waitFor({ state: 'detached', timeout: 15_000 });
    await tagChip().waitFor({ state: 'visible', timeout: 15_000 });
    await expect
      // The admin's page holds the admin's one session: the API is called with it.
      .poll(async () =>
        (await app.as(board)<{ tags?: { name: string }[] }>('GET', `/tickets/${ticket.id}`)).body.tags?.map(
          (tag) => tag.name,
        ),
      )
      .toEqual([laneName]);
  });

  it('carries it back to Creados with the keyboard; the tag goes away on the agent’s screen', async () => {
    const moving = lane(String(laneId)).getByTestId(`kanban-card-${ticket.id}`);
    await moving.focus();
    await moving.press('Space');
    await board.keyboard.press('ArrowLeft');
    await board.keyboard.press('Space');
    await lane('creados')
      .getByTestId(`kanban-card-${ticket.id}`)
      .waitFor({ state: 'visible', timeout: 15_000 });
    await tagChip().waitFor({ state: 'detached', timeout: 15_000 });
    await watcher
      .getByTestId('ticket-tags')
      .getByText(t('tickets.tags.none'))
      .waitFor({ state: 'visible', timeout: 15_000 });
    expect(pageErrors).toEqual([]);
  });
});
