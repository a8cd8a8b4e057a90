import { describe, expect, it } from "vitest";
import { parseSheet, PREVIEW_SHEET_ROWS, PREVIEW_TEXT_CHARS, renderDocument } from "./document-preview";

describe("document previews", () => {
  it("a sheet shows exactly 12 rows without proof and all with it", () => {
    const csv = Array.from({ length: 30 }, (_, i) => `r${i},"a, ""b""",${i}`).join("\r\n") + "\r\n";
    const preview = renderDocument({ data: Buffer.from(csv), contentType: "text/csv", full: false });
    expect(preview).toMatchObject({ kind: "sheet", totalRows: 30, truncated: true });
    if (preview.kind !== "sheet") throw new Error("kind");
    expect(preview.rows).toHaveLength(PREVIEW_SHEET_ROWS);
    expect(preview.rows[11]).toEqual(["r11", 'a, "b"', "11"]);
    const full = renderDocument({ data: Buffer.from(csv), contentType: "text/csv", full: true });
    expect(full).toMatchObject({ kind: "sheet", totalRows: 30, truncated: false });
  });

  it("a sheet of exactly 12 rows is not truncated", () => {
    const csv = Array.from({ length: 12 }, (_, i) => `x${i}`).join("\n");
    expect(renderDocument({ data: Buffer.from(csv), contentType: "text/csv", full: false })).toMatchObject({ totalRows: 12, truncated: false });
  });

  it("a text shows exactly 1,600 code points without proof", () => {
    const text = "é".repeat(PREVIEW_TEXT_CHARS - 1) + "😀" + "tail";
    const preview = renderDocument({ data: Buffer.from(text), contentType: "text/plain", full: false });
    if (preview.kind !== "text") throw new Error("kind");
    expect(Array.from(preview.text)).toHaveLength(PREVIEW_TEXT_CHARS);
    expect(preview.text.endsWith("😀")).toBe(true);
    expect(preview).toMatchObject({ totalChars: PREVIEW_TEXT_CHARS + 4, truncated: true });
  });

  it("quoted line breaks stay in their field", () => {
    expect(parseSheet('a,"b\nc"\nd,e\n')).toEqual([["a", "b\nc"], ["d", "e"]]);
  });

  it("a PDF has no text preview", () => {
    expect(renderDocument({ data: Buffer.from("%PDF-1.4"), contentType: "application/pdf", full: false })).toEqual({ kind: "binary", truncated: false });
  });
});
