import type { Metadata } from "next";
import { Pager } from "@/components/pager";
import { ContentCardView } from "@/components/reader/content-card";
import { env } from "@/lib/env";
import { exploreContent } from "@/lib/explore/explore-content";
import { feedAlternates, feedLinks } from "@/lib/feeds/feed-formats";
import { CONTENT_TYPES } from "@/lib/schemas/events";
import { EXPLORE_SORTS, exploreQuery } from "@/lib/schemas/explore";
import "@/components/reader/reader.css";
import { headers } from "next/headers";
import { keepPage } from "@/lib/edge/handoff";

export function generateMetadata(): Metadata {
  return {
    title: "Explore",
    description: "Paid and free content from verified creator sites, searchable by text, type and order.",
    alternates: { types: feedAlternates(`${env.HUB_ORIGIN}/explore`, "Explore: newest content") },
  };
}

const PAGE = 24;
const SORT_LABELS: Record<(typeof EXPLORE_SORTS)[number], string> = { trending: "Trending", "best-sellers": "Best sellers", "hot-new": "Hot & new" };

// GET /explore — the explore feed rendered on the server (the same query as GET /hub/explore/content)
export default async function ExplorePage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  // Public reads and the URL alone: an anonymous reader's render may be kept (lib/hub/discovery-pages.ts).
  keepPage(await headers());
  const raw = await searchParams;
  // The page pages by skip (its links keep every filter); a cursor is the API's.
  const parsed = exploreQuery.safeParse({ ...raw, cursor: undefined, limit: raw.limit ?? String(PAGE) });
  const query = parsed.success ? parsed.data : exploreQuery.parse({ limit: String(PAGE) });
  const page = await exploreContent(query);
  const hasMore = query.skip + page.content.length < page.total;
  return (
    <>
      <h1>Explore</h1>
      <p className="muted">Content from verified creator sites. Prices are in USDC; pay on the creator&apos;s page with a wallet or any x402 client. Newest first in a feed reader: <a href={feedLinks("/explore").rss} type="application/rss+xml">RSS</a> · <a href={feedLinks("/explore").atom} type="application/atom+xml">Atom</a>.</p>
      <form className="filters" method="get" action="/explore" role="search" aria-label="Explore content">
        <label>Search <input type="search" name="q" defaultValue={query.q ?? ""} placeholder="title, tag, site…" /></label>
        <label>Type{" "}
          <select name="type" defaultValue={query.type}>
            <option value="all">All types</option>
            {CONTENT_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </label>
        <label>Sort{" "}
          <select name="sort" defaultValue={query.sort}>
            {EXPLORE_SORTS.map((s) => <option key={s} value={s}>{SORT_LABELS[s]}</option>)}
          </select>
        </label>
        <button className="btn" type="submit">Apply</button>
      </form>
      <p className="muted" role="status">{page.total} {page.total === 1 ? "item" : "items"}{query.q ? ` match “${query.q}”` : ""}</p>
      {page.content.length === 0 ? (
        <p className="empty">Nothing found{query.q || query.type !== "all" ? " for these filters" : " yet"}.</p>
      ) : (
        <ul className="grid" style={{ listStyle: "none", padding: 0 }} aria-label="Content">
          {page.content.map((c) => <li key={c.id}><ContentCardView card={c} /></li>)}
        </ul>
      )}
      <Pager
        path="/explore"
        params={{ q: query.q, type: query.type === "all" ? undefined : query.type, sort: query.sort === "trending" ? undefined : query.sort, limit: query.limit === PAGE ? undefined : String(query.limit) }}
        skip={query.skip}
        limit={query.limit}
        hasMore={hasMore}
        count={page.content.length}
        unit="Items"
        labels={["← Previous", "Next →"]}
      />
    </>
  );
}
