import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { limits } from '@atende/shared/constants';
import {
  contactListImportLimits,
  contactListImportMessages,
  importRowsOf,
  readSheetRows,
} from '../src/domain/contact-list-import.ts';
import { contactsWorkbook, excelOrderedWorkbook, paddedWorkbook } from './xlsx-fixtures.ts';

/**
 * Issue #24: an upload is read within bounded memory. A workbook's zip is judged by its directory
 * and by what it really inflates to before any part is parsed, and a sheet or CSV is read row by
 * row up to the cap only (the product still refuses a file past the cap, with the same text).
 */

const megabyte = 1024 * 1024;
/**
 * Heap plus buffers an import may grow by while reading one file. Generous (the 20,001 rows read
 * and the inflated chunks not yet collected fit twice over: 15 to 45 MB measured), yet far below
 * what the whole-file readers took: 475 MB for the 250,000-row sheet, 110 MB for the
 * 300,000-row CSV, 270 MB for the 256 MB part.
 */
const workbookGrowthBound = 100 * megabyte;
const csvGrowthBound = 64 * megabyte;

/** What the upload route does with the file's bytes (handler.ts): its rows, then the import's. */
const readImport = async (bytes: Uint8Array) => importRowsOf(await readSheetRows(bytes));

function used(): number {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
}

/** The reading's outcome and how far heap and buffers grew above where they were at its start, sampled as it ran. */
async function measured(read: () => Promise<unknown>): Promise<{ error: unknown; growth: number }> {
  const base = used();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 2);
  let error: unknown;
  try {
    await read();
  } catch (caught) {
    error = caught;
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, used());
  }
  return { error, growth: peak - base };
}

function refusalOf(error: unknown): string | undefined {
  return (error as { details?: { issues?: { message: string }[] } } | undefined)?.details?.issues?.[0]
    ?.message;
}

describe('contact-list upload limits: workbooks', () => {
  it('refuses a workbook whose parts declare far more than the limit, before inflating them', async () => {
    // 256 MB of blank space in the sheet, deflated to a few hundred kilobytes.
    const bomb = await paddedWorkbook(256);
    expect(bomb.length).toBeLessThan(2 * megabyte);
    const { error, growth } = await measured(() => readImport(bomb));
    expect(refusalOf(error)).toBe(contactListImportMessages.unzippedTooLarge);
    expect(contactListImportMessages.unzippedTooLarge).toContain(
      `${limits.contactListImportUnzippedMax / megabyte} MB`,
    );
    expect(growth).toBeLessThan(workbookGrowthBound);
  }, 60_000);

  it('counts what a part really inflates to, and stops when it passes what the directory declared', async () => {
    // The directory says the sheet is 1 MB (a ratio of about four); it inflates to 256 MB.
    const lying = await paddedWorkbook(256, megabyte);
    const { error, growth } = await measured(() => readImport(lying));
    expect(refusalOf(error)).toBe(contactListImportMessages.zipBomb);
    expect(growth).toBeLessThan(workbookGrowthBound);
  }, 60_000);

  it('refuses a part whose declared compression ratio no sheet has, even under the total', async () => {
    // 20 MB of blanks declared honestly: under the 32 MB total, but compressed about a thousand times.
    const { error } = await measured(() => paddedWorkbook(20).then(readImport));
    expect(refusalOf(error)).toBe(contactListImportMessages.zipBomb);
  }, 60_000);

  it('reads a 250,000-row sheet (28 MB of XML) only up to the cap, within bounded memory', async () => {
    const big = await contactsWorkbook(250_000);
    const { error, growth } = await measured(() => readImport(big));
    expect(refusalOf(error)).toBe(contactListImportMessages.tooManyRows);
    expect(contactListImportMessages.tooManyRows).toBe(
      `El archivo tiene más de ${contactListImportLimits.maxRows} filas`,
    );
    expect(growth).toBeLessThan(workbookGrowthBound);
  }, 60_000);

  it('stops at the first row past the cap: what follows it is never read', async () => {
    // A broken tag after row 25,001: a reader that went on would call the file broken instead.
    const { error } = await measured(async () => readImport(await contactsWorkbook(25_000, '<row r="x"><c')));
    expect(refusalOf(error)).toBe(contactListImportMessages.tooManyRows);
  }, 60_000);

  it('reads a sheet of exactly the cap whole: every row accepted, lines as in the sheet', async () => {
    const parsed = importRowsOf(await readSheetRows(await contactsWorkbook(contactListImportLimits.maxRows)));
    expect(parsed.total).toBe(contactListImportLimits.maxRows);
    expect(parsed.rows).toHaveLength(contactListImportLimits.maxRows);
    expect(parsed.refused).toEqual([]);
    expect(parsed.rows.at(-1)).toEqual({
      line: contactListImportLimits.maxRows + 1,
      name: `Cliente ${contactListImportLimits.maxRows}`,
      number: String(5511900000000 + contactListImportLimits.maxRows),
      email: '',
    });
  }, 60_000);
});

