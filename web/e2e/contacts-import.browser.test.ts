import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App } from './support/app.ts';

/**
 * The contacts screen's "Importar" (extended §9): a CSV in the export's format is uploaded; the
 * result shows how many contacts were created, skipped and refused (with their lines), and the
 * list shows the new contacts.
 */
describe('contacts import', () => {
  let app: App;
  let page: Page;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Agenda', 'agenda', stamp);

  beforeAll(async () => {
    app = await startApp('contacts-import-browser');
    await app.signUpCompany(company);
    const adminToken = await app.signIn(company.email, company.password);
    expect(
      (await app.api(adminToken, 'POST', '/contacts', { name: 'Ya Existía', number: '5511977770001' }))
        .status,
    ).toBe(201);
    page = (await app.signedInPage(company.email, company.password, pageErrors)).page;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('imports a CSV and shows what happened to each row', async () => {
    await page.goto(app.url('/contacts'));
    await page.locator('tr[data-contact-name="Ya Existía"]').waitFor({ state: 'visible', timeout: 15_000 });
    const csv = [
      'name;number;email',
      'Ya Existía;5511977770001;',
      'Nueva Persona;+55 11 97777-0002;nueva@example.com',
      'Otra Persona;5511977770003;',
      'Sin Número;;',
    ].join('\n');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 15_000 }),
      page.getByRole('button', { name: t('contacts.import') }).click(),
    ]);
    await chooser.setFiles({ name: 'contactos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

    const result = page.getByTestId('contacts-import-result');
    await result.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => result.getByTestId('contacts-import-created').innerText()).toBe('2');
    await expect.poll(() => result.getByTestId('contacts-import-skipped').innerText()).toBe('1');
    await expect.poll(() => result.getByTestId('contacts-import-invalid').innerText()).toBe('1');
    await expect
      .poll(() => result.locator('tbody tr').first().innerText())
      .toMatch(/^5\s+Número: Requerido$/);
    await page
      .locator('[data-toast="success"]', {
        hasText: t('contacts.import.done', { created: 2, skipped: 1, invalid: 1 }),
      })
      .waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(tmpdir(), 'contacts-import.png') });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.close') })
      .last()
      .click();

    await page
      .locator('tr[data-contact-name="Nueva Persona"]')
      .waitFor({ state: 'visible', timeout: 15_000 });
    await page.locator('tr[data-contact-name="Otra Persona"]').waitFor({ state: 'visible', timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('contacts-count').innerText(), { timeout: 15_000 })
      .toBe(t('contacts.count', { count: 3 }));
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
