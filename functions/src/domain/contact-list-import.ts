import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import type ExcelJS from 'exceljs';
// The streaming reader alone (docs/decisions.md, "Lambda bundles"): the package root also loads
// the whole-workbook reader and the writers (jszip, archiver...), twice the bundle for nothing.
import WorkbookReader from 'exceljs/lib/stream/xlsx/workbook-reader.js';
import { limits } from '@atende/shared/constants';
import { contactListItemCreateInputSchema } from '@atende/shared/entities/contact-list';
import { AppError } from './app-error.ts';
import { columnsOfHeader, csvParseOptions, decodeCsv, type Column } from './contact-import.ts';
import {
  checkInflatedSize,
  storedZipPart,
  zipEntries,
  zipOfEntries,
  ZipRefused,
  type ZipEntry,
  type ZipLimits,
} from './zip-guard.ts';

/**
 * Reading a contact-list import (POST /contact-lists/{id}/upload): an .xlsx workbook (its first
 * sheet), or CSV text (whatever the name says: many ".xls" files are CSV or .xlsx inside). Columns
 * are found by header with the contacts import's names (name/nome/nombre, number/numero/número,
 * email...), or are name, number, email without a header. Numbers keep their digits; a row
 * without a name takes its number; a number seen on an earlier row merges into that row.
 */

export const contactListImportLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxRows: 20_000,
  accept: '.xls,.xlsx,.csv',
} as const;

/** How the queued import steps write the accepted rows (modules/contact-lists/import-step.ts). */
export const contactListImportSteps = {
  /** Rows written between two progress checkpoints (about ten transactions). */
  rowsPerSlice: 490,
  /** Rows one step writes at most before sending the next: short steps, little to redo after a failure. */
  rowsPerStep: 490 * 5,
} as const;

export interface ListImportRow {
  /** The row's number in the sheet (1 is the header, when there is one). */
  line: number;
  name: string;
  number: string;
  email: string;
}

export interface ListImportRefusal {
  line: number;
  reason: string;
}

export interface ListImportMerge {
  line: number;
  /** The earlier row the same number was on. */
  into: number;
}

export interface ParsedListImport {
  /** Non-empty rows below the header. */
  total: number;
  /** One per number, in file order, ready to write. */
  rows: ListImportRow[];
  refused: ListImportRefusal[];
  merged: ListImportMerge[];
}

const fieldLabels: Record<string, string> = { name: 'Nombre', number: 'Número', email: 'Correo electrónico' };
const rowSchema = contactListItemCreateInputSchema.pick({ name: true, number: true, email: true });

function invalidFile(message: string): AppError {
  return new AppError('ERR_VALIDATION', { issues: [{ path: 'file', message }] });
}

export type SheetFormat = 'xlsx' | 'legacy-xls' | 'csv';

/** The format by content: a zip is a workbook, an OLE2 compound file an old binary .xls, anything else text. */
export function sheetFormatOf(bytes: Uint8Array): SheetFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'xlsx';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'legacy-xls';
  return 'csv';
}

/** A cell's text whatever exceljs made of it (number, rich text, hyperlink, formula result, date). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
}

/** A sheet as rows of trimmed cell texts, each with its line number; empty rows left out. */
export type SheetRows = { line: number; cells: string[] }[];

/** The Spanish texts of a refused file (the answer's `issues[0].message`, path `file`). */
export const contactListImportMessages = {
  tooLarge: 'El archivo supera los 10 MB',
  legacyXls: 'Formato .xls antiguo: guárdelo como .xlsx o .csv',
  invalidXlsx: 'Archivo de Excel no válido',
  invalidCsv: 'Archivo no válido: use .xlsx o .csv',
  unzippedTooLarge: `El archivo de Excel descomprimido supera los ${limits.contactListImportUnzippedMax / (1024 * 1024)} MB`,
  zipBomb: 'Archivo de Excel no válido: su contenido comprimido es desproporcionado',
  tooManyRows: `El archivo tiene más de ${contactListImportLimits.maxRows} filas`,
} as const;

