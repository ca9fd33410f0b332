import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, parseCsvRecords } from './csv';

describe('parseCsv', () => {
  it('reads plain records with LF or CRLF and ignores the final line break', () => {
    expect(parseCsv('id,name\n1,Dodoma\r\n2,Arusha\n')).toEqual([
      ['id', 'name'],
      ['1', 'Dodoma'],
      ['2', 'Arusha'],
    ]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
  });

  it('reads quoted fields with doubled quotes, commas and line breaks', () => {
    expect(parseCsv('99,26,"Cheku ""A"""\n1,2,"Mji, Mpya"\n3,4,"two\nlines"\n')).toEqual([
      ['99', '26', 'Cheku "A"'],
      ['1', '2', 'Mji, Mpya'],
      ['3', '4', 'two\nlines'],
    ]);
  });

  it('keeps empty fields, quoted or not', () => {
    expect(parseCsv('a,,""\n,x,\n')).toEqual([
      ['a', '', ''],
      ['', 'x', ''],
    ]);
  });

  it("keeps apostrophes as they are (Chang'ombe)", () => {
    expect(parseCsv("1,7,Chang'ombe\n")).toEqual([['1', '7', "Chang'ombe"]]);
  });

  it('rejects malformed quoting', () => {
    expect(() => parseCsv('1,"open\n')).toThrow(CsvError);
    expect(() => parseCsv('1,"a"b\n')).toThrow(CsvError);
    expect(() => parseCsv('1,a"b\n')).toThrow(CsvError);
  });
});

describe('parseCsvRecords', () => {
  it('keys records by the header and checks widths', () => {
    expect(parseCsvRecords('id,name\n1,"Bunju ""A"""\n', ['id', 'name'])).toEqual([
      { id: '1', name: 'Bunju "A"' },
    ]);
    expect(() => parseCsvRecords('id,name\n1\n', ['id', 'name'])).toThrow(CsvError);
    expect(() => parseCsvRecords('id,title\n1,x\n', ['id', 'name'])).toThrow(CsvError);
  });
});
