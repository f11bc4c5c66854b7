import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App } from './support/app.ts';
import { openPage } from './support/browser.ts';
import { connectSandbox, customerWrites, pendingTicketOf } from './support/sandbox.ts';

/**
 * Every screen at a phone's width (390 px) fits it: no horizontal scroll of the document. The
 * routes are read from the SPA's route table, so a new screen is checked without touching this
 * test; the ticket route gets a ticket of the company's own, other parameters a placeholder id
 * (their screens draw without the record). Also: a toast hides none of
 * the buttons it used to cover (Agregar at the top right, the dialogs' close cross).
 */

const routeTable = readFileSync(new URL('../src/app/router/route-table.ts', import.meta.url), 'utf8');
/** Every `path: '…'` of the route table, in its order. */
const tablePaths = [...routeTable.matchAll(/path: '([^']+)'/g)].map((match) => match[1]!);
const publicPaths = ['/login', '/signup', '/forgetpsw'];

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The document's scroll and client widths: it fits when the first is not above the second. */
const widthsOf = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });

/** The elements wider than the screen, to say what overflows when the check fails. */
const widestOf = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} → ${element.getBoundingClientRect().right}`,
      ),
  );

/** Waits until the screen has drawn: the main area (or the public card) is there and no loader spins. */
async function settled(page: Page): Promise<void> {
  await page.locator('main, .auth-layout').first().waitFor({ state: 'visible', timeout: 20_000 });
  await expect
    .poll(() => page.locator('[role="status"] .amplify-loader').count(), { timeout: 20_000 })
    .toBe(0);
}

async function expectFits(page: Page, path: string): Promise<void> {
  await settled(page);
  await expect
    .poll(
      async () => {
        const { scrollWidth, clientWidth } = await widthsOf(page);
        // On failure the elements past the right edge say what overflows.
        return scrollWidth <= clientWidth
          ? { fits: true }
          : { fits: false, scrollWidth, clientWidth, wider: await widestOf(page) };
      },
      { timeout: 10_000, message: `${path} at 390 px` },
    )
    .toEqual({ fits: true });
}

describe('every screen at 390 px', () => {
  let app: App;
  let page: Page;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Estrecha', 'estrecha', stamp);
  /** Parameters of the routes that take one: records of this company (others read 1). */
  const params: Record<string, string> = {};

  beforeAll(async () => {
    app = await startApp('layout-narrow');
    await app.signUpCompany(company);
    // A ticket with a conversation, so the chat is drawn with messages. Set up with a token of
    // the API's own before the page signs in (which then ends that session: one per user).
    const api = app.as(await app.signIn(company.email, company.password));
    const whatsappId = await connectSandbox(api, { name: `Estrecha ${stamp}` });
    await customerWrites(api, whatsappId, {
      from: '5511999970001',
      name: 'Cliente Estrecho',
      body: 'Un mensaje bastante largo para ver que la burbuja se ajusta al ancho del teléfono sin salirse',
    });
    const ticket = await pendingTicketOf<{ uuid: string; contact?: { name?: string } | null }>(
      api,
      'Cliente Estrecho',
    );
    params.ticketId = ticket.uuid;
    ({ page } = await app.signedInPage(company.email, company.password, pageErrors, phone));
    // The campaign screens exist only with the browser's cshow flag.
    await page.evaluate(() => localStorage.setItem('cshow', 'true'));
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('reads the routes from the route table', () => {
    expect(tablePaths).toEqual(
      expect.arrayContaining([...publicPaths, '/', '/tickets/:ticketId?', '/contacts']),
    );
  });

  /** A route's address with its parameters filled in (an optional one also left out). */
  const addressesOf = (path: string): string[] => {
    const withParams = path.replace(/:(\w+)\??/g, (_whole, name: string) => params[name] ?? '1');
    const without = path.replace(/\/:\w+\?/g, '');
    return path.includes('?') ? [without || '/', withParams] : [withParams];
  };

  it('fits every signed-in screen without sideways scroll', async () => {
    const paths = tablePaths.filter((path) => !publicPaths.includes(path));
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      for (const address of addressesOf(path)) {
        await page.goto(app.url(address));
        await expectFits(page, address);
      }
    }
    // Every signed-in screen in turn: near half the default on a quiet machine.
  }, 180_000);

  it('fits the side menu when it is open', async () => {
    await page.goto(app.url('/contacts'));
    await settled(page);
    await page.getByRole('button', { name: t('layout.openMenu') }).click();
    await page.getByRole('navigation', { name: t('layout.mainMenu') }).waitFor({ state: 'visible' });
    await expectFits(page, 'the open menu');
  });

  it('fits the public screens', async () => {
    const visitor = (await openPage(await app.launchBrowser(), pageErrors, phone)).page;
    for (const path of publicPaths) {
      await visitor.goto(app.url(path));
      await expectFits(visitor, path);
    }
  });

  it("shows toasts where they cover neither Agregar nor a dialog's close button", async () => {
    for (const viewport of [phone.viewport, { width: 1366, height: 820 }]) {
      await page.setViewportSize(viewport);
      await page.goto(app.url('/contacts'));
      await settled(page);
      const add = page.getByRole('button', { name: t('contacts.add') });
      await add.click();
      const dialog = page.getByRole('dialog', { name: t('contacts.modal.addTitle') });
      await dialog.waitFor({ state: 'visible' });
      await dialog.getByLabel(t('contacts.modal.name')).fill(`Cliente ${viewport.width}`);
      await dialog.getByLabel(t('contacts.modal.number')).fill(`55119999${viewport.width}01`);
      await dialog.getByRole('button', { name: t('common.save') }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
      const toast = page.locator('[data-toast="success"]').first();
      await toast.waitFor({ state: 'visible', timeout: 15_000 });
      const toastBox = await toast.boundingBox();
      const addBox = await add.boundingBox();
      expect(toastBox && addBox, 'both drawn').toBeTruthy();
      expect(
        overlaps(toastBox!, addBox!),
        `toast ${JSON.stringify(toastBox)} over Agregar ${JSON.stringify(addBox)}`,
      ).toBe(false);
      // A dialog opened meanwhile keeps its close button clear of where the toast shows (toasts
      // are fixed, and this one may have closed by now).
      await add.click();
      await dialog.waitFor({ state: 'visible' });
      const closeBox = await dialog
        .getByRole('button', { name: t('common.close') })
        .first()
        .boundingBox();
      expect(overlaps(toastBox!, closeBox!), 'toast over the close button').toBe(false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('raised no uncaught errors in the pages', () => {
    expect(pageErrors).toEqual([]);
  });
});

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
