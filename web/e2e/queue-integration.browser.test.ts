import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TypebotFake } from '../../functions/test/fakes/typebot-fake.ts';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, until, type App } from './support/app.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';

/**
 * Queue integrations (extended §2.12): an admin creates a typebot integration in the screen,
 * pointed at the local Typebot fake, attaches it to a queue in the queue dialog, and a sandbox
 * customer walks the flow to its hand-off, which lands the ticket in the pending list.
 */
const greeting = '¿Qué necesita?';
const choices = '1 - Precios\n2 - Hablar con una persona';

describe('queue integrations', () => {
  let app: App;
  let typebot: TypebotFake;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Integraciones', 'ines', stamp);

  beforeAll(async () => {
    typebot = new TypebotFake();
    await typebot.start();
    app = await startApp('queue-integration');
  });

  afterAll(async () => {
    await app?.stop();
    await typebot?.stop();
  });

  it('creates a typebot integration, attaches it to a queue, and a customer walks the flow to a hand-off in the pending list', async () => {
    const { page, api } = await app.signedInAdmin(company, pageErrors);
    const queue = await api<{ id: number }>('POST', '/queue', { name: 'Ventas', color: '#4caf50' });
    expect(queue.status).toBe(201);
    const whatsappId = await connectSandbox(api, { name: 'Sandbox', queueIds: [queue.body.id] });

    // The screen: empty, then the dialog (typebot is the default type).
    await page.goto(app.url('/queue-integration'));
    const table = page.getByTestId('queue-integrations-list');
    await table.getByText(t('queueIntegrations.empty')).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: t('queueIntegrations.add') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('queueIntegrations.modal.name'), { exact: true }).fill('F');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.getByText('muy corto', { exact: false }).waitFor({ state: 'visible' });
    await dialog.getByLabel(t('queueIntegrations.modal.name'), { exact: true }).fill('Flujo de ventas');
    await dialog.getByLabel(t('queueIntegrations.modal.url')).fill(typebot.url);
    await dialog.getByLabel(t('queueIntegrations.modal.typebotSlug')).fill('ventas');
    await dialog.getByLabel(t('queueIntegrations.modal.typebotDelayMessage')).fill('0');
    await dialog
      .getByLabel(t('queueIntegrations.modal.typebotUnknownMessage'))
      .fill('No entendí, elija una opción');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await page
      .locator('[data-toast="success"]', { hasText: t('queueIntegrations.added') })
      .waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'detached' });
    const row = table.locator('tr[data-name="Flujo de ventas"]');
    await row.waitFor({ state: 'visible' });
    await expect.poll(() => row.innerText()).toContain(t('queueIntegrations.type.typebot'));
    await expect
      .poll(() => page.getByTestId('queue-integrations-count').innerText())
      .toBe(t('queueIntegrations.countOne'));
    const stored = (
      await api<{ queueIntegrations: { id: number; projectName: string; typebotExpires: number }[] }>(
        'GET',
        '/queueIntegration',
      )
    ).body.queueIntegrations[0]!;
    expect(stored).toMatchObject({ projectName: 'Flujo de ventas', typebotExpires: 1 });

    // The queue dialog selects it.
    await page.goto(app.url('/queues'));
    await page.getByRole('button', { name: t('queues.editQueue', { name: 'Ventas' }) }).click();
    const queueDialog = page.getByRole('dialog');
    await queueDialog
      .getByLabel(t('queueIntegrations.select.label'))
      .selectOption({ label: `Flujo de ventas (${t('queueIntegrations.type.typebot')})` });
    await queueDialog.getByRole('button', { name: t('common.save') }).click();
    await page
      .locator('[data-toast="success"]', { hasText: t('queues.saved') })
      .waitFor({ state: 'visible' });
    await expect
      .poll(
        async () =>
          (await api<{ integrationId: number | null }>('GET', `/queue/${queue.body.id}`)).body.integrationId,
      )
      .toBe(stored.id);

    // A customer walks the flow: greeting with numbered buttons, then "2" asks for a person.
    const customer = '5511970044001';
    const say = (id: string, body: string) =>
      customerWrites(api, whatsappId, { from: customer, name: 'Cliente Flujo', id, body });
    const sent = async () => (await outboxOf(api, whatsappId, customer)).map((item) => item.body);
    await say('e2e-0', 'hola');
    // Whether the ticket's first message already reaches the bot is the hook's rule: one more starts it.
    await until(
      async () => {
        const list = await api<{
          tickets: { queueId: number | null; contact?: { number?: string } | null }[];
        }>('GET', '/tickets?status=pending&showAll=true');
        return list.body.tickets.some(
          (ticket) => ticket.contact?.number === customer && ticket.queueId === queue.body.id,
        );
      },
      30_000,
      'the ticket in the queue',
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    if (!(await sent()).includes(choices)) await say('e2e-1', 'hola');
    await until(async () => (await sent()).includes(choices), 30_000, 'the flow greeting');
    expect(await sent()).toContain(greeting);
    await say('e2e-2', '2');
    await until(async () => (await sent()).includes('Te paso con un agente'), 30_000, 'the hand-off message');

    // The hand-off: the ticket waits in the pending list for a person, the bot stopped.
    await until(
      async () => {
        const list = await api<{
          tickets: { useIntegration?: boolean; contact?: { number?: string } | null }[];
        }>('GET', '/tickets?status=pending&showAll=true');
        return list.body.tickets.some(
          (ticket) => ticket.contact?.number === customer && ticket.useIntegration === false,
        );
      },
      30_000,
      'the ticket handed over',
    );
    await page.goto(app.url('/tickets'));
    await page.getByTestId('tab-pending').click();
    const item = page.locator('.ticket-item[data-contact-name="Cliente Flujo"]');
    await item.waitFor({ state: 'visible', timeout: 15_000 });

    // The hand-off's note is the bot's: its author reads "Bot" in the chat's drawer.
    const listed = await api<{ tickets: { uuid: string; contact?: { number?: string } | null }[] }>(
      'GET',
      '/tickets?status=pending&showAll=true',
    );
    const handed = listed.body.tickets.find((ticket) => ticket.contact?.number === customer)!;
    await page.goto(app.url(`/tickets/${handed.uuid}`));
    await page.getByRole('button', { name: t('tickets.drawer.toggle'), exact: true }).click();
    const note = page.getByTestId('ticket-notes').locator('.ticket-note', { hasText: 'Typebot:' });
    await note.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => note.locator('.ticket-note__meta').innerText()).toMatch(new RegExp(`^${t('tickets.notes.bot')} · `));
    expect(pageErrors).toEqual([]);
    // A flow walked through a fake typebot and the inbox: near half the default on a quiet machine.
  }, 180_000);

  it('shows a stored Dialogflow key file masked in the dialog and keeps it on save', async () => {
    const { page, api } = await app.signedInAdmin(companyFor('Dialogflow', 'diana', stamp), pageErrors);
    const keyFile = JSON.stringify({
      type: 'service_account',
      project_id: 'agente-ventas',
      client_email: 'bot@agente-ventas.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\nPRIVATEKEYLINE\n-----END PRIVATE KEY-----\n',
    });
    const created = await api<{ id: number; jsonContent: string }>('POST', '/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'agente-ventas',
      jsonContent: keyFile,
      language: 'es',
    });
    expect(created.status).toBe(201);

    await page.goto(app.url('/queue-integration'));
    await page.getByRole('button', { name: t('queueIntegrations.editRecord', { name: 'Agente' }) }).click();
    const dialog = page.getByRole('dialog');
    const box = dialog.getByLabel(t('queueIntegrations.modal.jsonContent'));
    await expect.poll(() => box.inputValue()).toContain('bot@agente-ventas.iam.gserviceaccount.com');
    await expect.poll(() => box.inputValue()).toContain('"private_key": "••••"');
    await expect.poll(() => page.content()).not.toContain('PRIVATEKEYLINE');
    await dialog.getByLabel(t('queueIntegrations.modal.name'), { exact: true }).fill('Agente de ventas');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await api<{ name: string; jsonContent: string }>(
      'GET',
      `/queueIntegration/${created.body.id}`,
    );
    expect(after.body).toEqual(
      expect.objectContaining({ name: 'Agente de ventas', jsonContent: created.body.jsonContent }),
    );
    expect(pageErrors).toEqual([]);
  });
});