const zipLimits: ZipLimits = {
  maxUnzippedBytes: limits.contactListImportUnzippedMax,
  maxRatio: limits.contactListImportZipRatioMax,
  ratioFloorBytes: 1024 * 1024,
  // An .xlsx of one sheet has about a dozen parts; many sheets, images and styles stay in hundreds.
  maxEntries: 2_000,
};

/**
 * The workbook parts the rows need, in the order a sequential reader must meet them. exceljs
 * streams a sheet only once it has met the workbook's relations and the shared strings; otherwise
 * it keeps the sheet in a temporary file, which a read stopped at the cap would leave in a warm
 * function's /tmp. A workbook without one of them gets an empty one of our own.
 */
const workbookParts: { name: string; placeholder?: string }[] = [
  {
    name: 'xl/_rels/workbook.xml.rels',
    placeholder:
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  },
  { name: 'xl/workbook.xml' },
  {
    name: 'xl/sharedStrings.xml',
    placeholder:
      '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  },
  { name: 'xl/styles.xml' },
];
const sheetPart = /^xl\/worksheets\/sheet(\d+)\.xml$/;

function zipRefusal(error: unknown): AppError {
  if (!(error instanceof ZipRefused)) return invalidFile(contactListImportMessages.invalidXlsx);
  if (error.reason === 'too-large') return invalidFile(contactListImportMessages.unzippedTooLarge);
  if (error.reason === 'bomb') return invalidFile(contactListImportMessages.zipBomb);
  return invalidFile(contactListImportMessages.invalidXlsx);
}

/**
 * Collects the non-empty rows of a sheet read row by row, and stops at the first row past the cap
 * (the header, when the first row is one, is not counted): the file is refused then, without
 * reading the rest.
 */
class CappedRows {
  readonly rows: SheetRows = [];
  private cap: number | undefined;

  /** False once the rows are past the cap. */
  add(line: number, cells: string[]): boolean {
    if (!cells.some((cell) => cell !== '')) return true;
    this.cap ??= contactListImportLimits.maxRows + (columnsOfHeader(cells) ? 1 : 0);
    this.rows.push({ line, cells });
    return this.rows.length <= this.cap;
  }
}

/**
 * The first sheet's rows, read as a stream (docs/security.md, "Uploaded workbooks"): the zip's
 * directory is checked first (declared sizes, ratios) and each part the rows need is counted while
 * inflated; exceljs's streaming reader then reads only those parts, shared strings before the
 * sheets, and the rows stop at the cap.
 */
async function xlsxRows(bytes: Buffer): Promise<SheetRows> {
  let parts: (ZipEntry | Buffer)[];
  try {
    const entries = zipEntries(bytes, zipLimits);
    const named = new Map(entries.map((entry) => [entry.name, entry]));
    const sheets = entries
      .filter((entry) => sheetPart.test(entry.name))
      .sort((a, b) => Number(sheetPart.exec(a.name)![1]) - Number(sheetPart.exec(b.name)![1]));
    const found = [...workbookParts.flatMap(({ name }) => named.get(name) ?? []), ...sheets];
    for (const part of found) await checkInflatedSize(bytes, part);
    parts = [
      ...workbookParts.flatMap(({ name, placeholder }): (ZipEntry | Buffer)[] => {
        const entry = named.get(name);
        if (entry) return [entry];
        return placeholder ? [storedZipPart(name, placeholder)] : [];
      }),
      ...sheets,
    ];
  } catch (error) {
    throw zipRefusal(error);
  }
  const input = Readable.from(zipOfEntries(bytes, parts));
  const workbook = new WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers, as the whole-workbook reader did; links keep their text.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const collected = new CappedRows();
  let pastCap = false;
  try {
    for await (const worksheet of workbook) {
      // The first sheet in the workbook's own order (its tabs), whatever its part's name.
      const first = (workbook as unknown as { model?: { sheets?: { id: number; name: string }[] } }).model
        ?.sheets?.[0];
      const sheet = worksheet as unknown as { id: number; name: string };
      if (first && (sheet.id !== first.id || sheet.name !== first.name)) continue;
      for await (const row of worksheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from({ length: values.length }, (_, index) => cellText(values[index]).trim());
        if (!collected.add(row.number, cells)) {
          pastCap = true;
          break;
        }
      }
      break;
    }
  } catch {
    throw invalidFile(contactListImportMessages.invalidXlsx);
  } finally {
    input.destroy();
  }
  if (pastCap) throw invalidFile(contactListImportMessages.tooManyRows);
  return collected.rows;
}

/** The text in pieces the parser takes one at a time; a piece never ends inside a surrogate pair. */
function* piecesOf(text: string, size = 64 * 1024): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    yield text.slice(start, end);
    start = end;
  }
}

