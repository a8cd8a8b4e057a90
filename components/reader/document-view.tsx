import type { DocumentRender } from "@/lib/blog/document-preview";

export type DocumentViewData = { name: string; contentType: string; size: number; url: string; render: DocumentRender };

/**
 * A post's document: a sheet as a table, text as text, a binary file as its name. A preview (no
 * proof) is truncated (12 rows, 1600 characters) and says so. Renders on the server and in the browser.
 */
export function DocumentView({ doc }: { doc: DocumentViewData | null | undefined }) {
  if (!doc) return null;
  const r = doc.render;
  return (
    <section className="reader-panel sb-document" id="sb-document" data-svc-truncated={String(r.truncated)}>
      <h2>{doc.name}</h2>
      {r.kind === "sheet" && (
        <div className="sb-sheet-wrap">
          <table className="sb-sheet"><tbody>{r.rows.map((row, i) => <tr key={i}>{row.map((c, j) => <td key={j}>{c}</td>)}</tr>)}</tbody></table>
        </div>
      )}
      {r.kind === "text" && <pre className="sb-text">{r.text}</pre>}
      {r.truncated && (
        <p className="muted">Preview: {r.kind === "sheet" ? `${r.rows.length} of ${r.totalRows} rows` : `${Array.from(r.text).length} of ${r.totalChars} characters`}. Unlock to read the whole document.</p>
      )}
    </section>
  );
}
