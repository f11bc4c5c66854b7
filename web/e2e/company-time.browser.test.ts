import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { instantOfWall, wallInputOf, formatWallDateTime } from '@atende/shared/wall-clock';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { journeySteps } from './support/journey.ts';
import { connectSandbox } from './support/sandbox.ts';

/**
 * Issue #25, "Time": the admin of a company works from a browser in UTC. They choose the
 * company's zone on the settings screen (a searchable list), the opening hours say which zone
 * they are in, and a campaign typed for a time on the company's clock is stored at that time,
 * shown at it and waits for it; a time already past is refused with a clear message.
 */
describe('the company’s time zone', () => {
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Hora empresa', 'hora-empresa', stamp);
  // Bogotá: five hours behind the browser's UTC all year (no summer time), and not the default.
  const zone = 'America/Bogota';

  beforeAll(async () => {
    app = await startApp('company-time-browser');
    ({ page, api } = await app.signedInAdmin(company, pageErrors, { timezoneId: 'UTC' }));
    await connectSandbox(api, { name: 'Difusión' });
    expect((await api('POST', '/contact-lists', { name: 'Clientes hora' })).status).toBe(201);
    // The campaign screens exist only with the browser's cshow flag (extended §2.1).
    await page.evaluate(() => localStorage.setItem('cshow', 'true'));
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('the browser really is in UTC', async () => {
    await expect
      .poll(() => page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone))
      .toBe('UTC');
  });

  it('the admin finds and chooses the zone on the settings screen', async () => {
    await page.goto(app.url('/settings'));
    const picker = page.getByRole('combobox', { name: t('companyTime.setting') });
    await picker.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => picker.inputValue()).toBe('America/Sao_Paulo');
    await picker.fill('bogota');
    await page.getByRole('option', { name: new RegExp(`^${zone}`) }).click();
    await page
      .locator('[data-toast="success"]', { hasText: t('companyTime.saved', { timeZone: zone }) })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await expect
      .poll(async () => (await api<{ key: string; value: string }[]>('GET', '/settings')).body)
      .toContainEqual(expect.objectContaining({ key: 'timezone', value: zone }));
    await expect.poll(() => picker.inputValue()).toBe(zone);

    // On a phone: the picker is there and the screen does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await picker.waitFor({ state: 'visible' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 820 });
  });

  it('the opening hours say they are on the company’s clock', async () => {
    expect((await api('PUT', '/settings/scheduleType', { value: 'company' })).status).toBe(200);
    await page.goto(app.url('/settings'));
    await page.getByRole('tab', { name: t('settings.tabs.schedules') }).click();
    await expect
      .poll(() => page.getByTestId('hours-time-zone').innerText(), { timeout: 30_000 })
      .toBe(t('companyTime.hoursNote', { timeZone: zone }));
  });

  /** Opens a new campaign's dialog and fills it, `wall` on the company's clock. */
  async function newCampaign(name: string, wall: string) {
    await page.goto(app.url('/campaigns'));
    await page.getByRole('button', { name: t('campaigns.add') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('campaigns.columns.name')).fill(name);
    await dialog.getByLabel(t('campaigns.columns.contactList')).selectOption({ label: 'Clientes hora' });
    await dialog.getByLabel(t('campaigns.columns.whatsapp')).selectOption({ label: 'Difusión' });
    await dialog.getByLabel(t('campaigns.columns.scheduledAt')).fill(wall);
    await dialog.locator('textarea[name="message1"]').fill('Hola {nome}');
    await dialog.getByText(t('companyTime.zoneNote', { timeZone: zone })).waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: t('common.save') }).click();
    return dialog;
  }

  it('a campaign typed for 3 hours ahead on the company’s clock is stored, shown and kept for then', async () => {
    const wall = wallInputOf(Date.now() + 3 * 3_600_000, zone);
    const expected = instantOfWall(wall, zone)!;
    await newCampaign('Promo de la tarde', wall);

    const row = page.locator('tr[data-campaign="Promo de la tarde"]');
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await expect
      .poll(() => row.innerText(), { timeout: 30_000 })
      .toContain(formatWallDateTime(expected, zone));
    await expect
      .poll(async () => {
        const listed = await api<{ records: { name: string; status: string; scheduledAt: string | null }[] }>(
          'GET',
          '/campaigns',
        );
        return listed.body.records.find((record) => record.name === 'Promo de la tarde');
      })
      .toMatchObject({ status: 'PROGRAMADA', scheduledAt: expected });
    await expect.poll(() => row.getByTestId('campaign-status').innerText()).toBe('Programada');
    expect(Date.parse(expected) - Date.now()).toBeGreaterThan(2.5 * 3_600_000);
  });

  it('a time already past on the company’s clock is refused with a clear message', async () => {
    const wall = wallInputOf(Date.now() - 3_600_000, zone);
    const dialog = await newCampaign('Promo atrasada', wall);
    await page
      .locator('[data-toast="error"]', { hasText: t('errors.ERR_TIME_IN_PAST') })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await dialog.getByLabel(t('campaigns.columns.name')).waitFor({ state: 'visible' });
    await expect
      .poll(async () =>
        (await api<{ records: { name: string }[] }>('GET', '/campaigns')).body.records.map((r) => r.name),
      )
      .not.toContain('Promo atrasada');
    expect(pageErrors).toEqual([]);
  });
});
