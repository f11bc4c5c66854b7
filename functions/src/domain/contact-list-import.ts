import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { contactListItemCreateInputSchema } from '@atende/shared/entities/contact-list';
import { columnsOfHeader, csvParseOptions, decodeCsv, type Column } from './contact-import.ts';
import {
  CappedRows,
  contactListImportLimits,
  contactListImportMessages,
  invalidFile,
  type SheetRows,
} from './sheet-import-rules.ts';

export { contactListImportLimits, contactListImportMessages, type SheetRows } from './sheet-import-rules.ts';

/**
 * Reading a contact-list import (POST /contact-lists/{id}/upload): an .xlsx workbook (its first
 * sheet), or CSV text (whatever the name says: many ".xls" files are CSV or .xlsx inside). Columns
 * are found by header with the contacts import's names (name/nome/nombre, number/numero/número,
 * email...), or are name, number, email without a header. Numbers keep their digits; a row
 * without a name takes its number; a number seen on an earlier row merges into that row.
 */

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

export type SheetFormat = 'xlsx' | 'legacy-xls' | 'csv';

/** The format by content: a zip is a workbook, an OLE2 compound file an old binary .xls, anything else text. */
export function sheetFormatOf(bytes: Uint8Array): SheetFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'xlsx';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'legacy-xls';
  return 'csv';
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
  if (format === 'csv') return csvRows(bytes);
  // Loaded on the first workbook only: a chunk of its own in the bundle (functions/build.ts).
  const { xlsxRows } = await import('./xlsx-rows.ts');
  return xlsxRows(buffer);
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
