import { describe, expect, it } from 'vitest';
import { csvRow } from './csv';

/** The cells a spreadsheet would make of a CSV line if it split on `separator`, quotes and spaces before each dropped. */
const cellsSplitOn = (line: string, separator: string) =>
  line
    .replace(/\r\n$/, '')
    .split(separator)
    .map((cell) => cell.replace(/^[\s"]+/, ''));
const FORMULA = /^[=+\-@\t\r]/;

describe('csvRow', () => {
  it('keeps text that a spreadsheet would run as a formula as text, after any separator it may split on', () => {
    const values = [
      'Lan;=HYPERLINK("http://x.example";"y")',
      '=1+1',
      'An,+cmd|/C calc',
      'Mai\t@SUM(A1)',
      'Hoa|-2+3',
      'Thu\n=evil()',
      'Bình; "=A1"',
    ];
    const line = csvRow(values);
    for (const separator of [',', ';', '\t', '|', '\n']) {
      for (const cell of cellsSplitOn(line, separator))
        expect(cell, `split on ${JSON.stringify(separator)}`).not.toMatch(FORMULA);
    }
    expect(line.startsWith(`"Lan;'=HYPERLINK(""http://x.example"";""y"")",'=1+1,`)).toBe(true);
  });

  it('leaves ordinary text, numbers and dashes inside words as they are', () => {
    expect(csvRow(['Nguyễn Thị Lan', 'Đau bụng - sốt nhẹ', 12, -3, null, '0901234567'])).toBe(
      'Nguyễn Thị Lan,Đau bụng - sốt nhẹ,12,-3,,0901234567\r\n',
    );
  });
});
