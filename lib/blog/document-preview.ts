/** Rows of a sheet shown without proof of payment. */
export const PREVIEW_SHEET_ROWS = 12;
/** Characters of a text document shown without proof of payment. */
export const PREVIEW_TEXT_CHARS = 1600;

const SHEET_TYPES = new Set(["text/csv", "text/tab-separated-values"]);
const TEXT_TYPES = new Set(["text/plain", "text/markdown", "application/json"]);

export type DocumentRender =
  | { kind: "sheet"; rows: string[][]; totalRows: number; truncated: boolean }
  | { kind: "text"; text: string; totalChars: number; truncated: boolean }
  | { kind: "binary"; truncated: false };

/** How a document renders: a sheet (CSV/TSV rows), text, or a binary file only downloadable. */
export function documentKind(contentType: string, fileName = ""): DocumentRender["kind"] {
  const t = contentType.toLowerCase();
  if (SHEET_TYPES.has(t) || /\.(csv|tsv)$/i.test(fileName)) return "sheet";
  if (TEXT_TYPES.has(t) || t.startsWith("text/")) return "text";
  return "binary";
}

/**
 * Renders a document, whole (`full`) or as the preview a reader sees without proof: the first 12
 * rows of a sheet, the first 1,600 characters (Unicode code points) of a text.
 */
export function renderDocument({ data, contentType, fileName, full }: { data: Buffer; contentType: string; fileName?: string; full: boolean }): DocumentRender {
  const kind = documentKind(contentType, fileName);
  if (kind === "binary") return { kind, truncated: false };
  const text = data.toString("utf8").replace(/^\uFEFF/, "");
  if (kind === "sheet") {
    const delimiter = contentType.toLowerCase() === "text/tab-separated-values" || /\.tsv$/i.test(fileName ?? "") ? "\t" : ",";
    const rows = parseSheet(text, delimiter);
    const shown = full ? rows : rows.slice(0, PREVIEW_SHEET_ROWS);
    return { kind, rows: shown, totalRows: rows.length, truncated: shown.length < rows.length };
  }
  const chars = Array.from(text);
  const shown = full ? chars : chars.slice(0, PREVIEW_TEXT_CHARS);
  return { kind, text: shown.join(""), totalChars: chars.length, truncated: shown.length < chars.length };
}

/** RFC 4180 rows: quoted fields may hold delimiters, doubled quotes and line breaks; a trailing newline ends no row. */
export function parseSheet(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = "";
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      endRow();
      i++;
    } else if (c === "\n" || c === "\r") endRow();
    else field += c;
    i++;
  }
  if (field !== "" || row.length) endRow();
  return rows;
}
