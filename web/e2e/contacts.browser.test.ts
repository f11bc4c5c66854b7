import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { validationMessages } from '@atende/shared/validation-messages';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App, type Caller } from './support/app.ts';
import { connectSandbox } from './support/sandbox.ts';
import { journeySteps } from './support/journey.ts';

/**
 * Contacts against the local runtime (core §2 Contacts, §5 Contact, §7; extended §9 CSV): add a
 * contact in the modal, find it with the search, edit it, export the CSV; add a tag and a quick
 * message in their screens (extended §2.14, §2.15); open the contact's chat from the list and use
 * the chat's contact drawer (inline edit, notes), the tag editor and the quick replies.
 */
describe('contacts page', () => {
  // Its tests are the steps of one journey: after a failed step the rest are skipped, not failed.
  journeySteps();
  let app: App;
  let page: Page;
  let api: Caller;
  const pageErrors: string[] = [];

  const stamp = Date.now().toString(36);
  const company = companyFor('Ferretería', 'ferreteria', stamp);
  const maria = { name: 'María José Pérez', number: '5511987650001', email: 'maria@example.com' };
  const pedro = { name: 'Pedro Gómez', number: '5511987650002' };
  const mariaEdited = { name: 'María José Pérez López', email: 'mjose@example.com' };
  const tagName = 'Cliente VIP';
  const quickReply = 'Hola, gracias por escribirnos. ¿En qué podemos ayudarle hoy?';

  const row = (name: string) => page.locator(`tr[data-contact-name="${name}"]`);
  const successToast = (text: string) => page.locator('[data-toast="success"]', { hasText: text });
  const dialog = () => page.getByRole('dialog');

  /** A screenshot with the pointer out of the way, once the toasts have gone (or 10 s have passed). */
  async function screenshotWithoutToasts(file: string): Promise<void> {
    await page.mouse.move(0, 0);
    await page
      .locator('[data-toast]')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await page.screenshot({ path: join(tmpdir(), file) });
  }

  beforeAll(async () => {
    app = await startApp('contacts-browser');
    const options = { viewport: { width: 1440, height: 860 }, acceptDownloads: true };
    ({ page, api } = await app.signedInAdmin(company, pageErrors, options));
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('opens the empty contact list with its tools', async () => {
    await page.goto(app.url('/contacts'));
    await page
      .getByRole('heading', { name: t('contacts.title') })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByText(t('contacts.empty')).waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => page.getByRole('button', { name: t('contacts.export') }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: t('contacts.add') }).isVisible()).toBe(true);
  });

  it('adds a contact in the modal, after showing the validation texts', async () => {
    await page.getByRole('button', { name: t('contacts.add') }).click();
    const modal = dialog();
    await modal.getByRole('heading', { name: t('contacts.modal.addTitle') }).waitFor();
    // core §5: nothing filled in → Requerido; too short → muy corto; a bad e-mail → Email no valido.
    await modal.getByRole('button', { name: t('common.save') }).click();
    await expect.poll(() => modal.getByText('Requerido').count()).toBe(2);
    await modal.getByLabel(t('contacts.modal.name'), { exact: true }).fill('M');
    await modal.getByLabel(t('contacts.modal.number')).fill('1234');
    await modal.getByLabel(t('contacts.modal.email')).fill('maria@');
    await modal.getByRole('button', { name: t('common.save') }).click();
    await expect.poll(() => modal.getByText('muy corto').count()).toBe(2);
    await modal.getByText('Email no valido').waitFor();
    // Checked while typing, before any save: a number with letters, a name past 50 characters.
    await modal.getByLabel(t('contacts.modal.number')).fill('5511abc');
    await modal.getByText(validationMessages.numberWithLetters).waitFor();
    await modal.getByLabel(t('contacts.modal.name'), { exact: true }).fill('x'.repeat(51));
    await modal.getByText('muy largo!').waitFor();

    await modal.getByLabel(t('contacts.modal.name'), { exact: true }).fill(maria.name);
    await modal.getByLabel(t('contacts.modal.number')).fill(maria.number);
    await modal.getByLabel(t('contacts.modal.email')).fill(maria.email);
    await modal.getByRole('button', { name: t('contacts.modal.addExtraInfo') }).click();
    await modal.getByLabel(t('contacts.modal.extraName')).fill('Empresa');
    await modal.getByLabel(t('contacts.modal.extraValue')).fill('ACME');
    await modal.getByRole('button', { name: t('common.save') }).click();

    await successToast(t('contacts.modal.saved')).waitFor({ state: 'visible', timeout: 15_000 });
    await dialog().waitFor({ state: 'detached' });
    await row(maria.name).waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => row(maria.name).innerText()).toContain(maria.number);
    await expect.poll(() => row(maria.name).innerText()).toContain(maria.email);

    const stored = await api<{ contacts: { name: string; extraInfo: { name: string; value: string }[] }[] }>(
      'GET',
      `/contacts?searchParam=${encodeURIComponent('maria')}&pageNumber=1`,
    );
    expect(stored.body.contacts[0]?.extraInfo).toMatchObject([{ name: 'Empresa', value: 'ACME' }]);
  });

  it('finds contacts with the search: a word of the name without accents, or the end of the number', async () => {
    const created = await api('POST', '/contacts', { ...pedro, email: '', extraInfo: [] });
    expect(created.status).toBe(201);
    // The live `contact` event (or the reload) shows the second contact without a page reload.
    await row(pedro.name).waitFor({ state: 'visible', timeout: 15_000 });

    const search = page.getByPlaceholder(t('contacts.searchPlaceholder'));
    await search.fill('jose');
    await expect.poll(() => page.locator('tr[data-contact-name]').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => row(maria.name).isVisible()).toBe(true);
    await search.fill('0002');
    await row(pedro.name).waitFor({ state: 'visible', timeout: 10_000 });
    await expect.poll(() => page.locator('tr[data-contact-name]').count(), { timeout: 10_000 }).toBe(1);
    await search.fill('zzzz');
    await page.getByText(t('common.noRecords')).waitFor({ state: 'visible', timeout: 10_000 });
    await search.fill('');
    await expect.poll(() => page.locator('tr[data-contact-name]').count(), { timeout: 10_000 }).toBe(2);
  });

  it('edits the contact in the modal', async () => {
    await page.getByRole('button', { name: t('contacts.editContact', { name: maria.name }) }).click();
    const modal = dialog();
    await modal.getByRole('heading', { name: t('contacts.modal.editTitle') }).waitFor();
    const name = modal.getByLabel(t('contacts.modal.name'), { exact: true });
    await expect.poll(() => name.inputValue(), { timeout: 10_000 }).toBe(maria.name);
    await expect.poll(() => modal.getByLabel(t('contacts.modal.extraValue')).inputValue()).toBe('ACME');
    await name.fill(mariaEdited.name);
    await modal.getByLabel(t('contacts.modal.email')).fill(mariaEdited.email);
    await modal.getByRole('button', { name: t('common.save') }).click();
    await successToast(t('contacts.modal.saved')).first().waitFor({ state: 'visible', timeout: 15_000 });
    await row(mariaEdited.name).waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => row(mariaEdited.name).innerText()).toContain(mariaEdited.email);
    await expect.poll(() => row(maria.name).count()).toBe(0);
  });

  it('exports the contacts as contatos.csv', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.getByRole('button', { name: t('contacts.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('contatos.csv');
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    const lines = csv.trim().split('\n');
    // extended §9: separator ;, fields name, number, email.
    expect(lines[0]).toBe('name;number;email');
    expect(lines).toContain(`${mariaEdited.name};${maria.number};${mariaEdited.email}`);
    expect(lines).toContain(`${pedro.name};${pedro.number};`);
  });

  it('takes a screenshot of the contact list', async () => {
    await screenshotWithoutToasts('contacts-page.png');
  });

  it('loads the next page of 20 when the list is scrolled to its end', async () => {
    // 21 more contacts, named to sort after the others: 23 in all, 20 on the first page.
    for (let index = 1; index <= 21; index += 1) {
      const number = `55119876600${String(index).padStart(2, '0')}`;
      const created = await api('POST', '/contacts', {
        name: `Zeta ${String(index).padStart(2, '0')}`,
        number,
        email: '',
        extraInfo: [],
      });
      expect(created.status).toBe(201);
    }
    await page.goto(app.url('/contacts'));
    await page.getByTestId('contacts-count').getByText('23').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('tr[data-contact-name]').count(), { timeout: 15_000 }).toBe(20);
    await page.getByTestId('contacts-list').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await expect.poll(() => page.locator('tr[data-contact-name]').count(), { timeout: 15_000 }).toBe(23);
    await row('Zeta 21').waitFor({ state: 'visible' });
  });

  it('adds a tag in the tags screen', async () => {
    await page.goto(app.url('/tags'));
    await page.getByText(t('tags.empty')).waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByRole('button', { name: t('tags.add') }).click();
    const modal = dialog();
    await modal.getByRole('button', { name: t('common.save') }).click();
    await modal.getByText('Obligatorio').waitFor();
    await modal.getByLabel(t('tags.modal.name')).fill('VI');
    await modal.getByRole('button', { name: t('common.save') }).click();
    await modal.getByText('Mensaje muy corto').waitFor();
    await modal.getByLabel(t('tags.modal.name')).fill(tagName);
    await modal.getByRole('radio', { name: t('tags.modal.colorPick', { color: '#ff9800' }) }).click();
    // extended §6: the kanban toggle is shown to admins.
    await expect
      .poll(() => modal.getByRole('switch', { name: t('tags.modal.kanban') }).isVisible())
      .toBe(true);
    await modal.getByRole('button', { name: t('common.save') }).click();
    await successToast(t('tags.modal.saved')).waitFor({ timeout: 15_000 });
    const tagRow = page.locator(`tr[data-tag-name="${tagName}"]`);
    await tagRow.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => tagRow.locator('td').nth(1).innerText()).toBe('0');
  });

  it('adds a quick message in the quick messages screen', async () => {
    await page.goto(app.url('/quick-messages'));
    await page.getByText(t('quickMessages.empty')).waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByRole('button', { name: t('quickMessages.add') }).click();
    const modal = dialog();
    await modal.getByRole('button', { name: t('common.save') }).click();
    await modal.getByText('Requerido').waitFor();
    await modal.getByLabel(t('quickMessages.modal.shortcode')).fill('saludo');
    await modal.getByLabel(t('quickMessages.modal.message')).fill(quickReply);
    // Amplify's switch hides its input under the track: its label toggles it.
    await modal.getByText(t('quickMessages.modal.geral'), { exact: true }).click();
    await expect
      .poll(() => modal.getByRole('switch', { name: t('quickMessages.modal.geral') }).isChecked())
      .toBe(true);
    // An optional attachment, uploaded after the record is saved (multipart `file`).
    await modal.getByTestId('quick-message-file').setInputFiles({
      name: 'catalogo.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%catálogo\n'),
    });
    await modal.getByText('catalogo.pdf').waitFor();
    await modal.getByRole('button', { name: t('common.save') }).click();
    await successToast(t('quickMessages.modal.saved')).waitFor({ timeout: 15_000 });
    const record = page.locator('tr[data-shortcode="saludo"]');
    await record.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => record.innerText()).toContain('/saludo');
    await record.getByText('catalogo.pdf').waitFor({ timeout: 15_000 });
  });

  it('opens the contact’s chat from the list and shows the contact drawer', async () => {
    // A contact click needs a default connection: a sandbox one, connected by simulating the scan.
    await connectSandbox(api, { name: `Ventas ${stamp}` });

    await page.goto(app.url('/contacts'));
    await row(mariaEdited.name).waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByRole('button', { name: t('contacts.openChat', { name: mariaEdited.name }) }).click();
    await page.waitForURL((address) => /^\/tickets\/[0-9a-f-]{36}$/.test(address.pathname), {
      timeout: 15_000,
    });
    const chat = page.locator('.ticket-chat[data-status="open"]');
    await chat.waitFor({ state: 'visible', timeout: 15_000 });
    const ticketPath = new URL(page.url()).pathname;

    // The same contact again: the caller's own open ticket opens instead of a new one (core §4).
    await page.goto(app.url('/contacts'));
    await page.getByRole('button', { name: t('contacts.openChat', { name: mariaEdited.name }) }).click();
    await page.waitForURL((address) => address.pathname === ticketPath, { timeout: 15_000 });
    await chat.waitFor({ state: 'visible', timeout: 15_000 });

    await page.getByRole('button', { name: t('tickets.drawer.toggle'), exact: true }).click();
    const drawer = page.getByTestId('contact-drawer');
    await drawer.waitFor({ state: 'visible' });
    const card = drawer.getByTestId('contact-drawer-card');
    await card.getByText(mariaEdited.name, { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => card.innerText()).toContain(maria.number);
    await expect.poll(() => card.innerText()).toContain(mariaEdited.email);
    await expect.poll(() => card.innerText()).toContain('ACME');
    // core §9: the drawer is 320 px wide.
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(320);
  });

  it('edits the contact inline in the drawer', async () => {
    const drawer = page.getByTestId('contact-drawer');
    await drawer.getByRole('button', { name: t('tickets.drawer.edit') }).click();
    const email = drawer.getByLabel(t('contacts.modal.email'));
    await email.fill('maria.jose@example.com');
    await drawer.getByRole('button', { name: t('common.save') }).click();
    await successToast(t('contacts.modal.saved')).first().waitFor({ state: 'visible', timeout: 15_000 });
    await drawer
      .getByTestId('contact-drawer-card')
      .getByText('maria.jose@example.com')
      .waitFor({ timeout: 15_000 });
  });

  it('keeps notes on the ticket: added, listed with author and date, deleted', async () => {
    const notes = page.getByTestId('ticket-notes');
    await notes.getByText(t('tickets.notes.empty')).waitFor({ timeout: 15_000 });
    const field = notes.getByLabel(t('tickets.notes.label'));
    // core §5: at least 2 characters.
    await field.fill('x');
    await notes.getByRole('button', { name: t('tickets.notes.add') }).click();
    await notes.getByText('muy corto').waitFor();
    await field.fill('Prefiere que lo llamen por la tarde');
    await notes.getByRole('button', { name: t('tickets.notes.add') }).click();
    await successToast(t('tickets.notes.added')).waitFor({ timeout: 15_000 });
    await notes.getByText('Prefiere que lo llamen por la tarde').waitFor({ timeout: 15_000 });
    await expect.poll(() => field.inputValue()).toBe('');
    // The author and the date, DD/MM/YYYY HH:mm.
    await expect
      .poll(() => notes.locator('.ticket-note__meta').first().innerText())
      .toMatch(/^.+ · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await field.fill('Nota para borrar');
    await notes.getByRole('button', { name: t('tickets.notes.add') }).click();
    await notes.getByText('Nota para borrar').waitFor({ timeout: 15_000 });
    await notes
      .locator('.ticket-note', { hasText: 'Nota para borrar' })
      .getByRole('button', { name: t('tickets.notes.delete') })
      .click();
    await dialog().getByText(t('common.confirmDelete')).waitFor();
    await dialog()
      .getByRole('button', { name: t('common.delete') })
      .click();
    await successToast(t('tickets.notes.deleted')).waitFor({ timeout: 15_000 });
    await notes.getByText('Nota para borrar').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => notes.locator('.ticket-note').count()).toBe(1);
  });

  it('tags the ticket with the tag editor under the header', async () => {
    const editor = page.getByTestId('ticket-tags');
    await editor.getByText(t('tickets.tags.none')).waitFor({ timeout: 15_000 });
    await editor.getByRole('button', { name: t('tickets.tags.add') }).click();
    await editor.getByRole('option', { name: tagName }).click();
    await editor.locator('.ticket-tags__chip', { hasText: tagName }).waitFor({ timeout: 15_000 });
    // Saved through POST /tags/sync: the tag now counts one ticket.
    await expect
      .poll(
        async () =>
          (await api<{ name: string; ticketsCount?: number }[]>('GET', '/tags/list')).body.find(
            (tag) => tag.name === tagName,
          )?.ticketsCount,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
  });

  it('offers quick replies after "/" and more than one character; choosing one fills the input', async () => {
    const input = page.getByLabel(t('tickets.input.label'), { exact: true });
    await input.fill('/s');
    await page.waitForTimeout(500);
    await expect.poll(() => page.getByTestId('quick-replies').count()).toBe(0);
    await input.fill('/sa');
    const option = page.getByTestId('quick-replies').getByRole('option').first();
    await option.waitFor({ timeout: 15_000 });
    // core §2: labels cut at 35 characters.
    await expect.poll(() => option.innerText()).toBe(`/saludo - ${quickReply.slice(0, 35).trimEnd()}...`);
    await option.click();
    await expect.poll(() => input.inputValue()).toBe(quickReply);
    await input.fill('');
  });

  it('takes a screenshot of the chat with the drawer open', async () => {
    await screenshotWithoutToasts('chat-contact-drawer.png');
    // A smaller screen: the drawer floats over the conversation, still 320 px wide.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(async () => (await page.getByTestId('contact-drawer').boundingBox())?.width).toBe(320);
    await page.screenshot({ path: join(tmpdir(), 'chat-contact-drawer-1024.png') });
    await page.setViewportSize({ width: 1440, height: 860 });
    // The page is light (the context's colour scheme): switch to dark and back.
    await page.getByRole('button', { name: t('theme.toDark') }).click();
    await page.getByRole('button', { name: t('theme.toLight') }).waitFor({ state: 'visible' });
    await page.screenshot({ path: join(tmpdir(), 'chat-contact-drawer-dark.png') });
    await page.getByRole('button', { name: t('theme.toLight') }).click();
    await page.getByRole('button', { name: t('theme.toDark') }).waitFor({ state: 'visible' });
  });

  it('lets an admin delete a contact after the confirm question', async () => {
    await page.goto(app.url('/contacts'));
    await row(pedro.name).waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByRole('button', { name: t('contacts.deleteContact', { name: pedro.name }) }).click();
    await dialog().getByText(t('common.confirmDelete')).waitFor();
    await dialog()
      .getByRole('button', { name: t('common.delete') })
      .click();
    await successToast(t('contacts.deleted')).waitFor({ timeout: 15_000 });
    await row(pedro.name).waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
