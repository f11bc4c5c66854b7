import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';

/**
 * core §3 User.whatsappId: an agent whose own connection is not the company's default starts a
 * ticket from the new-ticket modal; the modal offers the agent's connection already chosen, and
 * the ticket is on it.
 */
describe('new ticket: the user’s own connection comes preselected', () => {
  let app: App;
  let admin: Caller;
  let agentPage: Page;
  let sales = 0;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Conexiones', 'conexiones', stamp);
  const agent = { name: 'Agente Sol', email: `sol-${stamp}@example.com`, password: 'segredo123' };
  const contactName = 'Clienta Valeria Soto';

  beforeAll(async () => {
    app = await startApp('own-connection-browser');
    await app.signUpCompany(company);
    admin = app.as(await app.signIn(company.email, company.password));
    const connection = async (name: string, isDefault: boolean) => {
      const created = await admin<{ id: number }>('POST', '/whatsapp', {
        name,
        provider: 'sandbox',
        isDefault,
      });
      expect(created.status).toBe(201);
      return created.body.id;
    };
    await connection(`Principal ${stamp}`, true);
    sales = await connection(`Ventas ${stamp}`, false);
    const queue = await admin<{ id: number }>('POST', '/queue', { name: 'Ventas', color: '#2196f3' });
    expect(queue.status).toBe(201);
    const created = await admin('POST', '/users', {
      ...agent,
      profile: 'user',
      allTicket: 'enabled',
      queueIds: [queue.body.id],
      whatsappId: sales,
    });
    expect(created.status).toBe(201);
    expect((await admin('POST', '/contacts', { name: contactName, number: '5511977300001' })).status).toBe(
      201,
    );
    agentPage = (await app.signedInPage(agent.email, agent.password, pageErrors)).page;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('offers the agent’s connection already chosen, and the ticket is started on it', async () => {
    await agentPage.goto(app.url('/tickets'));
    await agentPage.getByRole('button', { name: t('tickets.newTicket'), exact: true }).click();
    const modal = agentPage.getByRole('dialog');
    await modal.getByRole('heading', { name: t('tickets.new.title') }).waitFor({ timeout: 15_000 });
    const connectionField = modal.getByLabel(t('tickets.new.whatsapp'));
    await expect.poll(() => connectionField.inputValue(), { timeout: 15_000 }).toBe(String(sales));

    await modal.getByRole('textbox', { name: t('tickets.new.contact') }).fill('Valeria');
    const option = modal.getByRole('option', { name: new RegExp(contactName) });
    await option.waitFor({ state: 'visible', timeout: 15_000 });
    await option.getByRole('button').click();
    await modal.getByLabel(t('tickets.new.queue')).selectOption({ label: 'Ventas' });
    await modal.getByRole('button', { name: t('tickets.new.submit'), exact: true }).click();
    await agentPage.waitForURL((address) => address.pathname.startsWith('/tickets/'), { timeout: 15_000 });
    await expect
      .poll(async () => {
        const list = await app.as(agentPage)<{
          tickets: { whatsappId: number; contact?: { name?: string } | null }[];
        }>('GET', '/tickets?status=open&showAll=true');
        return list.body.tickets.find((ticket) => ticket.contact?.name === contactName)?.whatsappId;
      })
      .toBe(sales);
    expect(pageErrors).toEqual([]);
  });
});
