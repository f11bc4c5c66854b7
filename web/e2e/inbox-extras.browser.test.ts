import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { collectPageErrors, fakeMediaArgs } from './support/browser.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { journeySteps } from './support/journey.ts';

/**
 * The inbox extras against the local runtime: the local task list survives a reload; the top
 * bar's notifications count a customer's message while the agent is on another page (and chime,
 * unless the volume is 0); from the chat input a file and a voice note recorded from Chromium's
 * fake microphone reach the customer through the sandbox; the conversation start and end notes;
 * and the two tabs of the tickets page on a narrow screen.
 */
describe('inbox extras', () => {
  // Its tests are the steps of one journey: after a failed step the rest are skipped, not failed.
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  let whatsappId = 0;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Extras', 'extras', stamp);
  const ana = { from: '5511990000011', name: 'Ana', body: 'hola, ¿está mi pedido?', id: `A1-${stamp}` };
  const beto = { from: '5511990000012', name: 'Beto', body: 'buenas', id: `B1-${stamp}` };

  type OutboxItem = { body?: string; mediaType?: string | null };
  const outbox = (to: string) => outboxOf<OutboxItem>(api, whatsappId, to);
  const chimes = () => page.evaluate(() => (window as unknown as { chimeNotes: number }).chimeNotes);
  const badge = () => page.getByTestId('notifications-badge');

  beforeAll(async () => {
    app = await startApp('inbox-extras');
    await app.signUpCompany(company);

    const browser = await app.launchBrowser(fakeMediaArgs);
    const context = await browser.newContext({
      locale: 'es-ES',
      colorScheme: 'light',
      viewport: { width: 1366, height: 820 },
    });
    // Counts the notes the notification chime plays (Web Audio oscillators of a real AudioContext).
    await context.addInitScript(() => {
      const counter = window as unknown as { chimeNotes: number };
      counter.chimeNotes = 0;
      const original = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
        counter.chimeNotes += 1;
        return original.call(this);
      };
    });
    page = collectPageErrors(await context.newPage(), pageErrors);
    await app.signInThroughForm(page, company.email, company.password);
    api = app.as(page);
    whatsappId = await connectSandbox(api, { name: `Ventas ${stamp}` });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('keeps the local task list through a reload: add, edit, delete', async () => {
    await page.goto(app.url('/todolist'));
    await page.getByText(t('todo.empty')).waitFor({ state: 'visible', timeout: 15_000 });
    const field = page.getByLabel(t('todo.newTask'));
    await field.fill('Comprar café');
    await page.getByRole('button', { name: t('todo.add') }).click();
    await field.fill('Llamar a Juan');
    await field.press('Enter');
    const items = page.getByTestId('todo-item');
    await expect.poll(() => items.count()).toBe(2);

    await page.getByRole('button', { name: t('todo.edit', { text: 'Comprar café' }) }).click();
    const editField = page.getByLabel(t('todo.editTask'));
    await expect.poll(() => editField.inputValue()).toBe('Comprar café');
    await editField.fill('Comprar café y azúcar');
    await page.getByRole('button', { name: t('todo.save') }).click();
    await page.getByRole('button', { name: t('todo.delete', { text: 'Llamar a Juan' }) }).click();
    await expect.poll(() => items.count()).toBe(1);

    await page.reload();
    await items.first().waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => items.count()).toBe(1);
    const text = () => items.first().innerText();
    await expect.poll(text).toContain('Comprar café y azúcar');
    // Created and edited, DD/MM/YYYY HH:mm.
    await expect.poll(text).toMatch(/Creada el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect.poll(text).toMatch(/Editada el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('tasks') ?? '[]') as { text: string }[],
    );
    expect(stored.map((task) => task.text)).toEqual(['Comprar café y azúcar']);
    await page.screenshot({ path: join(tmpdir(), 'inbox-extras-todolist.png') });
  });

  it('counts a customer’s new message in the top bar while on another page, with a chime', async () => {
    await expect.poll(() => badge().count()).toBe(0);
    await expect.poll(chimes).toBe(0);
    await customerWrites(api, whatsappId, ana);
    await badge().waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => badge().innerText()).toBe('1');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/todolist');
    await expect.poll(chimes, { timeout: 5_000 }).toBeGreaterThan(0);
  });

  it('stays silent at volume 0 but still counts', async () => {
    // The volume the top bar's slider keeps (0..1); a reload reads it.
    await page.evaluate(() => localStorage.setItem('volume', '0'));
    await page.reload();
    await expect.poll(() => badge().innerText(), { timeout: 15_000 }).toBe('1');
    const before = await chimes();
    await customerWrites(api, whatsappId, beto);
    await expect.poll(() => badge().innerText(), { timeout: 30_000 }).toBe('2');
    await page.waitForTimeout(500);
    expect(await chimes()).toBe(before);
    await page.evaluate(() => localStorage.setItem('volume', '1'));
  });

  it('opens the ticket from the notifications list', async () => {
    await page.getByTestId('notifications-button').click();
    const list = page.getByTestId('notifications-list');
    await list.waitFor({ state: 'visible' });
    await expect.poll(() => list.innerText()).toContain(ana.name);
    await expect.poll(() => list.innerText()).toContain(beto.name);
    await page.screenshot({ path: join(tmpdir(), 'inbox-extras-notifications.png') });
    await list.getByRole('button', { name: new RegExp(ana.name) }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/tickets/'), { timeout: 15_000 });
    // Pending: accept it to answer.
    await page.getByRole('button', { name: t('tickets.actions.accept') }).click();
    await page.locator('.ticket-chat[data-status="open"]').waitFor({ state: 'visible', timeout: 15_000 });
    // Ana's ticket is read now; Beto's is still waiting.
    await expect.poll(() => badge().innerText(), { timeout: 15_000 }).toBe('1');
  });

  it('marks where the conversation starts', async () => {
    const messages = page.getByTestId('messages-list');
    await messages.getByText(ana.body, { exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
    const start = messages.getByTestId('conversation-start');
    await start.waitFor({ state: 'visible' });
    await expect.poll(() => start.innerText()).toMatch(new RegExp(t('tickets.conversation.start'), 'i'));
    await expect.poll(() => messages.getByTestId('conversation-end').count()).toBe(0);
  });

  it('refuses a file over 7 MB before uploading, with a clear message', async () => {
    await page.getByTestId('attach-input').setInputFiles({
      name: 'enorme.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(7 * 1024 * 1024 + 1, 1),
    });
    await page
      .getByText(/El archivo «enorme\.pdf» pesa 7 MB; el máximo es 7 MB\./)
      .waitFor({ state: 'visible', timeout: 5_000 });
    await expect.poll(() => page.getByTestId('attachment-list').count()).toBe(0);
  });

  it('sends a file with a caption from the chat input; it reaches the customer as a document', async () => {
    await page.getByTestId('attach-input').setInputFiles({
      name: 'pedido-42.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% pedido 42\n'),
    });
    const pending = page.getByTestId('attachment-list');
    await pending.waitFor({ state: 'visible' });
    await expect.poll(() => pending.innerText()).toContain('pedido-42.pdf');
    // With a file chosen the button sends (no microphone).
    await expect.poll(() => page.getByRole('button', { name: t('tickets.audio.record') }).count()).toBe(0);
    const input = page.getByLabel(t('tickets.input.label'), { exact: true });
    await input.fill('Aquí está su pedido');
    await page.screenshot({ path: join(tmpdir(), 'inbox-extras-attachment.png') });
    await input.press('Enter');
    await page
      .getByTestId('messages-list')
      .locator('.msg--me', { hasText: 'pedido-42.pdf' })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => pending.count()).toBe(0);
    await expect
      .poll(async () => (await outbox(ana.from)).find((item) => item.mediaType === 'application'), {
        timeout: 30_000,
        interval: 1_000,
      })
      .toBeTruthy();
    const sent = (await outbox(ana.from)).find((item) => item.mediaType === 'application');
    expect(sent?.body).toContain('Aquí está su pedido');
  });

  it('records a voice note from the microphone and sends it as mp3 audio', async () => {
    await page.getByRole('button', { name: t('tickets.audio.record') }).click();
    const recorder = page.getByTestId('audio-recorder');
    await page
      .locator('[data-testid="audio-recorder"][data-phase="recording"]')
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => page.getByTestId('audio-elapsed').innerText(), { timeout: 10_000 }).toBe('0:02');
    await page.screenshot({ path: join(tmpdir(), 'inbox-extras-recording.png') });
    await page.getByRole('button', { name: t('tickets.audio.send') }).click();
    await recorder.waitFor({ state: 'detached', timeout: 30_000 });
    await page
      .getByTestId('messages-list')
      .locator('.msg--me .msg-media--audio')
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect
      .poll(async () => (await outbox(ana.from)).some((item) => item.mediaType === 'audio'), {
        timeout: 30_000,
        interval: 1_000,
      })
      .toBe(true);
    const messages = await api<{ messages: { mediaType?: string; mediaName?: string }[] }>(
      'GET',
      `/messages/${await page.locator('.ticket-chat').getAttribute('data-ticket-id')}`,
    );
    const audio = messages.body.messages.find((message) => message.mediaType === 'audio');
    expect(audio?.mediaName).toMatch(/^audio-\d{8}-\d{6}\.mp3$/);
  });

  it('discards a recording that is cancelled', async () => {
    const before = (await outbox(ana.from)).length;
    await page.getByRole('button', { name: t('tickets.audio.record') }).click();
    await page
      .locator('[data-testid="audio-recorder"][data-phase="recording"]')
      .waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByRole('button', { name: t('tickets.audio.cancel') }).click();
    await page.getByTestId('audio-recorder').waitFor({ state: 'detached' });
    await page.waitForTimeout(1_000);
    expect((await outbox(ana.from)).length).toBe(before);
    await page.getByLabel(t('tickets.input.label'), { exact: true }).waitFor({ state: 'visible' });
  });

  it('shows the two tabs under 600 px and switches between the chat and the list', async () => {
    await page.setViewportSize({ width: 480, height: 800 });
    const tabs = page.locator('.tickets-page__narrow-tabs');
    await tabs.waitFor({ state: 'visible', timeout: 10_000 });
    const ticketTab = tabs.getByRole('tab', { name: t('tickets.narrowTabs.ticket') });
    const listTab = tabs.getByRole('tab', { name: t('tickets.narrowTabs.list') });
    await expect.poll(() => ticketTab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.locator('.ticket-chat').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.tickets-page__list').isVisible()).toBe(false);
    await listTab.click();
    await expect.poll(() => page.locator('.tickets-page__list').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.ticket-chat').isVisible()).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'inbox-extras-narrow.png') });
    await ticketTab.click();
    await page.locator('.ticket-chat').waitFor({ state: 'visible' });
    await page.setViewportSize({ width: 1366, height: 820 });
  });

  it('marks where the conversation ends once the ticket is resolved', async () => {
    const uuidPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: t('tickets.actions.resolve') }).click();
    await page.waitForURL((address) => address.pathname === '/tickets', { timeout: 15_000 });
    await page.goto(app.url(uuidPath));
    await page.locator('.ticket-chat[data-status="closed"]').waitFor({ state: 'visible', timeout: 15_000 });
    const messages = page.getByTestId('messages-list');
    await messages.getByTestId('conversation-end').waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => messages.getByTestId('conversation-start').count()).toBe(1);
    await page.screenshot({ path: join(tmpdir(), 'inbox-extras-closed.png') });
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