/** The rows of CSV text, parsed as a stream that stops at the cap. */
async function csvRows(bytes: Uint8Array): Promise<SheetRows> {
  const text = decodeCsv(bytes);
  const parser = parseCsv(csvParseOptions(text));
  // Piped piece by piece, the parser holds one piece's records at a time, not the whole file's.
  const input = Readable.from(piecesOf(text));
  input.pipe(parser);
  const collected = new CappedRows();
  let pastCap = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!collected.add(info.lines, record)) {
        pastCap = true;
        break;
      }
    }
  } catch {
    throw invalidFile(contactListImportMessages.invalidCsv);
  } finally {
    input.destroy();
  }
  if (pastCap) throw invalidFile(contactListImportMessages.tooManyRows);
  return collected.rows;
}

/** The rows of an uploaded sheet file; an old binary .xls is refused with what to do instead. */
export async function readSheetRows(bytes: Uint8Array): Promise<SheetRows> {
  if (bytes.length > contactListImportLimits.maxBytes) throw invalidFile(contactListImportMessages.tooLarge);
  const format = sheetFormatOf(bytes);
  if (format === 'legacy-xls') throw invalidFile(contactListImportMessages.legacyXls);
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return format === 'xlsx' ? xlsxRows(buffer) : csvRows(bytes);
}

/** Digits only: "+55 (11) 9 9999-9999" becomes "5511999999999". */
export function normaliseNumber(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * The import's rows from a sheet's rows: each checked with the manual form's rules (refusals
 * carry the line and the reason), and a number repeated within the file merged into its first
 * row (a later name or e-mail replaces the earlier one, as an import into an existing item does).
 */
export function importRowsOf(sheet: SheetRows): ParsedListImport {
  const header = sheet[0] ? columnsOfHeader(sheet[0].cells) : undefined;
  const columns: Partial<Record<Column, number>> = header ?? { name: 0, number: 1, email: 2 };
  const body = header ? sheet.slice(1) : sheet;
  if (body.length > contactListImportLimits.maxRows) throw invalidFile(contactListImportMessages.tooManyRows);
  const rows: ListImportRow[] = [];
  const refused: ListImportRefusal[] = [];
  const merged: ListImportMerge[] = [];
  const byNumber = new Map<string, ListImportRow>();
  for (const { line, cells } of body) {
    const cell = (column: Column) =>
      columns[column] === undefined ? '' : (cells[columns[column]] ?? '').trim();
    const number = normaliseNumber(cell('number'));
    if (!number) {
      refused.push({ line, reason: `${fieldLabels.number}: Requerido` });
      continue;
    }
    const checked = rowSchema.safeParse({ name: cell('name') || number, number, email: cell('email') });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const field = String(issue.path[0] ?? '');
      refused.push({ line, reason: `${fieldLabels[field] ?? field}: ${issue.message}` });
      continue;
    }
    const earlier = byNumber.get(checked.data.number);
    if (earlier) {
      if (cell('name')) earlier.name = checked.data.name;
      if (checked.data.email) earlier.email = checked.data.email;
      merged.push({ line, into: earlier.line });
      continue;
    }
    const row = { line, ...checked.data };
    byNumber.set(row.number, row);
    rows.push(row);
  }
  return { total: body.length, rows, refused, merged };
}
