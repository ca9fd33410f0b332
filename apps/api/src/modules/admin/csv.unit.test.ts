import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../db/seed/csv';
import { csvCell, csvRecord } from './csv';

describe('csvCell', () => {
  it('writes plain text, numbers and empty cells as they are', () => {
    expect(csvCell('Asha Mrema')).toBe('Asha Mrema');
    expect(csvCell('Bi. Zuhura wa Ng’ambo')).toBe('Bi. Zuhura wa Ng’ambo');
    expect(csvCell(150_000)).toBe('150000');
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes cells holding a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvCell('Mrema, Asha')).toBe('"Mrema, Asha"');
    expect(csvCell('Asha "Mama" Mrema')).toBe('"Asha ""Mama"" Mrema"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each([
    [
      '=HYPERLINK("http://evil.example","click")',
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    ],
    ['+255712345678', "'+255712345678"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('makes %j text, never a formula', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves a formula character that is not first alone', () => {
    expect(csvCell('Asha=Mrema')).toBe('Asha=Mrema');
    expect(csvCell('a-b')).toBe('a-b');
  });
});

describe('csvRecord', () => {
  it('ends with CRLF and reads back to the same cells', () => {
    const cells = ['Asha, "Mama"', 'x\ny', '=1+1', 7, null];
    const line = csvRecord(cells);
    expect(line.endsWith('\r\n')).toBe(true);
    expect(parseCsv(line)).toEqual([['Asha, "Mama"', 'x\ny', "'=1+1", '7', '']]);
  });
});
