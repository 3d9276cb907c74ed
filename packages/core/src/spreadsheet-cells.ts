// A spreadsheet program runs a cell as a formula when its text starts with one of these, even after spaces
// (OWASP "CSV injection"); exported text gets a leading apostrophe so it stays text in CSV and XLSX alike.
const FORMULA_START = /^[\s]*[=+\-@\t\r]/;

/** The text as it is, or with a leading apostrophe when a spreadsheet would read it as a formula. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
