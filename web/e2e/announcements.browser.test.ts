import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, superUser } from './support/app.ts';

/**
 * Announcements (issue 15): a super user publishes one on /announcements and a company's agent,
 * in another browser context, sees it in the top bar's popover without reloading; withdrawing it
 * takes it away the same way. Anyone else opening /announcements is told so and sent to /.
 */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('announcements', () => {
  let app: App;
  let files: string;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Avisos', 'dono', stamp);
  const agent = { name: 'Ana Avisos', email: `ana-${stamp}@example.com`, password: 'senha123' };

  beforeAll(async () => {
    // The first start creates the super user from these (functions/src/tasks/bootstrap.ts).
    app = await startApp('announcements');
    files = mkdtempSync(join(tmpdir(), 'atende-announcement-files-'));
    await app.signUpCompany(company);
    const admin = app.as(await app.signIn(company.email, company.password));
    const created = await admin('POST', '/users', {
      ...agent,
      profile: 'user',
      allTicket: 'enabled',
      queueIds: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  });

  afterAll(async () => {
    await app?.stop();
    if (files) rmSync(files, { recursive: true, force: true });
  });

  const popoverItem = (page: Page, title: string) =>
    page.getByTestId('announcements-list-popover').locator('li', { hasText: title });

  it("reaches a company's agent in the popover, image and priority colour included, without a reload", async () => {
    const { page: agentPage } = await app.signedInPage(agent.email, agent.password, pageErrors);
    const { page: rootPage } = await app.signedInPage(superUser.email, superUser.password, pageErrors);

    // The agent's page stays the same document throughout: a reload would drop this mark.
    await agentPage.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await agentPage.getByTestId('announcements-button').click();
    await agentPage.getByText(t('announcements.popover.empty')).waitFor({ state: 'visible' });

    // The super user publishes one with priority Alta and an image.
    await rootPage.goto(app.url('/announcements'));
    await rootPage.getByRole('button', { name: t('announcements.add') }).click();
    const dialog = rootPage.getByRole('dialog');
    const title = `Mantenimiento ${stamp}`;
    await dialog.getByLabel(t('announcements.modal.title')).fill(title);
    await dialog
      .getByLabel(t('announcements.modal.text'))
      .fill('El sábado a las 22 h el sistema se detiene 10 minutos.');
    await dialog.getByLabel(t('announcements.modal.priority')).selectOption('1');
    const image = join(files, 'aviso.png');
    writeFileSync(image, onePixelPng);
    await dialog.getByTestId('announcement-file').setInputFiles(image);
    await dialog.getByText('aviso.png').waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await rootPage
      .locator('[data-toast="success"]', { hasText: t('announcements.modal.saved') })
      .waitFor({ state: 'visible' });
    await rootPage.getByTestId('announcements-list').getByText(title).waitFor({ state: 'visible' });

    // The agent's open popover shows it: newest first, red for Alta, with its image loaded.
    const item = popoverItem(agentPage, title);
    await item.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => item.getAttribute('data-priority')).toBe('1');
    await expect
      .poll(() =>
        item.locator('.announcement-priority').evaluate((node) => getComputedStyle(node).backgroundColor),
      )
      .not.toBe('rgba(0, 0, 0, 0)');
    await expect.poll(() => item.getAttribute('class')).toContain('announcement-tone--red');
    await expect
      .poll(() => item.locator('img').evaluate((node) => (node as HTMLImageElement).naturalWidth))
      .toBe(1);
    await expect.poll(() => agentPage.getByTestId('announcements-badge').innerText()).toBe('1');

    // Withdrawn (made inactive): it leaves the agent's popover, still without a reload.
    await rootPage.getByRole('button', { name: t('announcements.editRecord', { title }) }).click();
    const editDialog = rootPage.getByRole('dialog');
    await editDialog.getByLabel(t('announcements.modal.status')).selectOption('false');
    await editDialog.getByRole('button', { name: t('common.save') }).click();
    await item.waitFor({ state: 'detached', timeout: 15_000 });
    await agentPage.getByText(t('announcements.popover.empty')).waitFor({ state: 'visible' });
    expect(await agentPage.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
      true,
    );
    expect(pageErrors).toEqual([]);
  });

  it('tells anyone but a super user that the page is not theirs and sends them to / after a second', async () => {
    const { page } = await app.signedInPage(company.email, company.password, pageErrors);
    // Every error toast the page ever shows, counted as it appears (a toast lives 3 s).
    await page.addInitScript(() => {
      const seen = new WeakSet<Element>();
      const shown: string[] = [];
      (window as unknown as { errorToasts: string[] }).errorToasts = shown;
      new MutationObserver(() => {
        for (const toast of Array.from(document.querySelectorAll('[data-toast="error"]'))) {
          if (seen.has(toast)) continue;
          seen.add(toast);
          shown.push(toast.textContent ?? '');
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const errorToasts = () => page.evaluate(() => (window as unknown as { errorToasts: string[] }).errorToasts);
    // The live socket opens only once the message is on screen, and each read of the signed-in
    // user answers a new copy of it: its opening reads the user again (decision 0121), as when
    // the socket comes up late on a busy machine, and that copy must not say the message twice.
    let reads = 0;
    await page.route(/\/api\/auth\/me$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      reads += 1;
      await route.fulfill({ response, json: { ...body, updatedAt: new Date(Date.now() + reads).toISOString() } });
    });
    let messageShown: () => void = () => undefined;
    const shown = new Promise<void>((resolve) => (messageShown = resolve));
    await page.routeWebSocket(/\/ws(\?|$)/, async (socket) => {
      await shown;
      socket.connectToServer();
    });
    await page.goto(app.url('/announcements'));
    const denied = page.locator('[data-toast="error"]', { hasText: t('announcements.denied') });
    await expect.poll(errorToasts).toEqual([expect.stringContaining(t('announcements.denied'))]);
    messageShown();
    await expect.poll(() => reads, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await page.waitForURL((address) => address.pathname === '/', { timeout: 10_000 });
    await expect.poll(() => page.getByTestId('announcements-list').count()).toBe(0);
    await denied.first().waitFor({ state: 'detached' });
    expect(await errorToasts()).toEqual([expect.stringContaining(t('announcements.denied'))]);
    // The refused page left no history entry: Back does not open it (and redirect) again.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/announcements');
  });
});
