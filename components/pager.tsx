import Link from "next/link";

/** Previous/next links that keep the other query parameters: paging without JavaScript. */
export function Pager({ path, params, skip, limit, hasMore, count }: { path: string; params: Record<string, string | undefined>; skip: number; limit: number; hasMore: boolean; count?: number }) {
  const href = (s: number) => {
    const q = new URLSearchParams(Object.entries({ ...params, skip: String(s) }).filter(([, v]) => v !== undefined && v !== "") as [string, string][]);
    return `${path}?${q}`;
  };
  return (
    <nav className="pager" aria-label="Pages">
      {skip > 0 ? <Link href={href(Math.max(0, skip - limit))} rel="prev">← Newer</Link> : <span />}
      <span className="muted">{count === 0 ? "No rows" : `Rows ${skip + 1}–${skip + (count ?? limit)}`}</span>
      {hasMore ? <Link href={href(skip + limit)} rel="next">Older →</Link> : <span />}
    </nav>
  );
}
