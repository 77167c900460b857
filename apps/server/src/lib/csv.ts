/** UTF-8's byte-order mark: Excel reads the file as UTF-8 (Vietnamese letters) only when it starts with one. */
export const CSV_BOM = '\uFEFF';

/**
 * Where a spreadsheet may start a cell inside one of our values: at its start, and after any
 * separator it may split on (Excel in a Vietnamese locale splits on ';', others on tabs or '|', a
 * line break starts a row). A cell starting with =, +, - or @ (after spaces or quotes), a tab or a
 * CR runs as a formula there (issue 29: 'Lan;=HYPERLINK(...)' was exported as it was).
 */
const FORMULA_START = /(^|[,;\t|\r\n])(?=[\s"']*[=+\-@]|[\t\r])/g;

/**
 * One CSV line (RFC 4180, CRLF). Every place of a text value where a cell could start a formula
 * gets an apostrophe there, so "=HYPERLINK(...)" stays text, whichever separator the spreadsheet uses.
 */
export function csvRow(values: ReadonlyArray<string | number | null | undefined>): string {
  return (
    values
      .map((value) => {
        if (value == null) return '';
        let text = String(value);
        if (typeof value === 'string') text = text.replace(FORMULA_START, "$1'");
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(',') + '\r\n'
  );
}