describe('contact-list upload limits: how workbooks are laid out', () => {
  it('leaves no temporary file behind when a workbook without shared strings is stopped at the cap', async () => {
    // exceljs's streaming reader parks a sheet in a file named tmp-<pid>-… when it has not met the
    // shared strings first; a read stopped at the cap would leave it in a warm function's /tmp.
    const parked = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    const before = parked();
    const { error } = await measured(async () => readImport(await contactsWorkbook(25_000)));
    expect(refusalOf(error)).toBe(contactListImportMessages.tooManyRows);
    expect(parked()).toEqual(before);
  }, 60_000);

  it('reads cells as the whole-workbook reader did: dates, links, formulas, rich text, booleans', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lista');
    sheet.addRow(['Nombre', 'Número', 'Email', 'Alta', 'Activo']);
    sheet.addRow([
      { richText: [{ text: 'An', font: { bold: true } }, { text: 'a' }] },
      { formula: '5511911110000+1', result: 5511911110001 },
      { text: 'ana@example.com', hyperlink: 'mailto:ana@example.com' },
      new Date(Date.UTC(2026, 10, 28)),
      true,
    ]);
    sheet.addRow([]);
    sheet.addRow(['Beto', 5511911110002, '', 1.5, false]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    // The texts the whole-workbook reader (before issue #24) gave for the same file.
    expect(await readSheetRows(bytes)).toEqual([
      { line: 1, cells: ['Nombre', 'Número', 'Email', 'Alta', 'Activo'] },
      { line: 2, cells: ['Ana', '5511911110001', 'ana@example.com', '2026-11-28T00:00:00.000Z', 'true'] },
      { line: 4, cells: ['Beto', '5511911110002', '', '1.5', 'false'] },
    ]);
  });

  it('reads the first sheet in tab order of a workbook streamed with data descriptors, shared strings last', async () => {
    expect(await readSheetRows(await excelOrderedWorkbook())).toEqual([
      { line: 1, cells: ['Nombre', 'Número'] },
      { line: 3, cells: ['Ana', '5511911110001'] },
    ]);
  });
});

function contactsCsv(count: number, after = ''): Buffer {
  const lines = ['nombre;numero'];
  for (let index = 1; index <= count; index += 1) lines.push(`Cliente ${index};${5511900000000 + index}`);
  return Buffer.from(lines.join('\n') + '\n' + after);
}

describe('contact-list upload limits: CSV', () => {
  it('reads a 300,000-row CSV only up to the cap, within bounded memory', async () => {
    const big = contactsCsv(300_000);
    expect(big.length).toBeLessThan(contactListImportLimits.maxBytes);
    const { error, growth } = await measured(() => readImport(big));
    expect(refusalOf(error)).toBe(contactListImportMessages.tooManyRows);
    expect(growth).toBeLessThan(csvGrowthBound);
  }, 60_000);

  it('stops at the first row past the cap: what follows it is never read', async () => {
    // An unclosed quote at the end: a parser that went on would call the file broken instead.
    const { error } = await measured(() => readImport(contactsCsv(25_000, '"sin cerrar;5511900000000\n')));
    expect(refusalOf(error)).toBe(contactListImportMessages.tooManyRows);
  });

  it('reads a CSV of exactly the cap whole, with its lines', async () => {
    const parsed = importRowsOf(await readSheetRows(contactsCsv(contactListImportLimits.maxRows)));
    expect(parsed.rows).toHaveLength(contactListImportLimits.maxRows);
    expect(parsed.rows[0]).toEqual({ line: 2, name: 'Cliente 1', number: '5511900000001', email: '' });
  });
});
