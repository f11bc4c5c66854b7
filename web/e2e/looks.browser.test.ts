import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, superUser, type App, type Caller, type Plan } from './support/app.ts';
import { setCampaignState } from './support/campaign-state.ts';
import { connectSandbox, customerWrites, pendingTicketOf } from './support/sandbox.ts';

/** Plans that run campaigns first (the runtime's default plan does), then the most connections. */
const campaignsFirst = (a: Plan, b: Plan) => {
  const campaigns = (plan: Plan) => Number((plan as { useCampaigns?: boolean }).useCampaigns !== false);
  return campaigns(b) - campaigns(a) || b.connections - a.connections;
};

/** Screenshots for a person to look at (not compared): `$TMPDIR/atende-looks/<name>.png`. */
const shots = join(tmpdir(), 'atende-looks');
mkdirSync(shots, { recursive: true });
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

/** The element's box lies within the page's viewport, left to right. */
async function withinViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return !!box && box.x >= 0 && box.x + box.width <= width;
}

/**
 * Issue #25 "Looks": what a person sees is drawn right, at 1366 px (admin) and 390 px (a second
 * admin; sessions are one per user): the campaign report's bar at 100 %, campaign screens framed
 * as every other, row actions in view, the missed-call icon, WhatsApp styles in previews, Spanish
 * labels and counts, the help card, the import bar's colour and the webhook URL hint.
 */
