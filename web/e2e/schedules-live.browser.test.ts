import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultTimeZone } from '@atende/shared/constants';
import { t } from '../src/i18n/index.ts';
import { wallInputOf } from '../src/features/schedules/schedule-time.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';

/**
 * The calendar follows the `schedule` live event (extended §4): the admin schedules a message on
 * their calendar, and an agent's calendar, open in another browser, shows it at once and drops it
 * when it is deleted, without a reload and without reading the list again (the calendar no
 * longer refetches on a timer: every GET /schedules the agent's page makes is counted).
 */
describe('two users on the calendar', () => {
  journeySteps();
  let app: App;
  let adminPage: Page;
  let agentPage: Page;
  let api: Caller;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Agenda viva', 'agendaviva', stamp);
  const agent = { email: `agente-${stamp}@atende.test`, password: 'secret1' };
  const contactName = `Lucía ${stamp}`;
  const text = `Llamar para confirmar ${stamp}`;
  let contactId = 0;
  /** The agent page's GET /schedules calls since it loaded the calendar. */
  let agentListReads = 0;
  /** The live-channel frames the agent's page received. */
  const agentFrames: string[] = [];

  beforeAll(async () => {
    app = await startApp('schedules-live-browser');
    ({ page: adminPage, api } = await app.signedInAdmin(company, pageErrors));
    const created = await api('POST', '/users', {
      name: `Agente ${stamp}`,
      email: agent.email,
      password: agent.password,
      profile: 'user',
      allTicket: 'enabled',
      queueIds: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const contact = await api<{ id: number }>('POST', '/contacts', {
      name: contactName,
      number: '5511990000088',
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    contactId = contact.body.id;
    ({ page: agentPage } = await app.signedInPage(agent.email, agent.password, pageErrors));
    agentPage.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => agentFrames.push(String(frame.payload)));
    });
    agentPage.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/schedules') agentListReads += 1;
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("shows a schedule the admin makes on the agent's open calendar at once", async () => {
    await agentPage.goto(app.url('/schedules'));
    await agentPage.getByTestId('schedules-calendar').waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => agentListReads, { timeout: 15_000 }).toBeGreaterThan(0);
    // The agent's live channel is open and registered: a company-wide event reaches it. A socket
    // that registers after a marker's event never gets that one (live events are not replayed),
    // so a new marker goes every 5 s until one arrives.
    for (let attempt = 1; ; attempt += 1) {
      const marker = `Marca ${stamp} ${attempt}`;
      await api('POST', '/contacts', { name: marker, number: `55119900001${attempt}` });
      const arrived = expect
        .poll(() => agentFrames.some((frame) => frame.includes(marker)), { timeout: 5_000 })
        .toBe(true);
      if (attempt === 4) {
        await arrived;
        break;
      }
      if (await arrived.then(() => true, () => false)) break;
    }
    const readsBefore = agentListReads;

    await adminPage.goto(app.url(`/schedules?contactId=${contactId}`));
    const dialog = adminPage.getByRole('dialog');
    await expect
      .poll(() => dialog.getByLabel(t('schedules.modal.contact')).inputValue(), { timeout: 15_000 })
      .toBe(contactName);
    await dialog.getByLabel(t('schedules.modal.body')).fill(text);
    await dialog
      .getByLabel(t('schedules.modal.sendAt'))
      .fill(wallInputOf(new Date(Date.now() + 5 * 60_000), defaultTimeZone));
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });

    const shown = agentPage.locator('.rbc-event', { hasText: text });
    await shown.waitFor({ state: 'visible', timeout: 20_000 });
    await expect.poll(() => shown.innerText()).toContain(contactName);
    expect(agentListReads).toBe(readsBefore);
  });

  it("drops it from the agent's calendar when the admin deletes it", async () => {
    const readsBefore = agentListReads;
    const listed = await api<{ schedules: { id: number; body: string }[] }>('GET', '/schedules');
    const schedule = listed.body.schedules.find((s) => s.body === text);
    expect(schedule).toBeDefined();
    expect((await api('DELETE', `/schedules/${schedule!.id}`)).status).toBe(204);
    await expect
      .poll(() => agentPage.locator('.rbc-event', { hasText: text }).count(), { timeout: 20_000 })
      .toBe(0);
    expect(agentListReads).toBe(readsBefore);
    expect(pageErrors).toEqual([]);
  });
});
