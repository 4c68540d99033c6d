/**
 * CSV (RFC 4180) for files operators open in a spreadsheet. A cell that starts like a formula
 * (= + - @, or a tab / carriage return that some spreadsheets skip before one) is prefixed with a
 * single quote: customer-typed text such as a name must never run as a formula (CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: quoted when it holds a comma, quote or line break; formula starts neutralised. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated as RFC 4180 has it. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
