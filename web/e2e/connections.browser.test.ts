import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox } from './support/sandbox.ts';

/**
 * The connections page against the local runtime (core §2 Connections, §4 Connection status and
 * buttons): an admin adds a sandbox connection, which starts its session at once; its QR shows in
 * the QR modal; "Simular escaneo" plays the phone reading it; the modal closes by itself as the QR
 * empties and the row reads CONNECTED, all through the live events. The menu badge warns while
 * a connection is not connected.
 *
 * Each test makes the connection it needs (through the API unless adding it is what it tests) and
 * every connection is deleted after each test, so no test leans on another's leftovers and one
 * failure does not fail the rest.
 */
describe('connections page', () => {
  let app: App;
  let page: Page;
  let api: Caller;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Loja', 'loja', stamp);

  const menu = () => page.getByRole('navigation', { name: t('layout.mainMenu') });
  const row = (name: string) => page.locator(`[data-connection-name="${name}"]`);
  const warning = () => menu().getByTestId('menu-warning-connections');

  beforeAll(async () => {
    app = await startApp('connections-browser');
    // A company of its own, signed up through the API, on the plan with the most connections.
    const signedIn = await app.signedInAdmin(company, pageErrors, { viewport: { width: 1280, height: 800 } });
    expect(signedIn.plan.connections).toBeGreaterThan(0);
    ({ page, api } = signedIn);
  });

  afterEach(async () => {
    const listed = await api<{ id: number }[]>('GET', '/whatsapp');
    for (const connection of listed.body ?? []) {
      expect((await api('DELETE', `/whatsapp/${connection.id}`)).status).toBeLessThan(300);
    }
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** A sandbox connection added through the API: it starts its session, on its way to a QR. */
  async function addConnection(name: string): Promise<number> {
    const created = await api<{ id: number }>('POST', '/whatsapp', {
      name,
      provider: 'sandbox',
      isDefault: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id;
  }

  /** The connections page, freshly loaded, with `name`'s row drawn. */
  async function openPageWith(name: string): Promise<void> {
    await page.goto(app.url('/connections'));
    await row(name).waitFor({ state: 'visible', timeout: 15_000 });
  }

  it('opens the connections page from the admin menu, empty', async () => {
    await page.goto(app.url('/'));
    await menu()
      .getByRole('link', { name: t('menu.connections'), exact: true })
      .click();
    await page.waitForURL((address) => address.pathname === '/connections');
    await page.getByRole('heading', { name: t('connections.title') }).waitFor({ state: 'visible' });
    await page.getByText(t('connections.empty')).waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('adds a sandbox connection with the edit modal', async () => {
    const name = `Ventas ${stamp}`;
    await page.goto(app.url('/connections'));
    await page.getByRole('button', { name: t('connections.add') }).click();
    const dialog = page.getByRole('dialog', { name: t('connections.modal.addTitle') });
    await dialog.waitFor({ state: 'visible' });

    // core §5: the name is required, with the spec's text.
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.getByText('Requerido').waitFor({ state: 'visible' });
    // The company has no queues: once they have loaded, the select is empty and says so.
    await dialog.getByTestId('no-queues-hint').waitFor({ state: 'visible' });

    await dialog.getByLabel(t('connections.modal.name')).fill(name);
    await dialog.getByLabel(t('connections.modal.provider')).selectOption('sandbox');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await page
      .locator('[data-toast="success"]', { hasText: t('connections.modal.saved') })
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });

    await row(name).waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => row(name).innerText()).toContain(t('connections.sandbox'));
    // The company's only connection is the default.
    await expect
      .poll(() =>
        row(name)
          .getByRole('img', { name: t('connections.isDefault') })
          .count(),
      )
      .toBe(1);
  });

  it('shows the QR once the session asks for it, and the menu warns', async () => {
    const name = `QR ${stamp}`;
    await addConnection(name);
    await openPageWith(name);
    // A new connection starts its session at once: OPENING, then qrcode with the QR.
    const qrButton = row(name).getByRole('button', { name: t('connections.buttons.showQr') });
    await qrButton.waitFor({ state: 'visible', timeout: 45_000 });
    await expect.poll(() => row(name).getAttribute('data-status')).toBe('qrcode');
    await expect.poll(() => row(name).innerText()).toContain(t('connections.status.qrcode'));
    // core §2: the badge, checked 2 s after load and kept current by the live events.
    await warning().waitFor({ state: 'visible', timeout: 10_000 });

    await qrButton.click();
    const dialog = page.getByRole('dialog', { name: t('connections.qr.title', { name }) });
    await dialog.waitFor({ state: 'visible' });
    await dialog
      .getByRole('img', { name: t('connections.qr.image', { name }) })
      .waitFor({ state: 'visible' });
    await expect.poll(() => dialog.innerText()).toContain(t('connections.qr.step3'));
  });

  it('connects when the sandbox scan is simulated; the QR modal closes by itself', async () => {
    const name = `Escaneo ${stamp}`;
    await addConnection(name);
    await openPageWith(name);
    const qrButton = row(name).getByRole('button', { name: t('connections.buttons.showQr') });
    await qrButton.waitFor({ state: 'visible', timeout: 45_000 });
    await qrButton.click();
    const dialog = page.getByRole('dialog', { name: t('connections.qr.title', { name }) });
    await dialog.getByRole('button', { name: t('connections.qr.simulateScan') }).click();

    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await expect.poll(() => row(name).getAttribute('data-status'), { timeout: 30_000 }).toBe('CONNECTED');
    await expect.poll(() => row(name).innerText()).toContain(t('connections.status.CONNECTED'));
    await row(name)
      .getByRole('button', { name: t('connections.buttons.disconnect') })
      .waitFor({ state: 'visible' });
    // Nothing needs attention any more.
    await warning().waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('disconnects after confirming, then asks for a new QR', async () => {
    const name = `Conectada ${stamp}`;
    await connectSandbox(api, { name });
    await openPageWith(name);
    await expect.poll(() => row(name).innerText()).toContain('5500000000000');
    await row(name)
      .getByRole('button', { name: t('connections.buttons.disconnect') })
      .click();
    const confirm = page.getByRole('dialog', { name: t('connections.disconnectTitle', { name }) });
    await confirm.getByRole('button', { name: t('connections.buttons.disconnect') }).click();
    await expect.poll(() => row(name).getAttribute('data-status'), { timeout: 30_000 }).toBe('DISCONNECTED');
    await row(name)
      .getByRole('button', { name: t('connections.buttons.retry') })
      .waitFor({ state: 'visible' });
    await warning().waitFor({ state: 'visible', timeout: 10_000 });

    await row(name)
      .getByRole('button', { name: t('connections.buttons.newQr') })
      .click();
    await expect.poll(() => row(name).getAttribute('data-status'), { timeout: 30_000 }).toBe('qrcode');
    // The phone paired before is no longer the connection's: its number goes with the new QR.
    await expect.poll(() => row(name).innerText()).not.toContain('5500000000000');
  });

  it('deletes the connection after the confirmation', async () => {
    const name = `Borrar ${stamp}`;
    await addConnection(name);
    await openPageWith(name);
    await row(name)
      .getByRole('button', { name: t('connections.deleteConnection', { name }) })
      .click();
    const confirm = page.getByRole('dialog', { name: t('connections.deleteConnection', { name }) });
    await expect.poll(() => confirm.innerText()).toContain('¿Desea realmente eliminar este registro?');
    await confirm.getByRole('button', { name: t('common.delete') }).click();
    await row(name).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText(t('connections.empty')).waitFor({ state: 'visible' });
    await warning().waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('shows the token for copying and makes a new one on request: the new works at once, the old stops', async () => {
    const name = `Token ${stamp}`;
    const id = await connectSandbox(api, { name });
    const before = (await api<{ token: string }>('GET', `/whatsapp/${id}`)).body.token;
    await openPageWith(name);
    await row(name)
      .getByRole('button', { name: t('connections.editConnection', { name }) })
      .click();
    const dialog = page.getByRole('dialog', { name: t('connections.modal.editTitle') });
    const field = dialog.getByLabel(t('connections.modal.token'), { exact: true });
    await expect.poll(() => field.inputValue()).toBe(before);
    // Read-only: the server makes tokens, nobody types one.
    await expect.poll(() => field.getAttribute('readonly')).not.toBeNull();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: t('connections.modal.copyToken') }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(before);

    await dialog.getByRole('button', { name: t('connections.modal.rotateToken') }).click();
    const confirm = page.getByRole('dialog', { name: t('connections.modal.rotateTokenTitle') });
    await confirm.getByRole('button', { name: t('connections.modal.rotateToken') }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => field.inputValue()).not.toBe(before);
    const after = await field.inputValue();
    expect(after).toMatch(/^[\w-]{32}$/);
    expect((await api<{ token: string }>('GET', `/whatsapp/${id}`)).body.token).toBe(after);

    // An outside caller, as with curl: the new token sends, the old one is refused.
    const callWith = async (token: string) =>
      (
        await fetch(app.url('/api/messages/send'), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ number: '5511966600001', body: 'desde fuera' }),
        })
      ).status;
    expect(await callWith(before)).toBe(401);
    expect(await callWith(after)).toBe(201);

    // Saving the modal afterwards keeps the new token working.
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    expect((await api<{ token: string }>('GET', `/whatsapp/${id}`)).body.token).toBe(after);
    expect(await callWith(after)).toBe(201);
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
