import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultTimeZone } from '@atende/shared/constants';
import { t } from '../src/i18n/index.ts';
import { instantOfWall, wallInputOf } from '../src/features/schedules/schedule-time.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketOf } from './support/sandbox.ts';

/**
 * Scheduled messages (extended §2.16, core §2 schedule modal): the admin schedules a message a
 * minute ahead from the chat header; it reaches the customer (the sandbox's outbox) and shows
 * in the chat, and the calendar shows it sent. Instead of waiting the minute idle, the test moves
 * the schedule's own timer to now, as the scheduler would fire it at its time.
 */
describe('a message scheduled from the chat header', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  let whatsappId = 0;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Agenda', 'agenda', stamp);
  const customer = { from: '5511990000077', name: 'Marta Agenda', body: 'Avíseme mañana', id: `S1-${stamp}` };
  const text = `Recordatorio programado ${stamp}`;
  let ticketUuid = '';
  let contactId = 0;

  beforeAll(async () => {
    app = await startApp('schedules-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors));
    whatsappId = await connectSandbox(api, { name: `Agenda ${stamp}` });
    await customerWrites(api, whatsappId, customer);
    const ticket = await pendingTicketOf<{
      uuid: string;
      contactId: number;
      contact?: { name?: string } | null;
    }>(api, customer.name);
    ticketUuid = ticket.uuid;
    contactId = ticket.contactId;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('opens the schedule dialog from the chat header with the contact filled, one hour ahead', async () => {
    await page.goto(app.url(`/tickets/${ticketUuid}`));
    await page.getByRole('button', { name: t('schedules.scheduleMessage') }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByLabel(t('schedules.modal.contact')).inputValue(), { timeout: 15_000 })
      .toBe(customer.name);
    const proposed = await dialog.getByLabel(t('schedules.modal.sendAt')).inputValue();
    const ahead = Date.parse(instantOfWall(proposed, defaultTimeZone) ?? '') - Date.now();
    expect(ahead).toBeGreaterThan(55 * 60_000);
    expect(ahead).toBeLessThanOrEqual(60 * 60_000);
  });

  it('refuses a message shorter than 5 characters, then saves one a minute ahead', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('schedules.modal.body')).fill('hola');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.getByText('Mensaje muy corto').waitFor({ state: 'visible', timeout: 15_000 });
    await dialog.getByLabel(t('schedules.modal.body')).fill(text);
    await dialog
      .getByLabel(t('schedules.modal.sendAt'))
      .fill(wallInputOf(new Date(Date.now() + 60_000), defaultTimeZone));
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(
        async () =>
          (
            await api<{ schedules: { body: string; status: string }[] }>('GET', '/schedules')
          ).body.schedules.map((s) => [s.body, s.status]),
        {
          timeout: 15_000,
        },
      )
      .toEqual([[text, 'PENDENTE']]);
  });

  it('sends it when its time comes: the customer gets it once, and it shows in the chat and the calendar', async () => {
    const [schedule] = (
      await api<{ schedules: { id: number; companyId: number; sendAt: string }[] }>('GET', '/schedules')
    ).body.schedules;
    // The schedule's own timer, made due now (the body is the one the product set: its send time is the version).
    await app.runtime.scheduler.schedule({
      name: `c${schedule!.companyId}-schedule-${schedule!.id}`,
      at: new Date(),
      queueName: 'scheduled-messages',
      body: JSON.stringify({
        type: 'scheduledMessage',
        companyId: schedule!.companyId,
        scheduleId: schedule!.id,
        sendAt: schedule!.sendAt,
      }),
    });
    await expect
      .poll(async () => (await outboxOf(api, whatsappId, customer.from)).map((m) => m.body), {
        timeout: 30_000,
      })
      .toEqual([text]);
    await page
      .getByTestId('messages-list')
      .getByText(text, { exact: true })
      .waitFor({ state: 'visible', timeout: 30_000 });

    await page.goto(app.url('/schedules'));
    const sent = page.locator('.rbc-event.schedule-event--sent');
    await sent.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => sent.innerText()).toContain(customer.name);
    await expect.poll(async () => (await outboxOf(api, whatsappId, customer.from)).length).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('opens the add dialog for the contact named by ?contactId=', async () => {
    await page.goto(app.url(`/schedules?contactId=${contactId}`));
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByLabel(t('schedules.modal.contact')).inputValue(), { timeout: 15_000 })
      .toBe(customer.name);
    expect(pageErrors).toEqual([]);
  });
});
