import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiFake } from '../../functions/test/fakes/openai-fake.ts';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, until, type App } from './support/app.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';

/**
 * AI prompts (extended §2.11): an admin creates a prompt in the screen for a queue, and a
 * sandbox customer's message in that queue is answered by the AI (the local OpenAI fake, which
 * the runtime reaches through OPENAI_BASE_URL); the answer shows in the ticket's chat.
 */
describe('AI prompts', () => {
  let app: App;
  const openai = new OpenAiFake();
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Prompts', 'paula', stamp);
  const apiKey = 'sk-e2e-0123456789abcdefghijKEY';

  beforeAll(async () => {
    openai.acceptedKey = apiKey;
    openai.reply = (lastUser) => `La IA responde: ${lastUser}`;
    process.env.OPENAI_BASE_URL = await openai.start();
    app = await startApp('prompts');
  });

  afterAll(async () => {
    await app?.stop();
    await openai.stop();
    delete process.env.OPENAI_BASE_URL;
  });

  it('creates a prompt for a queue in the screen, and the AI answers the customer in the chat', async () => {
    const { page, api } = await app.signedInAdmin(company, pageErrors);
    const queue = await api<{ id: number }>('POST', '/queue', { name: 'Ventas', color: '#4caf50' });
    expect(queue.status).toBe(201);
    const whatsappId = await connectSandbox(api, { name: 'Sandbox', queueIds: [queue.body.id] });

    await page.goto(app.url('/prompts'));
    const table = page.getByTestId('prompts-list');
    await table.getByText(t('prompts.empty')).waitFor({ state: 'visible' });
    await page.getByTestId('prompts-usage').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: t('prompts.add') }).click();
    const dialog = page.getByRole('dialog');
    // The spec's defaults are in the form.
    await expect.poll(() => dialog.getByLabel(t('prompts.modal.maxTokens')).inputValue()).toBe('100');
    await expect.poll(() => dialog.getByLabel(t('prompts.modal.temperature')).inputValue()).toBe('1');
    await expect.poll(() => dialog.getByLabel(t('prompts.modal.maxMessages')).inputValue()).toBe('10');
    await dialog.getByLabel(t('prompts.modal.name'), { exact: true }).fill('Asistente de ventas');
    await dialog.getByLabel(t('prompts.modal.apiKey'), { exact: true }).fill(apiKey);
    await dialog
      .getByLabel(t('prompts.modal.prompt'), { exact: true })
      .fill('Você é o assistente de vendas da loja. Responda com uma frase curta e educada.');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.getByText('Indique el sector').waitFor({ state: 'visible' });
    await dialog.getByLabel(t('prompts.modal.queue'), { exact: true }).selectOption({ label: 'Ventas' });
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await page
      .locator('[data-toast="success"]', { hasText: t('prompts.saved') })
      .waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'detached' });
    const row = table.locator('tr[data-name="Asistente de ventas"]');
    await row.waitFor({ state: 'visible' });
    await expect.poll(() => row.innerText()).toContain('Ventas');
    await expect.poll(() => row.innerText()).toContain('100');

    // The key comes back masked only, in the dialog too; the queue now runs the prompt.
    const listed = await api<{ prompts: { id: number; apiKey: string }[] }>('GET', '/prompt');
    expect(JSON.stringify(listed.body)).not.toContain(apiKey);
    await expect
      .poll(
        async () => (await api<{ promptId: number | null }>('GET', `/queue/${queue.body.id}`)).body.promptId,
      )
      .toBe(listed.body.prompts[0]!.id);
    await page
      .getByRole('button', { name: t('prompts.editRecord', { name: 'Asistente de ventas' }) })
      .click();
    const editDialog = page.getByRole('dialog');
    await expect
      .poll(() => editDialog.getByLabel(t('prompts.modal.apiKey'), { exact: true }).inputValue())
      .toBe(listed.body.prompts[0]!.apiKey);
    await editDialog.getByRole('button', { name: t('common.cancel') }).click();
    await editDialog.waitFor({ state: 'detached' });

    // The customer: the first message lands in the queue, the next is the AI's to answer.
    const customer = '5511970055001';
    const say = (id: string, body: string) =>
      customerWrites(api, whatsappId, { from: customer, name: 'Cliente IA', id, body });
    await say('e2e-ia-0', 'hola');
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
    await say('e2e-ia-1', '¿cuánto cuesta el envío?');
    const answer = 'La IA responde: ¿cuánto cuesta el envío?';
    await until(
      async () => (await outboxOf(api, whatsappId, customer)).some((item) => item.body === answer),
      30_000,
      'the AI answer',
    );
    expect(openai.chatCalls.at(-1)!.authorization).toBe(`Bearer ${apiKey}`);

    // In the chat: accept the pending ticket and read the AI's answer there.
    await page.goto(app.url('/tickets'));
    await page.getByTestId('tab-pending').click();
    const item = page.locator('.ticket-item[data-contact-name="Cliente IA"]');
    await item.waitFor({ state: 'visible', timeout: 15_000 });
    await item.getByRole('button', { name: t('tickets.actions.accept') }).click();
    const chat = page.locator('.ticket-chat[data-status="open"]');
    await chat.getByTestId('messages-list').getByText(answer, { exact: true }).waitFor({ timeout: 15_000 });
    expect(pageErrors).toEqual([]);
  });
});
