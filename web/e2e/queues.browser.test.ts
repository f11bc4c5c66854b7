import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t, type MessageKey } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { journeySteps } from './support/journey.ts';

type Queue = {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  schedules: { weekdayEn: string; startTime: string; endTime: string }[];
};
type Option = { id: number; title: string; message: string; option: string; children?: Option[] };
type Ticket = {
  id: number;
  queueId: number | null;
  queue: { name: string; color: string } | null;
  contact: { name: string } | null;
};

/**
 * Queues and the chatbot menu end to end (extended §2.13, core §2 Tickets page): an admin builds
 * a queue in the dialog (Datos: name, a palette colour, greeting, a nested option tree; Horarios),
 * a second queue arrives live, a sandbox connection gets both queues and a greeting, and a
 * customer walks the menu: the greeting with the queue list, "1", the queue's options; the
 * ticket then shows under that queue, with its name and colour, in the tickets list.
 */
describe('queues and the chatbot menu', () => {
  // Its tests are the steps of one journey: after a failed step the rest are skipped, not failed.
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Colas', 'colas', stamp);
  const customer = { from: '5511990000077', name: 'Marta' };
  const ventas = { name: 'Ventas', color: '#2196f3', greeting: 'Bienvenido a Ventas, elija:' };
  let ventasId = 0;
  let soporteId = 0;
  let whatsappId = 0;

  const outbox = async () => JSON.stringify(await outboxOf(api, whatsappId, customer.from));
  const dialog = () => page.getByRole('dialog');
  const field = (name: string) => dialog().getByRole('textbox', { name, exact: true });

  beforeAll(async () => {
    app = await startApp('queues-browser');
    const options = { viewport: { width: 1366, height: 900 } };
    ({ page, api } = await app.signedInAdmin(company, pageErrors, options, (a, b) => b.queues - a.queues));
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('builds a queue in the dialog: palette colour, greeting, option tree and hours', async () => {
    await page.goto(app.url('/queues'));
    await page.getByText(t('queues.empty')).waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByRole('button', { name: t('queues.add') }).click();
    await dialog().waitFor({ state: 'visible' });

    // Saving an empty form shows the spec's texts and keeps the dialog open.
    await dialog()
      .getByRole('button', { name: t('common.save') })
      .click();
    await dialog().getByText('Requerido').first().waitFor({ state: 'visible' });
    await field(t('queues.modal.name')).fill('V');
    await dialog()
      .getByRole('button', { name: t('common.save') })
      .click();
    await dialog().getByText('muy corto').waitFor({ state: 'visible' });

    await field(t('queues.modal.name')).fill(ventas.name);
    await expect.poll(() => dialog().getByRole('radio').count()).toBe(50);
    await dialog()
      .getByRole('radio', { name: t('queues.modal.colorPick', { color: ventas.color }) })
      .click();
    await expect
      .poll(() =>
        dialog()
          .getByRole('radio', { name: t('queues.modal.colorPick', { color: ventas.color }) })
          .getAttribute('aria-checked'),
      )
      .toBe('true');
    await field(t('queues.modal.greeting')).fill(ventas.greeting);

    // Two options, the first with a child.
    await dialog()
      .getByRole('button', { name: t('queues.options.add'), exact: true })
      .click();
    await field(`${t('queues.options.label', { number: '1' })} · ${t('queues.options.optionTitle')}`).fill(
      'Precios',
    );
    await field(`${t('queues.options.label', { number: '1' })} · ${t('queues.options.message')}`).fill(
      'Nuestros precios:',
    );
    await dialog()
      .getByRole('button', { name: t('queues.options.add'), exact: true })
      .click();
    await field(`${t('queues.options.label', { number: '2' })} · ${t('queues.options.optionTitle')}`).fill(
      'Envíos',
    );
    await field(`${t('queues.options.label', { number: '2' })} · ${t('queues.options.message')}`).fill(
      'Enviamos a todo el país.',
    );
    await dialog()
      .getByRole('button', {
        name: `${t('queues.options.label', { number: '1' })} · ${t('queues.options.addChild')}`,
      })
      .click();
    await field(`${t('queues.options.label', { number: '1.1' })} · ${t('queues.options.optionTitle')}`).fill(
      'Mayorista',
    );
    await field(`${t('queues.options.label', { number: '1.1' })} · ${t('queues.options.message')}`).fill(
      'Precio por mayor.',
    );

    await dialog().screenshot({ path: join(tmpdir(), 'queues-dialog-data.png') });

    // Horarios: the defaults, and one change.
    await dialog()
      .getByRole('tab', { name: t('queues.modal.tabHours') })
      .click();
    const hours = (day: string, which: 'start' | 'end') =>
      dialog().getByLabel(
        `${t(`weekdays.${day}` as MessageKey)} · ${t(which === 'start' ? 'queues.hours.start' : 'queues.hours.end')}`,
      );
    await expect.poll(() => hours('monday', 'start').inputValue()).toBe('08:00');
    await expect.poll(() => hours('friday', 'end').inputValue()).toBe('18:00');
    await expect.poll(() => hours('saturday', 'end').inputValue()).toBe('12:00');
    await expect.poll(() => hours('sunday', 'start').inputValue()).toBe('00:00');
    await expect.poll(() => hours('sunday', 'end').inputValue()).toBe('00:00');
    await hours('saturday', 'end').fill('13:30');
    await dialog().screenshot({ path: join(tmpdir(), 'queues-dialog-hours.png') });

    await dialog()
      .getByRole('button', { name: t('common.save') })
      .click();
    await page.getByText(t('queues.saved')).waitFor({ state: 'visible', timeout: 15_000 });
    await dialog().waitFor({ state: 'detached', timeout: 15_000 });
    const row = page.locator(`tr[data-queue-name="${ventas.name}"]`);
    await row.waitFor({ state: 'visible' });
    await expect.poll(() => row.innerText()).toContain(ventas.greeting);
    await page.screenshot({ path: join(tmpdir(), 'queues-list.png') });

    const queues = await api<Queue[]>('GET', '/queue');
    const saved = queues.body.find((queue) => queue.name === ventas.name)!;
    expect(saved).toMatchObject({ color: ventas.color, greetingMessage: ventas.greeting });
    expect(saved.schedules.find((h) => h.weekdayEn === 'saturday')).toMatchObject({
      startTime: '08:00',
      endTime: '13:30',
    });
    ventasId = saved.id;
    const tree = await api<Option[]>('GET', `/queue-options?queueId=${ventasId}&parentId=-1`);
    expect(tree.body.map((o) => [o.option, o.title])).toEqual([
      ['1', 'Precios'],
      ['2', 'Envíos'],
    ]);
    expect(tree.body[0]!.children!.map((o) => [o.option, o.title])).toEqual([['1', 'Mayorista']]);
  });

  it('shows a queue created elsewhere live, and reopens the dialog with its options', async () => {
    const created = await api<Queue>('POST', '/queue', { name: 'Soporte', color: '#4caf50' });
    expect(created.status).toBe(201);
    soporteId = created.body.id;
    // No reload: the live `queue` event adds it.
    await page.locator('tr[data-queue-name="Soporte"]').waitFor({ state: 'visible', timeout: 20_000 });

    await page.getByRole('button', { name: t('queues.editQueue', { name: ventas.name }) }).click();
    await dialog().waitFor({ state: 'visible' });
    await expect
      .poll(() =>
        field(
          `${t('queues.options.label', { number: '1.1' })} · ${t('queues.options.optionTitle')}`,
        ).inputValue(),
      )
      .toBe('Mayorista');
    // Soporte's colour is taken: its swatch cannot be chosen here.
    await expect
      .poll(() =>
        dialog()
          .getByRole('radio', { name: t('queues.modal.colorUsed', { color: '#4caf50' }) })
          .isDisabled(),
      )
      .toBe(true);
    await dialog()
      .getByRole('button', { name: t('common.cancel') })
      .click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('gives a sandbox connection both queues and a greeting', async () => {
    const refused = await api<{ error: string }>('POST', '/whatsapp', {
      name: `Bot ${stamp}`,
      provider: 'sandbox',
      isDefault: true,
      queueIds: [ventasId, soporteId],
    });
    expect(refused.body).toEqual({ error: 'ERR_WAPP_GREETING_REQUIRED' });
    whatsappId = await connectSandbox(api, {
      name: `Bot ${stamp}`,
      queueIds: [ventasId, soporteId],
      greetingMessage: 'Hola, ¿con qué sector desea hablar?',
    });
  });

  it('walks the customer through the menu to the queue (chatbot)', async () => {
    await customerWrites(api, whatsappId, { ...customer, body: 'hola', id: `Q1-${stamp}` });
    // The greeting with the queues in menu order.
    await expect.poll(outbox, { timeout: 30_000, interval: 1_000 }).toContain('*1* - Ventas');
    expect(await outbox()).toContain('Hola, ¿con qué sector desea hablar?');
    expect(await outbox()).toContain('*2* - Soporte');

    await customerWrites(api, whatsappId, { ...customer, body: '1', id: `Q2-${stamp}` });
    // Ventas has options: its greeting and its option menu follow.
    await expect.poll(outbox, { timeout: 30_000, interval: 1_000 }).toContain('*1* - Precios');
    expect(await outbox()).toContain(ventas.greeting);
    expect(await outbox()).toContain('*2* - Envíos');
    await expect
      .poll(
        async () => {
          const list = await api<{ tickets: Ticket[] }>('GET', '/tickets?status=pending&showAll=true');
          return list.body.tickets.find((ticket) => ticket.contact?.name === customer.name)?.queueId;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(ventasId);
  });

  it('shows the ticket under its queue, with the queue name and colour', async () => {
    await page.goto(app.url('/tickets'));
    await page.getByTestId('tab-pending').click();
    const item = page.locator(`.ticket-item[data-contact-name="${customer.name}"]`);
    await item.waitFor({ state: 'visible', timeout: 20_000 });
    await expect
      .poll(() => item.locator('.ticket-badge--queue').innerText(), { timeout: 15_000 })
      .toBe(ventas.name);
    const strip = await item
      .locator('.ticket-item__strip')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(strip).toBe('rgb(33, 150, 243)');
    await expect.poll(() => item.locator('.ticket-item__strip').getAttribute('title')).toBe(ventas.name);
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
