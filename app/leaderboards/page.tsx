import type { Metadata } from "next";
import Link from "next/link";
import { WalletName } from "@/components/wallet-name";
import { Pager } from "@/components/pager";
import { Stars } from "@/components/stars";
import { leaderboards } from "@/lib/reputation/leaderboards";
import { leaderboardQuery } from "@/lib/schemas/ledger";
import { headers } from "next/headers";
import { keepPage } from "@/lib/edge/handoff";

export const metadata: Metadata = { title: "Leaderboards" };

const TABS = [["creators", "Creators"], ["sites", "Sites"], ["content", "Content"]] as const;

export default async function LeaderboardsPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  // Public reads and the URL alone: an anonymous reader's render may be kept (lib/hub/discovery-pages.ts).
  keepPage(await headers());
  const parsed = leaderboardQuery.safeParse(await searchParams);
  const query = parsed.success ? parsed.data : leaderboardQuery.parse({});
  const board = await leaderboards(query);
  return (
    <>
      <h1>Leaderboards</h1>
      <p className="muted">Ranked by reputation score: ratings (one per buyer), unlocks, views and revenue. <a href="/api/openapi.json">How it is computed</a>.</p>
      <nav className="tabs" aria-label="Board">
        {TABS.map(([t, label]) => (
          <Link key={t} href={`/leaderboards?type=${t}`} aria-current={query.type === t ? "page" : undefined}>{label}</Link>
        ))}
      </nav>
      {board.items.length === 0 ? (
        <p className="empty">Nothing ranked yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="responsive-table">
            <caption className="sr-only">Ranking</caption>
            <thead><tr><th scope="col">#</th><th scope="col">Name</th><th scope="col">Score</th><th scope="col">Stars</th><th scope="col">Unlocks</th><th scope="col">Views</th><th scope="col">Revenue</th></tr></thead>
            <tbody>
              {board.items.map((item) => {
                const i = item as Record<string, unknown> & { rank: number; reputationScore: number; reputationStars: number | null; ratings: number; unlocks: number; views: number; revenue: number };
                const name = i.kind === "content" ? <a href={String(i.url)}>{String(i.title)}</a> : i.kind === "site" ? `${i.name || i.domain} (${i.domain})` : <WalletName wallet={String(i.wallet)} name={(i.name as string | null) ?? null} />;
                return (
                  <tr key={`${i.rank}`}>
                    <td data-label="Rank">{i.rank}</td><td data-label="Name">{name}</td><td data-label="Score">{i.reputationScore}</td>
                    <td data-label="Stars"><Stars average={i.reputationStars} count={i.ratings} /></td>
                    <td data-label="Unlocks">{i.unlocks}</td><td data-label="Views">{i.views}</td><td data-label="Revenue">{i.revenue} USDC</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager path="/leaderboards" params={{ type: query.type, limit: String(query.limit) }} skip={query.skip} limit={query.limit} hasMore={query.skip + query.limit < board.total} count={board.items.length} />
    </>
  );
}
