/** UTF-8's byte-order mark: Excel reads the file as UTF-8 (Vietnamese letters) only when it starts with one. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV line (RFC 4180, CRLF). A value that a spreadsheet would run as a formula (=, +, -, @, a
 * tab or CR first) gets a leading apostrophe, so a name like "=HYPERLINK(...)" stays text.
 */
export function csvRow(values: ReadonlyArray<string | number | null | undefined>): string {
  return (
    values
      .map((value) => {
        if (value == null) return '';
        let text = String(value);
        if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(',') + '\r\n'
  );
}
