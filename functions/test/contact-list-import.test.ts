import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/domain/app-error.ts';
import {
  importRowsOf,
  normaliseNumber,
  readSheetRows,
  sheetFormatOf,
  type SheetRows,
} from '../src/domain/contact-list-import.ts';
import { contactListEventRule, contactListItemEventRule } from '../src/modules/contact-lists/events.ts';

const sheet = (...rows: string[][]): SheetRows => rows.map((cells, index) => ({ line: index + 1, cells }));

describe('contact-list import rows', () => {
  it('finds the columns by header in Spanish, Portuguese or English, in any order and case', () => {
    for (const header of [
      ['Nombre', 'Número', 'Email'],
      ['NOME', 'numero', 'e-mail'],
      ['name', 'number', 'email'],
    ]) {
      expect(importRowsOf(sheet(header, ['Ana', '5511911110001', 'ana@example.com'])).rows).toEqual([
        { line: 2, name: 'Ana', number: '5511911110001', email: 'ana@example.com' },
      ]);
    }
    const reordered = importRowsOf(
      sheet(['Email', 'Telefone', 'Nome'], ['ana@example.com', '5511911110001', 'Ana']),
    );
    expect(reordered.rows[0]).toMatchObject({
      name: 'Ana',
      number: '5511911110001',
      email: 'ana@example.com',
    });
  });

  it('reads name, number, email in that order when there is no header', () => {
    const parsed = importRowsOf(
      sheet(['Ana', '5511911110001'], ['Beto', '5511911110002', 'beto@example.com']),
    );
    expect(parsed.total).toBe(2);
    expect(parsed.rows.map((row) => [row.line, row.name])).toEqual([
      [1, 'Ana'],
      [2, 'Beto'],
    ]);
  });

  it('keeps the digits of a number only', () => {
    expect(normaliseNumber('+55 (11) 9 1111-0001')).toBe('5511911110001');
    expect(normaliseNumber('55.11.91111.0001')).toBe('5511911110001');
    expect(normaliseNumber('sin número')).toBe('');
  });

  it('refuses bad rows with their line and reason, and gives a nameless row its number', () => {
    const parsed = importRowsOf(
      sheet(
        ['nombre', 'numero', 'email'],
        ['Sin número', '', ''],
        ['Corto', '123-45', ''],
        ['Mal correo', '5511911110003', 'x@'],
        ['', '5511911110004', ''],
        ['A', '5511911110005', ''],
        ['x'.repeat(51), '5511911110006', ''],
      ),
    );
    expect(parsed.refused).toEqual([
      { line: 2, reason: 'Número: Requerido' },
      { line: 3, reason: 'Número: muy corto' },
      { line: 4, reason: 'Correo electrónico: Email no valido' },
      { line: 6, reason: 'Nombre: muy corto' },
      { line: 7, reason: 'Nombre: muy largo!' },
    ]);
    expect(parsed.rows).toEqual([{ line: 5, name: '5511911110004', number: '5511911110004', email: '' }]);
  });

  it('merges a number repeated in the file into its first row: a later name or e-mail wins, a blank one does not', () => {
    const parsed = importRowsOf(
      sheet(
        ['name', 'number', 'email'],
        ['Ana', '5511911110001', 'ana@example.com'],
        ['Beto', '5511911110002', ''],
        ['Ana Maria', '+55 11 91111-0001', ''],
        ['', '5511911110002', 'beto@example.com'],
      ),
    );
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Ana Maria', number: '5511911110001', email: 'ana@example.com' },
      { line: 3, name: 'Beto', number: '5511911110002', email: 'beto@example.com' },
    ]);
    expect(parsed.merged).toEqual([
      { line: 4, into: 2 },
      { line: 5, into: 3 },
    ]);
  });
});

describe('contact-list sheet files', () => {
  it('reads the first sheet of an .xlsx, numeric cells as their digits, skipping empty rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('Lista');
    first.addRow(['Nombre', 'Número']);
    first.addRow(['Ana', 5511911110001]);
    first.addRow([]);
    first.addRow([{ richText: [{ text: 'Be' }, { text: 'to' }] }, '5511911110002']);
    workbook.addWorksheet('Otra').addRow(['Nadie', '5511999999999']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(sheetFormatOf(bytes)).toBe('xlsx');
    expect(await readSheetRows(bytes)).toEqual([
      { line: 1, cells: ['Nombre', 'Número'] },
      { line: 2, cells: ['Ana', '5511911110001'] },
      { line: 4, cells: ['Beto', '5511911110002'] },
    ]);
  });

  it('reads CSV with ; or , and refuses an old binary .xls with what to do instead', async () => {
    const csv = new TextEncoder().encode('nombre,numero\nAna,5511911110001\n');
    expect(sheetFormatOf(csv)).toBe('csv');
    expect(importRowsOf(await readSheetRows(csv)).rows).toHaveLength(1);
    const legacy = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(sheetFormatOf(legacy)).toBe('legacy-xls');
    await expect(readSheetRows(legacy)).rejects.toBeInstanceOf(AppError);
  });
});

describe('contact-list live events', () => {
  const list = { companyId: 7, id: 3, name: 'Lista', contactsCount: 2 };
  const item = {
    companyId: 7,
    id: 9,
    contactListId: 3,
    name: 'Ana',
    nameKey: 'ana',
    number: '5511911110001',
    email: '',
  };

  it('sends item changes on the company channel and the list channel, but not the writes of an import', async () => {
    const created = await contactListItemEventRule({
      entity: 'contactListItem',
      kind: 'create',
      newItem: item,
      oldItem: undefined,
    });
    expect(created.map((output) => 'event' in output && output.event)).toEqual([
      'ContactListItem',
      'ContactListItem-3',
    ]);
    const imported = { ...item, importId: 'imp-1' };
    expect(
      await contactListItemEventRule({
        entity: 'contactListItem',
        kind: 'create',
        newItem: imported,
        oldItem: undefined,
      }),
    ).toEqual([]);
    expect(
      await contactListItemEventRule({
        entity: 'contactListItem',
        kind: 'update',
        newItem: { ...imported, name: 'B' },
        oldItem: item,
      }),
    ).toEqual([]);
    const checked = await contactListItemEventRule({
      entity: 'contactListItem',
      kind: 'update',
      newItem: { ...imported, isWhatsappValid: true },
      oldItem: imported,
    });
    expect(checked).toHaveLength(2);
  });

  it("asks the list's item channel to reload once an import is done", async () => {
    const running = { ...list, importId: 'imp-1', importStatus: 'running' };
    const done = { ...running, importStatus: 'done' };
    const events = await contactListEventRule({
      entity: 'contactList',
      kind: 'update',
      newItem: done,
      oldItem: running,
    });
    expect(
      events.map((output) => 'event' in output && [output.event, (output.data as { action: string }).action]),
    ).toEqual([
      ['ContactList', 'update'],
      ['ContactListItem-3', 'reload'],
    ]);
    const again = await contactListEventRule({
      entity: 'contactList',
      kind: 'update',
      newItem: { ...done, name: 'Otra' },
      oldItem: done,
    });
    expect(again).toHaveLength(1);
  });
});
