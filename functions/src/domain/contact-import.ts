import { CsvError, parse } from 'csv-parse/sync';
import { contactCreateInputSchema, contactImportLimits } from '@atende/shared/entities/contact';
import { foldForSearch } from '@atende/shared/search-text';
import { AppError } from './app-error.ts';
import { restoreNeutralisedFormula } from './csv.ts';

/**
 * Reading a contacts CSV (POST /contacts/import): the export's format (`;`, name;number;email)
 * or the same with `,`, with a header in English, Portuguese or Spanish, or no header at all
 * (then the columns are name, number, email). Numbers keep their digits only and follow the
 * manual form's rules (8 to 50), names and e-mails too; a row without a name takes its number,
 * as contacts created by WhatsApp do.
 */

export interface ImportRow {
  /** The row's line in the file (1 is the header, when there is one). */
  line: number;
  name: string;
  number: string;
  email: string;
}

export interface ImportIssue {
  line: number;
  reason: string;
}

export type Column = 'name' | 'number' | 'email';

/** Header names per column, folded (no case, no accents). */
const headerNames: Record<Column, string[]> = {
  name: ['name', 'nome', 'nombre', 'contato', 'contacto', 'contact'],
  number: ['number', 'numero', 'telefone', 'telefono', 'phone', 'whatsapp', 'celular', 'movil'],
  email: ['email', 'e-mail', 'mail', 'correo', 'correo electronico'],
};

const fieldLabels: Record<string, string> = { name: 'Nombre', number: 'Número', email: 'Correo electrónico' };

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what Excel writes in Brazil and Spain). */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** `;` unless the first line has commas and no semicolons. */
export function separatorOf(text: string): ';' | ',' {
  const firstLine =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((line) => line.trim() !== '') ?? '';
  return !firstLine.includes(';') && firstLine.includes(',') ? ',' : ';';
}

export function columnsOfHeader(cells: string[]): Partial<Record<Column, number>> | undefined {
  const columns: Partial<Record<Column, number>> = {};
  cells.forEach((cell, index) => {
    const folded = foldForSearch(cell);
    for (const column of Object.keys(headerNames) as Column[]) {
      if (columns[column] === undefined && headerNames[column].includes(folded)) columns[column] = index;
    }
  });
  return columns.number === undefined ? undefined : columns;
}

function invalidFile(message: string): AppError {
  return new AppError('ERR_VALIDATION', { issues: [{ path: 'file', message }] });
}

/** How both imports read CSV: the separator the text uses, trimmed cells, rows of any length. */
export function csvParseOptions(text: string) {
  return {
    delimiter: separatorOf(text),
    bom: true,
    info: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
  } as const;
}

/**
 * The rows of a CSV file, each valid one normalised, and the invalid ones with their line and
 * reason. A file that is not CSV, or holds more than 10,000 rows, is refused as a whole.
 */
export function parseContactCsv(bytes: Uint8Array): { rows: ImportRow[]; invalid: ImportIssue[] } {
  const text = decodeCsv(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, csvParseOptions(text)) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError)
      throw invalidFile(
        `CSV no válido (línea ${String((error as CsvError & { lines?: number }).lines ?? '?')})`,
      );
    throw error;
  }
  const header = records[0] ? columnsOfHeader(records[0].record) : undefined;
  const columns: Partial<Record<Column, number>> = header ?? { name: 0, number: 1, email: 2 };
  const body = (header ? records.slice(1) : records).filter(({ record }) =>
    record.some((cell) => cell !== ''),
  );
  if (body.length > contactImportLimits.maxRows)
    throw invalidFile(`El archivo tiene más de ${contactImportLimits.maxRows} filas`);

  const rows: ImportRow[] = [];
  const invalid: ImportIssue[] = [];
  for (const { record, info } of body) {
    // Our own export gave formula-like cells an apostrophe (domain/csv.ts): a round trip keeps the name.
    const cell = (column: Column) =>
      columns[column] === undefined ? '' : restoreNeutralisedFormula((record[columns[column]] ?? '').trim());
    const number = cell('number').replace(/\D/g, '');
    const name = cell('name') || number;
    const checked = contactCreateInputSchema.safeParse({ name, number, email: cell('email') });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const field = String(issue.path[0] ?? '');
      invalid.push({ line: info.lines, reason: `${fieldLabels[field] ?? field}: ${issue.message}` });
      continue;
    }
    rows.push({
      line: info.lines,
      name: checked.data.name,
      number: checked.data.number,
      email: checked.data.email,
    });
  }
  return { rows, invalid };
}

/** Rows whose number appeared on an earlier row of the same file are left out (and counted as skipped). */
export function firstOfEachNumber(rows: ImportRow[]): { unique: ImportRow[]; repeated: number } {
  const seen = new Set<string>();
  const unique = rows.filter((row) => !seen.has(row.number) && seen.add(row.number));
  return { unique, repeated: rows.length - unique.length };
}
