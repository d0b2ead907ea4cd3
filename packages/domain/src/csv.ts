// CSV exports of the associate's console (the gifts and supporters tables, the donor register; ADR
// 061): RFC 4180 fields and CRLF line ends, a byte order mark first so that Excel reads the file as
// UTF-8 and shows Japanese, and text that a spreadsheet would run as a formula neutralised (OWASP
// "CSV Injection"). Exports reach 100,000 rows, so a file is written a line at a time: a route
// streams `csvLines` or `csvStream`; `toCsv` joins a small one.

/** What a cell may hold: text, a number written as it is, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/** The UTF-8 byte order mark, once at the very start of a file. */
export const CSV_BOM = '\uFEFF';

export const CSV_LINE_END = '\r\n';

/** The first characters by which a spreadsheet takes a cell as a formula (or hides one after them). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Characters that oblige a field to be quoted (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field. Text starting with = + - @, a tab or a carriage return gets a leading single quote, so
 * a spreadsheet shows it as text instead of running it; numbers are written plain, negative ones
 * included, because a number cannot carry a formula. A number that is not finite is a caller's bug.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`A CSV cell cannot hold ${cell}`);
    return String(cell);
  }
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, its CRLF included. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',') + CSV_LINE_END;
}

/** The start of a file: the byte order mark and the header record. */
export function csvHeader(header: readonly string[]): string {
  return CSV_BOM + csvLine(header);
}

/** A whole file, one string per record (the first carries the byte order mark). */
export function* csvLines(header: readonly string[], rows: Iterable<readonly CsvCell[]>): Generator<string> {
  yield csvHeader(header);
  for (const row of rows) yield csvLine(row);
}

/** The same from rows read a batch at a time (a database cursor): `Readable.from(csvStream(…))`. */
export async function* csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>,
): AsyncGenerator<string> {
  yield csvHeader(header);
  for await (const row of rows) yield csvLine(row);
}

/** A small file as one string. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  return [...csvLines(header, rows)].join('');
}
