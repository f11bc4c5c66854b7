/**
 * Writing CSV cells that spreadsheets open safely: both exports (contacts, dashboard attendants)
 * use it. Text in them comes from strangers (a WhatsApp profile name names a contact), and a
 * spreadsheet runs a cell starting with = + - @ (or a tab / carriage return before one, which
 * some readers strip) as a formula: `=HYPERLINK(...)` leaks, DDE runs commands. Such a cell gets a
 * leading apostrophe, which spreadsheets show as text and do not display (OWASP CSV injection).
 * Our files are `;`-separated, but a spreadsheet set to `,` or tab splits a cell at those: so a
 * field holding any separator is quoted, and a formula character after a separator gets the same
 * apostrophe, in case a reader splits it anyway (`Maria,=cmd|...` becomes `"Maria,'=cmd|..."`).
 */

/** The characters a spreadsheet reads as the start of a formula. */
const formulaStart = /^[=+\-@\t\r]/;

/** A separator some spreadsheet may split at (with the spaces after it), before a formula character; not the text's first character, which the leading rule covers. */
const formulaAfterSeparator = /(?<!^)([,;\t]\s*)(?=[=+\-@\r])/g;

/** The apostrophe a formula-like cell was given, for a reader of our own exports to take off. */
const neutralisedFormula = /^'(?=[=+\-@\t\r])/;
const neutralisedAfterSeparator = /(?<!^'?)([,;\t]\s*)'(?=[=+\-@\r])/g;

/** A text made safe to open: formula-like text, at the start or after a separator, gets an apostrophe. */
export function neutraliseFormula(value: string): string {
  const inner = value.replace(formulaAfterSeparator, "$1'");
  return formulaStart.test(inner) ? `'${inner}` : inner;
}

/** The text a neutralised cell held before export (what an import of our own file should read). */
export function restoreNeutralisedFormula(value: string): string {
  return value.replace(neutralisedFormula, '').replace(neutralisedAfterSeparator, '$1');
}

/**
 * One `;`-separated CSV field: neutralised, then quoted when it holds any separator a spreadsheet
 * may use (`;`, `,`, tab), a quote or a line break (quotes doubled).
 */
export function csvField(value: string): string {
  const safe = neutraliseFormula(value);
  return /[;,\t"\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