describe('looks', () => {
  let app: App;
  let wide: Page;
  let narrow: Page;
  let admin: Caller;
  let companyId = 0;
  let whatsappId = 0;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Panaderia Sol', 'looks', stamp);
  const second = { name: `Beto ${stamp}`, email: `beto-${stamp}@example.com`, password: 'segredo123' };

  async function campaign(name: string): Promise<number> {
    const created = await admin<{ id: number }>('POST', '/campaigns', { name, whatsappId });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    return created.body.id;
  }

  beforeAll(async () => {
    app = await startApp('looks');
    ({ page: wide, api: admin } = await app.signedInAdmin(
      company,
      pageErrors,
      { viewport: { width: 1366, height: 900 } },
      campaignsFirst,
    ));
    companyId = (await admin<{ companyId: number }>('GET', '/auth/me')).body.companyId;
    whatsappId = await connectSandbox(admin, { name: `Mostrador ${stamp}` });
    const created = await admin('POST', '/users', {
      ...second,
      profile: 'admin',
      allTicket: 'enabled',
      queueIds: [],
    });
    expect(created.status).toBeLessThan(300);
    narrow = (
      await app.signedInPage(second.email, second.password, pageErrors, {
        viewport: { width: 390, height: 844 },
      })
    ).page;
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('fills the campaign report bar in the brand colour at 100 %, framed as every screen', async () => {
    const id = await campaign(`Informe ${stamp}`);
    await setCampaignState(
      app.runtime.env,
      { companyId, id },
      {
        status: 'FINALIZADA',
        validContacts: 2,
        deliveries: 2,
        completedAt: new Date().toISOString(),
      },
    );
    await wide.goto(app.url(`/campaign/${id}/report`));
    const progress = wide.getByTestId('campaign-progress');
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('100');
    const fill = progress.locator('> div');
    await expect
      .poll(() => fill.evaluate((element) => getComputedStyle(element).backgroundColor))
      .not.toBe('rgba(0, 0, 0, 0)');
    await expect
      .poll(() => fill.evaluate((element) => (element as HTMLElement).getBoundingClientRect().width))
      .toBeGreaterThan(100);
    // The same heading level and frame as the list screens.
    await wide
      .getByRole('heading', { level: 3, name: t('campaigns.report.title', { name: `Informe ${stamp}` }) })
      .waitFor({ state: 'visible' });
    await shoot(wide, 'campaign-report-1366');
    await wide.goto(app.url('/campaigns-config'));
    await wide
      .getByRole('heading', { level: 3, name: t('screens.campaignsConfig') })
      .waitFor({ state: 'visible' });
    await shoot(wide, 'campaign-settings-1366');
  });

  it('keeps a running campaign’s edit and delete, and the Acciones header, in view at 1366 px', async () => {
    const name = `En curso ${stamp}`;
    const id = await campaign(name);
    await setCampaignState(app.runtime.env, { companyId, id }, { status: 'EM_ANDAMENTO' });
    await wide.goto(app.url('/campaigns'));
    const row = wide.locator(`tr[data-campaign="${name}"]`);
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await shoot(wide, 'campaigns-1366');
    for (const button of [
      row.getByRole('button', { name: /^Editar/ }).first(),
      row.getByRole('button', { name: /^Eliminar/ }).first(),
      wide.getByRole('columnheader', { name: t('common.actions') }),
    ]) {
      await expect.poll(() => withinViewport(wide, button)).toBe(true);
    }
  });

  it('keeps Desconectar, edit and delete of a connection in view at 390 px', async () => {
    await narrow.goto(app.url('/connections'));
    const row = narrow.locator(`tr[data-connection-name="Mostrador ${stamp}"]`);
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await shoot(narrow, 'connections-390');
    for (const button of [
      row.getByRole('button', { name: t('connections.buttons.disconnect') }),
      row.getByRole('button', { name: t('connections.editConnection', { name: `Mostrador ${stamp}` }) }),
      row.getByRole('button', { name: t('connections.deleteConnection', { name: `Mostrador ${stamp}` }) }),
    ]) {
      await expect.poll(() => withinViewport(narrow, button)).toBe(true);
    }
  });

  it('shows a missed call with a phone icon, not a missing glyph, and counts one unread in the singular', async () => {
    const caller = { from: `5511${String(Date.now()).slice(-7)}1`, name: `Lucia ${stamp}` };
    expect(
      (await admin('POST', `/sandbox/${whatsappId}/inbound`, { ...caller, mediaType: 'call_log' })).status,
    ).toBeLessThan(300);
    await wide.goto(app.url('/tickets'));
    await wide.getByTestId('tab-pending').click();
    const item = wide.locator(`.ticket-item[data-contact-name="${caller.name}"]`);
    await item.waitFor({ state: 'visible', timeout: 30_000 });
    const call = item.getByTestId('ticket-last-call');
    await call.locator('svg').waitFor({ state: 'visible' });
    await expect.poll(() => call.innerText()).toBe('Llamada de voz');
    await expect.poll(() => item.getByLabel('1 mensaje sin leer').count()).toBe(1);
    await shoot(wide, 'missed-call-1366');
  });

  it('renders WhatsApp bold in the kanban card and in the quoted-message preview', async () => {
    const customer = { from: `5511${String(Date.now()).slice(-7)}2`, name: `Sol ${stamp}` };
    await customerWrites(admin, whatsappId, { ...customer, body: '*Panadería Sol:* pedido listo' });
    const ticket = await pendingTicketOf<{ id: number; uuid: string; contact?: { name?: string } | null }>(
      admin,
      customer.name,
    );
    await wide.goto(app.url('/kanban'));
    const card = wide.getByTestId(`kanban-card-${ticket.id}`);
    await card
      .locator('strong', { hasText: 'Panadería Sol:' })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => card.innerText()).not.toContain('*');

    const me = (await admin<{ id: number }>('GET', '/auth/me')).body;
    expect(
      (await admin('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: me.id })).status,
    ).toBeLessThan(300);
    await wide.goto(app.url(`/tickets/${ticket.uuid}`));
    const bubble = wide.locator('.msg', { hasText: 'pedido listo' });
    await bubble.waitFor({ state: 'visible', timeout: 15_000 });
    await bubble.hover();
    await bubble.getByRole('button', { name: t('tickets.messages.reply') }).click();
    const preview = wide.locator('.message-input__reply');
    await preview.locator('strong', { hasText: 'Panadería Sol:' }).waitFor({ state: 'visible' });
    await expect.poll(() => preview.innerText()).not.toContain('*');
    await shoot(wide, 'quote-preview-1366');
  });

  it('says the password switch in Spanish', async () => {
    const context = await (await app.launchBrowser()).newContext({ locale: 'es-ES', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(app.url('/login'));
    await page.getByRole('switch', { name: t('common.password.show') }).waitFor({ state: 'visible' });
    await expect.poll(() => page.getByText('Password is hidden').count()).toBe(0);
    await expect.poll(() => page.getByText(t('common.password.hidden')).count()).toBe(1);
    await context.close();
  });

  it('names a help video once on its card when the thumbnail cannot load', async () => {
    const root = app.as(await app.signIn(superUser.email, superUser.password));
    const title = `Primeros pasos ${stamp}`;
    const created = await root('POST', '/helps', {
      title,
      description: 'Cómo empezar',
      video: 'dQw4w9WgXcQ',
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    await wide.route(/img\.youtube\.com|ytimg\.com/, (route) => route.abort());
    await wide.goto(app.url('/helps'));
    const helpCard = wide.getByRole('button', { name: t('helps.play', { title }) });
    await helpCard.locator('.help-card__placeholder').waitFor({ state: 'attached', timeout: 15_000 });
    await expect.poll(() => helpCard.getByText(title, { exact: true }).count()).toBe(1);
    await shoot(wide, 'helps-1366');
    await wide.unroute(/img\.youtube\.com|ytimg\.com/);
  });

  it('draws the import progress bar in the brand colour', async () => {
    await wide.goto(app.url('/contact-lists'));
    await wide.getByRole('heading', { level: 3 }).first().waitFor({ state: 'visible' });
    // The bar shows only while an import runs: one drawn with the screen's own class, inside the
    // app's theme (where the screen draws it), is measured against the brand's primary button.
    const colours = () =>
      wide.evaluate(() => {
        const host = document.querySelector('[data-amplify-theme]') ?? document.body;
        const bar = document.createElement('progress');
        bar.className = 'contact-list-progress';
        host.append(bar);
        const accent = getComputedStyle(bar).accentColor;
        bar.remove();
        const button = document.querySelector('.amplify-button--primary');
        return { accent, brand: button ? getComputedStyle(button).backgroundColor : 'no primary button' };
      });
    await expect.poll(async () => (await colours()).brand).toMatch(/^rgb/);
    const { accent, brand } = await colours();
    expect(accent).toBe(brand);
  });

  it('says which webhook URLs this stage accepts', async () => {
    await wide.goto(app.url('/webhooks'));
    await wide.getByRole('button', { name: t('webhooks.add') }).click();
    const dialog = wide.getByRole('dialog');
    await dialog
      .getByText(t('webhooks.modal.urlHintLoopback'))
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => dialog.getByText(t('webhooks.modal.urlHint')).count()).toBe(0);
  });

  it('centres every chevron of the Opciones selects in its select, at 1366 and 390 px', async () => {
    /** How far each chevron's middle is from its select's middle, in px. */
    const offsets = (page: Page) =>
      page.locator('.amplify-selectfield').evaluateAll((fields) =>
        fields.map((field) => {
          const select = field.querySelector('select')!.getBoundingClientRect();
          const icon = field.querySelector('.amplify-select__icon')!.getBoundingClientRect();
          return Math.round(Math.abs(icon.top + icon.height / 2 - (select.top + select.height / 2)));
        }),
      );
    for (const [page, name] of [
      [wide, 'settings-options-1366'],
      [narrow, 'settings-options-390'],
    ] as const) {
      await page.goto(app.url('/settings'));
      await page.locator('.amplify-select__icon').first().waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(async () => (await offsets(page)).length).toBeGreaterThanOrEqual(8);
      await expect.poll(async () => Math.max(...(await offsets(page)))).toBeLessThanOrEqual(3);
      await shoot(page, name);
    }
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
