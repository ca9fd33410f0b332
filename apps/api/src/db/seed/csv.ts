export class CsvError extends Error {}

/**
 * RFC 4180 CSV: fields separated by commas, records by LF or CRLF; a quoted field may hold commas,
 * line breaks and quotes written twice (""). A final line break does not start an empty record.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // True once the current record has content (so a trailing newline does not add an empty record).
  let started = false;

  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' && field === '') {
      // Quoted field: runs to the next quote that is not doubled.
      i += 1;
      started = true;
      for (;;) {
        const next = text.indexOf('"', i);
        if (next === -1)
          throw new CsvError(`unterminated quoted field in record ${rows.length + 1}`);
        field += text.slice(i, next);
        if (text[next + 1] === '"') {
          field += '"';
          i = next + 2;
        } else {
          i = next + 1;
          break;
        }
      }
      const after = text[i];
      if (after !== undefined && after !== ',' && after !== '\n' && after !== '\r') {
        throw new CsvError(
          `unexpected character after a quoted field in record ${rows.length + 1}`,
        );
      }
      continue;
    }
    if (ch === ',') {
      row.push(field);
      field = '';
      started = true;
      i += 1;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      i += 1;
      if (started || field !== '') {
        row.push(field);
        rows.push(row);
      }
      row = [];
      field = '';
      started = false;
    } else {
      if (ch === '"')
        throw new CsvError(`stray quote inside an unquoted field in record ${rows.length + 1}`);
      // Copy the run of plain characters at once: most fields are unquoted.
      let end = i + 1;
      while (end < text.length) {
        const c = text[end];
        if (c === ',' || c === '\n' || c === '\r' || c === '"') break;
        end += 1;
      }
      field += text.slice(i, end);
      started = true;
      i = end;
    }
  }
  if (started || field !== '') {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Parses CSV with a header row into records keyed by the header, checking every record's width. */
export function parseCsvRecords<K extends string>(
  text: string,
  expectedHeader: readonly K[],
): Record<K, string>[] {
  const [header, ...body] = parseCsv(text);
  if (!header || header.join(',') !== expectedHeader.join(',')) {
    throw new CsvError(
      `expected header ${expectedHeader.join(',')}, got ${header?.join(',') ?? 'nothing'}`,
    );
  }
  return body.map((cells, index) => {
    if (cells.length !== header.length) {
      throw new CsvError(
        `record ${index + 2} has ${cells.length} fields, expected ${header.length}`,
      );
    }
    const record = {} as Record<K, string>;
    expectedHeader.forEach((key, column) => {
      record[key] = cells[column] ?? '';
    });
    return record;
  });
}
