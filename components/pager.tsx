import Link from "next/link";

/** Previous/next links that keep the other query parameters: paging without JavaScript. */
export function Pager({ path, params, skip, limit, hasMore, count, unit = "Rows", labels = ["← Newer", "Older →"] }: {
  path: string;
  params: Record<string, string | undefined>;
  skip: number;
  limit: number;
  hasMore: boolean;
  /** Rows on this page (the last page may hold fewer than `limit`). */
  count?: number;
  unit?: string;
  labels?: [string, string];
}) {
  const href = (s: number) => {
    const q = new URLSearchParams(Object.entries({ ...params, skip: String(s) }).filter(([, v]) => v !== undefined && v !== "") as [string, string][]);
    return `${path}?${q}`;
  };
  return (
    <nav className="pager" aria-label="Pages">
      {skip > 0 ? <Link href={href(Math.max(0, skip - limit))} rel="prev">{labels[0]}</Link> : <span />}
      <span className="muted">{count === 0 ? `No ${unit.toLowerCase()}` : `${unit} ${skip + 1}–${skip + (count ?? limit)}`}</span>
      {hasMore ? <Link href={href(skip + limit)} rel="next">{labels[1]}</Link> : <span />}
    </nav>
  );
}
