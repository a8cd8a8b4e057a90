/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. A cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or CR) is led by an apostrophe,
 * so a payer-chosen title like `=HYPERLINK(…)` stays text (OWASP "CSV injection"). Amounts are written
 * by us and never negative here, so the guard never changes a number.
 */
export function csvCell(value: string | number | bigint | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV text: CRLF line ends (RFC 4180), a header row first. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | bigint | null | undefined>>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
