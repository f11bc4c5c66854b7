/**
 * Writing CSV cells that spreadsheets open safely: both exports (contacts, dashboard attendants)
 * use it. Text in them comes from strangers (a WhatsApp profile name names a contact), and a
 * spreadsheet runs a cell starting with = + - @ (or a tab / carriage return before one, which
 * some readers strip) as a formula: `=HYPERLINK(...)` leaks, DDE runs commands. Such a cell gets a
 * leading apostrophe, which spreadsheets show as text and do not display (OWASP CSV injection).
 */

/** The characters a spreadsheet reads as the start of a formula. */
const formulaStart = /^[=+\-@\t\r]/;

/** The apostrophe a formula-like cell was given, for a reader of our own exports to take off. */
const neutralisedFormula = /^'(?=[=+\-@\t\r])/;

/** A text made safe to open: formula-like text starts with an apostrophe. */
export function neutraliseFormula(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** The text a neutralised cell held before export (what an import of our own file should read). */
export function restoreNeutralisedFormula(value: string): string {
  return value.replace(neutralisedFormula, '');
}

/**
 * One `;`-separated CSV field: neutralised, then quoted when it holds the separator, a quote or a
 * line break (quotes doubled).
 */
export function csvField(value: string): string {
  const safe = neutraliseFormula(value);
  return /[;"\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
