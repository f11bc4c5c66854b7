import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
// The streaming reader alone (docs/decisions.md, "Lambda bundles"): the package root also loads
// the whole-workbook reader and the writers (jszip, archiver...), twice the bundle for nothing.
import WorkbookReader from 'exceljs/lib/stream/xlsx/workbook-reader.js';
import { limits } from '@atende/shared/constants';
import type { AppError } from './app-error.ts';
import { CappedRows, contactListImportMessages, invalidFile, type SheetRows } from './sheet-import-rules.ts';
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
 * An .xlsx import's rows. A module of its own that the upload loads only when a workbook comes,
 * so exceljs and its unzipper stay out of what the contact lists' cold start loads
 * (docs/decisions.md, "A workbook reader loaded on demand").
 */

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

/**
 * The first sheet's rows, read as a stream (docs/security.md, "Uploaded workbooks"): the zip's
 * directory is checked first (declared sizes, ratios) and each part the rows need is counted while
 * inflated; exceljs's streaming reader then reads only those parts, shared strings before the
 * sheets, and the rows stop at the cap.
 */
export async function xlsxRows(bytes: Buffer): Promise<SheetRows> {
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

