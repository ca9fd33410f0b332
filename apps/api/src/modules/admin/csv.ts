/*
 * Writing CSV for the admin's exports (finance records). RFC 4180 records, CRLF line ends, and
 * cells that spreadsheets cannot mistake for formulas: names and references are user input, and a
 * name like =HYPERLINK(…) must open in Excel as text, not run.
 */

/** Excel reads a file without a byte order mark in the machine's code page and mangles Swahili names. */
export const CSV_BOM = '\uFEFF';

/** What Excel, LibreOffice and Google Sheets start a formula with (tab and CR too, per OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell with any of these must be quoted (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null;

/**
 * One cell. Text starting like a formula is prefixed with a single quote, which spreadsheets show
 * as text; numbers are written as they are, so amounts stay numbers. null is an empty cell.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, with its CRLF line end. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
