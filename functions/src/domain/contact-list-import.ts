import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { contactListItemCreateInputSchema } from '@atende/shared/entities/contact-list';
import { AppError } from './app-error.ts';
import { columnsOfHeader, decodeCsv, separatorOf, type Column } from './contact-import.ts';

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

async function xlsxRows(bytes: Uint8Array): Promise<SheetRows> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalidFile('Archivo de Excel no válido');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRows = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from({ length: values.length }, (_, index) => cellText(values[index]).trim());
    if (cells.some((cell) => cell !== '')) rows.push({ line, cells });
  });
  return rows;
}

function csvRows(bytes: Uint8Array): SheetRows {
  const text = decodeCsv(bytes);
  try {
    const records = parse(text, {
      delimiter: separatorOf(text),
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records
      .filter(({ record }) => record.some((cell) => cell !== ''))
      .map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch {
    throw invalidFile('Archivo no válido: use .xlsx o .csv');
  }
}

/** The rows of an uploaded sheet file; an old binary .xls is refused with what to do instead. */
export async function readSheetRows(bytes: Uint8Array): Promise<SheetRows> {
  if (bytes.length > contactListImportLimits.maxBytes) throw invalidFile('El archivo supera los 10 MB');
  const format = sheetFormatOf(bytes);
  if (format === 'legacy-xls') throw invalidFile('Formato .xls antiguo: guárdelo como .xlsx o .csv');
  return format === 'xlsx' ? xlsxRows(bytes) : csvRows(bytes);
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
  if (body.length > contactListImportLimits.maxRows)
    throw invalidFile(`El archivo tiene más de ${contactListImportLimits.maxRows} filas`);
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
