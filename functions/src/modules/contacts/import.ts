import type { ContactImportResult } from '@atende/shared/entities/contact';
import { createContactsInBulk, takenContactNumbers } from '#data/contacts';
import { firstOfEachNumber, parseContactCsv, type ImportIssue } from '#domain/contact-import';

/** What a row that the time limit left unwritten reports (importing the file again finishes it). */
const notWrittenReason =
  'No importado: se agotó el tiempo. Importe el archivo de nuevo; los contactos ya creados se omiten.';

/**
 * POST /contacts/import: reads the CSV, leaves out numbers that repeat in the file or already
 * belong to a contact (skipped), and creates the rest with the contact creation items and guards;
 * a number taken while the import runs is skipped too. Invalid rows come back with their line.
 */
export async function importContactsCsv(
  companyId: number,
  bytes: Uint8Array,
  deadline: number,
): Promise<ContactImportResult> {
  const { rows, invalid } = parseContactCsv(bytes);
  const { unique, repeated } = firstOfEachNumber(rows);
  const taken = await takenContactNumbers(
    companyId,
    unique.map((row) => row.number),
  );
  const fresh = unique.filter((row) => !taken.has(row.number));
  const outcome = await createContactsInBulk(
    companyId,
    fresh.map((row) => ({ name: row.name, number: row.number, email: row.email })),
    { deadline },
  );
  const issues: ImportIssue[] = [
    ...invalid,
    ...outcome.notWritten.map((index) => ({ line: fresh[index]!.line, reason: notWrittenReason })),
  ];
  return {
    created: outcome.created.length,
    skipped: repeated + (unique.length - fresh.length) + outcome.taken.length,
    invalid: issues.sort((a, b) => a.line - b.line),
  };
}
