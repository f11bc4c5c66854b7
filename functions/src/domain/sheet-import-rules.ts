import { limits } from '@atende/shared/constants';
import { AppError } from './app-error.ts';
import { columnsOfHeader } from './contact-import.ts';

/**
 * What both readers of a contact-list import share (domain/contact-list-import.ts for CSV and the
 * checks, domain/xlsx-rows.ts for workbooks, loaded only when a workbook comes): the limits, the
 * texts of a refused file, and the capped row collector.
 */

export const contactListImportLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxRows: 20_000,
  accept: '.xls,.xlsx,.csv',
} as const;

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

export function invalidFile(message: string): AppError {
  return new AppError('ERR_VALIDATION', { issues: [{ path: 'file', message }] });
}

/**
 * Collects the non-empty rows of a sheet read row by row, and stops at the first row past the cap
 * (the header, when the first row is one, is not counted): the file is refused then, without
 * reading the rest.
 */
export class CappedRows {
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

