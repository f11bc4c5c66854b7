import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App } from './support/app.ts';

/**
 * File lists (extended §2.10): an admin creates a list with two options and their files, sees it
 * in the table, edits it (the stored files shown, one option dropped) and deletes it.
 */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Stored = {
  id: number;
  name: string;
  options: { id: number; name: string; path: string | null; mediaType: string | null }[];
};

describe('file lists', () => {
  let app: App;
  let files: string;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Archivos', 'dona', stamp);

  beforeAll(async () => {
    app = await startApp('files');
    files = mkdtempSync(join(tmpdir(), 'atende-file-lists-'));
  });

  afterAll(async () => {
    await app?.stop();
    if (files) rmSync(files, { recursive: true, force: true });
  });

  it('creates a list with two options and their files, shows it, edits it and deletes it', async () => {
    const { page, api } = await app.signedInAdmin(company, pageErrors);
    await page.goto(app.url('/files'));
    const table = page.getByTestId('files-list');
    await table.getByText(t('files.empty')).waitFor({ state: 'visible' });

    // The form's texts (extended §5) before anything is saved.
    await page.getByRole('button', { name: t('files.add') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('files.modal.name'), { exact: true }).fill('ab');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.getByText('nombre muy corto', { exact: false }).waitFor({ state: 'visible' });
    await dialog.getByText('Requerido').first().waitFor({ state: 'visible' });

    const name = `Catálogo ${stamp}`;
    await dialog.getByLabel(t('files.modal.name'), { exact: true }).fill(name);
    await dialog.getByLabel(t('files.modal.message')).fill('Segue o nosso catálogo e a foto do produto.');
    await dialog.getByRole('button', { name: t('files.modal.addOption') }).click();
    await dialog.getByRole('button', { name: t('files.modal.addOption') }).click();
    await dialog.getByLabel(t('files.modal.optionName', { n: 1 })).fill('Precios');
    await dialog.getByLabel(t('files.modal.optionName', { n: 2 })).fill('Foto');
    const pdf = join(files, 'precios.pdf');
    writeFileSync(pdf, '%PDF-1.4 precios');
    const png = join(files, 'foto.png');
    writeFileSync(png, onePixelPng);
    await dialog.getByTestId('file-list-option-file-0').setInputFiles(pdf);
    await dialog.getByTestId('file-list-option-file-1').setInputFiles(png);
    await expect.poll(() => dialog.getByTestId('file-list-option-name-0').innerText()).toBe('precios.pdf');
    await expect.poll(() => dialog.getByTestId('file-list-option-name-1').innerText()).toBe('foto.png');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await page.locator('[data-toast="success"]', { hasText: t('files.saved') }).waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'detached' });

    // In the table with its two options, and the count in the title.
    const row = table.locator(`tr[data-name="${name}"]`);
    await row.waitFor({ state: 'visible' });
    await expect.poll(() => row.innerText()).toContain(t('files.optionsCount', { count: 2 }));
    await expect.poll(() => page.getByTestId('files-count').innerText()).toBe(t('files.countOne'));

    // Stored with both files, typed from their bytes.
    const listed = await api<{ files: Stored[] }>('GET', '/files');
    const stored = listed.body.files.find((list) => list.name === name)!;
    expect(stored.options).toEqual([
      expect.objectContaining({ name: 'Precios', path: 'precios.pdf', mediaType: 'application/pdf' }),
      expect.objectContaining({ name: 'Foto', path: 'foto.png', mediaType: 'image/png' }),
    ]);

    // Edit: the stored files show; rename the list and drop the second option.
    await page.getByRole('button', { name: t('files.editRecord', { name }) }).click();
    const editDialog = page.getByRole('dialog');
    await expect
      .poll(() => editDialog.getByTestId('file-list-option-name-0').innerText())
      .toBe('precios.pdf');
    await expect.poll(() => editDialog.getByTestId('file-list-option-name-1').innerText()).toBe('foto.png');
    await expect
      .poll(() => editDialog.getByRole('link', { name: 'foto.png' }).getAttribute('href'))
      .toMatch(/X-Amz-Signature=/);
    const renamed = `Catálogo nuevo ${stamp}`;
    await editDialog.getByLabel(t('files.modal.name'), { exact: true }).fill(renamed);
    await editDialog.getByRole('button', { name: t('files.modal.removeOption', { n: 2 }) }).click();
    await editDialog.getByTestId('file-list-option-1').waitFor({ state: 'detached' });
    await editDialog.getByRole('button', { name: t('common.save') }).click();
    await editDialog.waitFor({ state: 'detached' });
    const renamedRow = table.locator(`tr[data-name="${renamed}"]`);
    await expect.poll(() => renamedRow.innerText()).toContain(t('files.optionsCountOne'));
    await row.waitFor({ state: 'detached' });
    const edited = await api<Stored>('GET', `/files/${stored.id}`);
    expect(edited.body.options).toEqual([
      expect.objectContaining({ id: stored.options[0]!.id, path: 'precios.pdf' }),
    ]);

    // Delete behind the confirmation.
    await page.getByRole('button', { name: t('files.deleteRecord', { name: renamed }) }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(t('common.confirmDelete')).waitFor({ state: 'visible' });
    await confirm.getByRole('button', { name: t('common.delete') }).click();
    await page
      .locator('[data-toast="success"]', { hasText: t('files.deleted') })
      .waitFor({ state: 'visible' });
    await renamedRow.waitFor({ state: 'detached' });
    await table.getByText(t('files.empty')).waitFor({ state: 'visible' });
    expect((await api('GET', `/files/${stored.id}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });
});
