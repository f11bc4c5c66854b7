import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App } from './support/app.ts';

/**
 * The connections page against the local runtime (core §2 Connections, §4 Connection status and
 * buttons): an admin adds a sandbox connection, which starts its session at once; its QR shows in
 * the QR modal; "Simular escaneo" plays the phone reading it; the modal closes by itself as the QR
 * empties and the row reads CONNECTED, all through the live events. The menu badge warns while
 * the connection is not connected.
 */
describe('connections page', () => {
  let app: App;
  let page: Page;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Loja', 'loja', stamp);
  const connectionName = `Ventas ${stamp}`;

  const menu = () => page.getByRole('navigation', { name: t('layout.mainMenu') });
  const row = () => page.locator(`[data-connection-name="${connectionName}"]`);

  beforeAll(async () => {
    app = await startApp('connections-browser');
    // A company of its own, signed up through the API, on the plan with the most connections.
    const signedIn = await app.signedInAdmin(company, pageErrors, { viewport: { width: 1280, height: 800 } });
    expect(signedIn.plan.connections).toBeGreaterThan(0);
    page = signedIn.page;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('opens the connections page from the admin menu, empty', async () => {
    await menu()
      .getByRole('link', { name: t('menu.connections'), exact: true })
      .click();
    await page.waitForURL((address) => address.pathname === '/connections');
    await page.getByRole('heading', { name: t('connections.title') }).waitFor({ state: 'visible' });
    await page.getByText(t('connections.empty')).waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('adds a sandbox connection with the edit modal', async () => {
    await page.getByRole('button', { name: t('connections.add') }).click();
    const dialog = page.getByRole('dialog', { name: t('connections.modal.addTitle') });
    await dialog.waitFor({ state: 'visible' });

    // core §5: the name is required, with the spec's text.
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.getByText('Requerido').waitFor({ state: 'visible' });
    // No queues module yet: the select is empty and says so.
    expect(await dialog.getByTestId('no-queues-hint').isVisible()).toBe(true);

    await dialog.getByLabel(t('connections.modal.name')).fill(connectionName);
    await dialog.getByLabel(t('connections.modal.provider')).selectOption('sandbox');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await page
      .locator('[data-toast="success"]', { hasText: t('connections.modal.saved') })
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });

    await row().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await row().innerText()).toContain(t('connections.sandbox'));
    // The first connection is the default.
    expect(
      await row()
        .getByRole('img', { name: t('connections.isDefault') })
        .count(),
    ).toBe(1);
  });

  it('shows the QR once the session asks for it, and the menu warns', async () => {
    // A new connection starts its session at once: OPENING, then qrcode with the QR.
    const qrButton = row().getByRole('button', { name: t('connections.buttons.showQr') });
    await qrButton.waitFor({ state: 'visible', timeout: 45_000 });
    expect(await row().getAttribute('data-status')).toBe('qrcode');
    expect(await row().innerText()).toContain(t('connections.status.qrcode'));
    // core §2: the badge, checked 2 s after load and kept current by the live events.
    await menu().getByTestId('menu-warning-connections').waitFor({ state: 'visible', timeout: 10_000 });

    await qrButton.click();
    const dialog = page.getByRole('dialog', { name: t('connections.qr.title', { name: connectionName }) });
    await dialog.waitFor({ state: 'visible' });
    await dialog
      .getByRole('img', { name: t('connections.qr.image', { name: connectionName }) })
      .waitFor({ state: 'visible' });
    expect(await dialog.innerText()).toContain(t('connections.qr.step3'));
  });

  it('connects when the sandbox scan is simulated; the QR modal closes by itself', async () => {
    const dialog = page.getByRole('dialog', { name: t('connections.qr.title', { name: connectionName }) });
    await dialog.getByRole('button', { name: t('connections.qr.simulateScan') }).click();

    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await expect.poll(() => row().getAttribute('data-status'), { timeout: 30_000 }).toBe('CONNECTED');
    expect(await row().innerText()).toContain(t('connections.status.CONNECTED'));
    expect(
      await row()
        .getByRole('button', { name: t('connections.buttons.disconnect') })
        .isVisible(),
    ).toBe(true);
    // Nothing needs attention any more.
    await menu().getByTestId('menu-warning-connections').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('disconnects after confirming, then asks for a new QR', async () => {
    await row()
      .getByRole('button', { name: t('connections.buttons.disconnect') })
      .click();
    const confirm = page.getByRole('dialog', {
      name: t('connections.disconnectTitle', { name: connectionName }),
    });
    await confirm.getByRole('button', { name: t('connections.buttons.disconnect') }).click();
    await expect.poll(() => row().getAttribute('data-status'), { timeout: 30_000 }).toBe('DISCONNECTED');
    expect(
      await row()
        .getByRole('button', { name: t('connections.buttons.retry') })
        .isVisible(),
    ).toBe(true);
    await menu().getByTestId('menu-warning-connections').waitFor({ state: 'visible', timeout: 10_000 });

    await row()
      .getByRole('button', { name: t('connections.buttons.newQr') })
      .click();
    await expect.poll(() => row().getAttribute('data-status'), { timeout: 30_000 }).toBe('qrcode');
  });

  it('deletes the connection after the confirmation', async () => {
    await row()
      .getByRole('button', { name: t('connections.deleteConnection', { name: connectionName }) })
      .click();
    const confirm = page.getByRole('dialog', {
      name: t('connections.deleteConnection', { name: connectionName }),
    });
    expect(await confirm.innerText()).toContain('Deseja realmente excluir esse registro?');
    await confirm.getByRole('button', { name: t('common.delete') }).click();
    await row().waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText(t('connections.empty')).waitFor({ state: 'visible' });
    await menu().getByTestId('menu-warning-connections').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
